// docs/storefront.md "Discovery documents": llms.txt and agents.md, checked against the real service.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  CHECKOUT_ID, NEW_UUID, OPTION_ID, SANDBOX_SPEC_PATH, SANDBOX_TOKENS, UPDATE_SEMANTICS, checkoutExamples, examples, TOOL_NAMES, type ToolCallExample,
} from '../src/discovery/agent-docs';
import { sandboxHandlerName } from '../src/ucp/payment-handlers';
import { UCP_VERSIONS } from '../src/ucp/version';
import { CHECKOUT_STATUSES, CheckoutCompleteRequest } from '../src/ucp/wire/checkout';
import { loadCheckout, saveCheckout } from '../src/state/checkouts';
import { newOrderId } from '../src/state/orders';
import { catalog, distFile, fetchSite, published } from './helpers/site';
import { approve, callRaw, callTool, checkoutHandler, readyCheckout, uuid } from './helpers/checkout';
import { testDb } from './helpers/db';

const llms = readFileSync(distFile('/llms.md'), 'utf8');
const agents = readFileSync(distFile('/agents.md'), 'utf8');
const base = catalog.store.base_url;

/** Replaces documented placeholders with real values. */
const concrete = (path: string) => path.replace('{handle}', published[0].handle).replace('{terms}', 'pompe');

describe('/llms.txt', () => {
  it('follows the llmstxt.org format: H1, blockquote summary, sections of links', () => {
    const lines = llms.split('\n');
    expect(lines[0]).toBe(`# ${catalog.store.name}`);
    expect(lines.find((l) => l.trim())).toMatch(/^# /);
    expect(lines.slice(1).find((l) => l.trim())).toMatch(/^> /);
    expect(llms.match(/^## .+$/gm)?.length).toBeGreaterThanOrEqual(3);
    // A list item is a link (root-relative to the serving host, or absolute) and an optional note.
    for (const line of lines.filter((l) => l.startsWith('- '))) expect(line).toMatch(/^- \[[^\]]+\]\((\/|https?:\/\/)[^)\s]*\)(: .+)?$/);
  });

  it('every link answers 200 on the real service', async () => {
    const links = [...llms.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) {
      expect(link, 'links to the store are root-relative').toMatch(/^\/[^/]/);
      const res = await fetchSite(concrete(link));
      expect(res.status, link).toBe(200);
    }
  });

  it('says what is not sold and where professional orders go', () => {
    expect(llms).toMatch(/live fish/i);
    expect(llms).toMatch(/turnkey/i);
    expect(llms).toContain(`/pages/${catalog.store.pages.contact}`);
    expect(llms).toContain(`/pages/${catalog.store.pages.business}`);
  });
});

describe('/agents.md', () => {
  it('every example answers the documented status on the real service', async () => {
    for (const ex of examples(catalog)) {
      expect(agents, ex.title).toContain(ex.path);
      const res = await fetchSite(ex.path, ex.method === 'POST' ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ex.body) } : {});
      expect(res.status, `${ex.title}: ${res.text.slice(0, 200)}`).toBe(ex.status);
      if (ex.method === 'POST') expect(JSON.parse(res.text).error, ex.title).toBeUndefined();
    }
  });

  it('every endpoint in the table exists', async () => {
    const paths = [...agents.matchAll(/^\| GET \| `([^`]+)` \|/gm)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThanOrEqual(8);
    for (const path of paths) {
      const res = await fetchSite(concrete(path.includes('suggest') ? `${path}?q=pompe` : path));
      expect(res.status, path).toBe(200);
    }
  });

  it('names exactly the tools the MCP endpoint lists', async () => {
    const res = await fetchSite('/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    const listed = (JSON.parse(res.text).result.tools as Array<{ name: string }>).map((t) => t.name).sort();
    expect([...TOOL_NAMES].sort()).toEqual(listed);
    const statuses: readonly string[] = CHECKOUT_STATUSES;
    const documented = [...new Set([...agents.matchAll(/`([a-z]+_[a-z_]+)`/g)].map((m) => m[1]).filter((n) => /^(search|lookup|get|create|update|cancel|complete)_/.test(n) && !statuses.includes(n)))];
    for (const name of documented) expect(listed, name).toContain(name);
  });

  it('states the rules an agent must follow', () => {
    for (const rule of [/tools\/list.+first/i, /context\.address_country/, /context\.currency/, /explicit approval/i, /429/, /exponential/i, /exactly as returned/i, /[Cc]ache/, /-32601/, /continue_url/]) {
      expect(agents).toMatch(rule);
    }
  });
});

describe('content types of the discovery files (netlify.toml)', () => {
  const toml = parseToml(readFileSync('netlify.toml', 'utf8')) as { headers: Array<{ for: string; values: Record<string, string> }> };
  const typeOf = (path: string) => toml.headers.find((h) => h.for === path)?.values['Content-Type'];
  it.each([
    ['/llms.txt', 'text/markdown; charset=utf-8'],
    ['/agents.md', 'text/markdown; charset=utf-8'],
    ['/*.json', 'application/json; charset=utf-8'],
  ])('%s is served as %s', (path, type) => {
    expect(typeOf(path)).toBe(type);
  });
});

describe('paying: only the buyer approves', () => {
  it('llms.txt and agents.md tell agents to hand the continue_url to the buyer, who approves with a code they never see, and to complete only at ready_for_complete', () => {
    for (const doc of [llms, agents]) {
      expect(doc).toMatch(/hand (the checkout's )?(that link|`continue_url`) to the buyer/i);
      expect(doc).toMatch(/one-time code/);
      expect(doc).toMatch(/never see/);
      expect(doc).toMatch(/`ready_for_complete`/);
    }
  });
});

describe('links on the host that serves the documents', () => {
  const hostNote = `The examples and the MCP endpoint use the production host ${base}; a local copy (\`npm start\`) answers on its own origin`;
  /** Each mention of the production host that is not a documented example: the host note, curl commands and the MCP endpoint are. */
  const stray = (doc: string) => doc.split('\n').flatMap((line) => {
    if (line.startsWith('curl ')) return [];
    const rest = line.replace(hostNote, '').replaceAll(`${base}/api/ucp/mcp`, '');
    return rest.includes(new URL(base).host) ? [line] : [];
  });

  it.each([['llms.txt', llms], ['agents.md', agents]])('%s: says once near the top that examples use the production host', (_name, doc) => {
    expect(doc.split(hostNote).length - 1).toBe(1);
    expect(doc.indexOf(hostNote)).toBeLessThan(doc.indexOf('\n## '));
  });

  it.each([['llms.txt', llms], ['agents.md', agents]])('%s: no link to the store is absolute on the production host, except the documented examples', (_name, doc) => {
    expect(stray(doc)).toEqual([]);
    const links = [...doc.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^\/[^/]/);
  });
});

describe('agents.md: payment', () => {
  const instrumentBlock = /carries one selected instrument in `checkout\.payment\.instruments`:\n```json\n(.+)\n```/.exec(agents)?.[1];

  it('shows the payment instrument of the sandbox card handler', () => {
    expect(instrumentBlock).toBeDefined();
    expect(JSON.parse(instrumentBlock!)).toEqual({
      id: expect.any(String), handler_id: 'sandbox_card', type: 'card', selected: true,
      display: { brand: expect.any(String), last_digits: expect.stringMatching(/^\d{4}$/) },
      credential: { type: 'token', token: 'success_token' },
    });
  });

  it('lists the three sandbox tokens with their outcomes', () => {
    const row = (token: string) => new RegExp(`^\\| \`${token}\` \\| (.+) \\|$`, 'm').exec(agents)?.[1];
    expect(row('success_token')).toMatch(/`completed`/);
    expect(row('fail_token')).toMatch(/declined.*`payment_failed`.*nothing charged/);
    expect(row('3ds_token')).toMatch(/`requires_escalation`.*`requires_3ds`/);
  });

  it('names the handler at each UCP version as the profiles declare it, and links its spec', async () => {
    for (const version of UCP_VERSIONS) expect(agents).toContain(`\`${sandboxHandlerName(catalog.store, version)}\` at ${version}`);
    const profile = JSON.parse((await fetchSite('/.well-known/ucp')).text);
    expect(agents).toContain(`\`${Object.keys(profile.ucp.payment_handlers)[0]}\` at ${profile.ucp.version}`);
    expect(agents).toContain(`](${SANDBOX_SPEC_PATH})`);
    expect((await fetchSite(SANDBOX_SPEC_PATH)).status).toBe(200);
  });
});

describe('agents.md: the checkout calls, run on the real service', () => {
  const db = testDb();
  const { handler } = checkoutHandler({ db });
  const calls = checkoutExamples(catalog);
  /** The documented arguments with the placeholders filled. */
  const args = (ex: ToolCallExample, values: { id?: string; option?: string; key?: string } = {}) => JSON.parse(JSON.stringify(ex.body.params.arguments)
    .replaceAll(JSON.stringify(CHECKOUT_ID), JSON.stringify(values.id ?? null))
    .replaceAll(JSON.stringify(OPTION_ID), JSON.stringify(values.option ?? null))
    .replaceAll(JSON.stringify(NEW_UUID), JSON.stringify(values.key ?? uuid())));
  const run = (ex: ToolCallExample, values?: Parameters<typeof args>[1]) => callTool(handler, ex.body.params.name, args(ex, values));

  it('every call is shown as it is run', () => {
    for (const ex of Object.values(calls)) expect(agents, ex.title).toContain(JSON.stringify(ex.body));
  });

  it('update_checkout is a full replacement, as agents.md says: the documented flow pays, and what an update leaves out is cleared', async () => {
    expect(agents).toContain(UPDATE_SEMANTICS);
    expect(UPDATE_SEMANTICS).toMatch(/^\*\*Changed: `update_checkout` is a full replacement\*\*/);
    expect(UPDATE_SEMANTICS).toMatch(/What you leave out is cleared/);
    const created = await run(calls.create);
    expect(created.line_items.length).toBe(1);
    const buyer = await run(calls.buyer, { id: created.id });
    expect(buyer.line_items).toEqual(created.line_items);
    expect(buyer.context).toEqual(created.context);
    expect(buyer.buyer).toEqual((calls.buyer.body.params.arguments.checkout as { buyer: unknown }).buyer);
    const addressed = await run(calls.address, { id: created.id });
    expect(addressed.line_items).toEqual(created.line_items);
    expect(addressed.buyer).toEqual(buyer.buyer);
    const option = addressed.fulfillment.methods[0].groups[0].options[0].id;
    const ready = await run(calls.option, { id: created.id, option });
    expect(ready.status, JSON.stringify(ready.messages)).toBe('requires_escalation');
    expect(ready.fulfillment.methods[0].destinations).toEqual(addressed.fulfillment.methods[0].destinations);
    // The buyer's update again, without fulfillment: the address and the option are cleared.
    const cleared = await run(calls.buyer, { id: created.id });
    expect(cleared.status).toBe('incomplete');
    expect(cleared.line_items).toEqual(created.line_items);
    expect(cleared.buyer).toEqual(buyer.buyer);
    expect(cleared.fulfillment.methods[0].destinations).toEqual([]);
    expect(cleared.fulfillment.methods[0].groups[0].selected_option_id).toBeNull();
    // Without line_items, an update is refused and changes nothing.
    const { line_items: _lines, ...noLines } = args(calls.option, { id: created.id, option }).checkout;
    const refused = await callRaw(handler, 'update_checkout', { id: created.id, checkout: noLines });
    expect(refused.body.error).toMatchObject({ code: -32602, data: { argument: 'checkout.line_items' } });
    const again = await run(calls.option, { id: created.id, option });
    expect(again.status, JSON.stringify(again.messages)).toBe('requires_escalation');

    await approve(handler, again);
    expect((await callTool(handler, 'get_checkout', { id: created.id })).status).toBe('ready_for_complete');
    // The same update repeated keeps the approval.
    expect((await run(calls.option, { id: created.id, option })).status).toBe('ready_for_complete');
    const paid = await run(calls.complete, { id: created.id });
    expect(paid.status, JSON.stringify(paid.messages)).toBe('completed');
    expect(paid.order.id).toEqual(expect.any(String));
  });

  it('update_checkout during complete_in_progress changes nothing and answers a recoverable error, as agents.md says', async () => {
    expect(UPDATE_SEMANTICS).toMatch(/`complete_in_progress`.*changes nothing.*recoverable `complete_in_progress` error/);
    const created = await run(calls.create);
    const record = (await loadCheckout(db, created.id))!;
    await saveCheckout(db, { ...record, state: 'completing', completion: { order_id: newOrderId(), started_at: Date.now() } }, Date.now());
    const refused = await run(calls.buyer, { id: created.id });
    expect(refused.status).toBe('complete_in_progress');
    expect(refused.buyer).toBeUndefined();
    expect(refused.messages.filter((m: { type: string }) => m.type === 'error')).toEqual([
      expect.objectContaining({ code: 'complete_in_progress', severity: 'recoverable' }),
    ]);
  });

  it('the complete_checkout call validates against the tool\'s input schema (tools/list and the zod wire schema)', async () => {
    const res = await fetchSite('/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    const tool = JSON.parse(res.text).result.tools.find((t: { name: string }) => t.name === 'complete_checkout');
    const validate = new Ajv2020({ strict: false }).compile(tool.inputSchema);
    const documented = calls.complete.body.params.arguments;
    expect(validate(documented), JSON.stringify(validate.errors)).toBe(true);
    expect(CheckoutCompleteRequest.safeParse(documented.checkout).error).toBeUndefined();
  });

  it('every documented call sends only members its tool\'s input schema lists, as a strict client requires (the card\'s display as UCP names it)', async () => {
    const res = await fetchSite('/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    const tools = new Map<string, { inputSchema: object }>(JSON.parse(res.text).result.tools.map((t: { name: string }) => [t.name, t]));
    /** The schema with `additionalProperties: false` wherever it lists properties. */
    const strict = (node: unknown): unknown => (Array.isArray(node) ? node.map(strict) : node && typeof node === 'object'
      ? { ...Object.fromEntries(Object.entries(node).map(([k, v]) => [k, strict(v)])), ...('properties' in node ? { additionalProperties: false } : {}) } : node);
    const documented = Object.values(calls).filter((c) => c.body?.params?.name);
    expect(documented.length).toBeGreaterThan(3);
    for (const call of documented) {
      const validate = new Ajv2020({ strict: false }).compile(strict(tools.get(call.body.params.name)!.inputSchema) as object);
      expect(validate(call.body.params.arguments), `${call.body.params.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const display = JSON.stringify(tools.get('create_checkout')!.inputSchema).match(/"display":\{[^]*?"properties":\{([^]*?)\}\}/)?.[1] ?? '';
    for (const member of ['brand', 'last_digits', 'expiry_month', 'expiry_year', 'description', 'card_art']) expect(display, member).toContain(`"${member}"`);
  });

  it.each(SANDBOX_TOKENS.map(([token]) => [token]))('the documented call with %s has the outcome agents.md states', async (token) => {
    // The row's status (e.g. `completed`) is the checkout's, its message codes (e.g. `payment_failed`) are in the answer.
    const row = new RegExp(`^\\| \`${token}\` \\| (.+) \\|$`, 'm').exec(agents)![1];
    const named = [...row.matchAll(/`([a-z0-9_]+)`/g)].map((m) => m[1]).filter((w) => w !== 'continue_url' && w !== 'order');
    const statuses: readonly string[] = CHECKOUT_STATUSES;
    expect(named.filter((w) => statuses.includes(w)).length, row).toBeLessThanOrEqual(1);
    const ready = await readyCheckout(handler);
    await approve(handler, ready);
    const call = { ...calls.complete, body: JSON.parse(JSON.stringify(calls.complete.body).replace('"success_token"', JSON.stringify(token))) };
    const result = await run(call, { id: ready.id });
    const codes = (result.messages ?? []).map((m: { code: string }) => m.code);
    for (const word of named) {
      if (statuses.includes(word)) expect(result.status, row).toBe(word);
      else expect(codes, row).toContain(word);
    }
    expect(result.status === 'completed', JSON.stringify(result.messages)).toBe(token === 'success_token');
  });
});
