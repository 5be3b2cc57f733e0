// The SQL a whole purchase costs: tools/list, search, cart, checkout, two updates, the approval
// page, the code asked for and typed, complete_checkout and get_order, over MCP and over the REST
// binding, on a real PostgreSQL database, with every statement counted (BEGIN and COMMIT
// included) through a statement-logging wrapper of the pool, the delivery of the messages after
// the responses included. Fewer round trips keep a purchase fast on a loaded database; the
// budget is 32 statements per flow and at most one transaction per call, and a regression
// fails here. (Typing the code costs 3 statements, the read, the guess compared, counted and
// used on the code's row, and the approval written on the checkout, so that the lock-out holds
// under concurrent guesses: src/state/approval-codes.ts `guessApprovalCode`. The confirmation
// e-mail reads the order's invoice to attach it: src/mail/attachments.ts. The invoice itself is
// issued inside the statement that makes the order paid, at no extra round trip.) Set SQL_BUDGET_LOG=1 to print the statements of each step.
import { describe, expect, it } from 'vitest';
import { createHandler } from '../src/http/router';
import { createUcpService } from '../src/ucp/service';
import { REST_OPERATIONS } from '../src/ucp/rest/binding';
import { ADDRESS, buyerEmail, catalog, payment, shipTo, stateOf, uuid } from './helpers/checkout';
import { findVariant } from './helpers/content';
import { testDb } from './helpers/db';
import { FaultyDb, type Statement } from './helpers/faulty-db';
import { codeIn, mailbox, testMailer } from './helpers/mail';

/** What the flow buys, as bench/checkout.ts does: a parcel without counted stock, shipped everywhere. */
const PARCEL = findVariant((p, v) => !p.freight && p.ships_to === null && v.inventory === null && v.grams > 0 && v.grams < 10_000, 'an untracked parcel shipped everywhere');

/** Statements of one whole flow, at most. */
const FLOW_BUDGET = 32;
const ORIGIN = 'http://localhost:8888';

/** What one step sent: in its request, and in the delivery of what it queued, after its response. */
interface StepSql {
  request: Statement[];
  after: Statement[];
}

const isBegin = (st: Statement) => /^BEGIN\b/i.test(st.sql);

/**
 * A handler on a counted database: each call returns its response once the work it left for
 * after the response is done, and `steps` holds the statements of each named call.
 */
function countedStore() {
  const db = new FaultyDb(testDb());
  const ucp = createUcpService({ catalog, db, allowInsecureProfiles: true, useRequestOrigin: true, mailer: testMailer() });
  const handle = createHandler({ catalog, ucp });
  const steps = new Map<string, StepSql>();
  /** Sends `request` as step `name`, recording its statements when `name` is given. */
  const call = async (request: Request, name?: string): Promise<Response> => {
    const from = db.log.length;
    const after: Promise<unknown>[] = [];
    const response = await handle(request, { waitUntil: (work) => after.push(work) });
    const answered = db.log.length;
    await Promise.all(after);
    if (name) steps.set(name, { request: db.log.slice(from, answered), after: db.log.slice(answered) });
    return response;
  };
  return { db, call, steps };
}

type Call = ReturnType<typeof countedStore>['call'];
/** A tool call over one transport; returns the UCP payload. */
type Tool = (call: Call, step: string, name: string, args: { meta?: Record<string, string>; id?: string; [payload: string]: unknown }) => Promise<any>;

let rpcId = 1;
const mcp: Tool = async (call, step, name, args) => {
  const res = await call(new Request(`${ORIGIN}/api/ucp/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method: 'tools/call', params: { name, arguments: args } }) }), step);
  const body = await res.json();
  expect(body.error, `${name}: ${JSON.stringify(body.error)}`).toBeUndefined();
  return body.result.structuredContent;
};

const rest: Tool = async (call, step, name, args) => {
  const operation = REST_OPERATIONS.find((o) => o.tool === name)!;
  const { meta, id, ...payload } = args;
  const body = Object.values(payload)[0];
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(meta?.['idempotency-key'] ? { 'idempotency-key': meta['idempotency-key'] } : {}) };
  const res = await call(new Request(`${ORIGIN}/api/ucp${operation.path.replace('{id}', encodeURIComponent(id ?? ''))}`, { method: operation.method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }), step);
  const answer = await res.json();
  expect([200, 201], `${name}: ${JSON.stringify(answer)}`).toContain(res.status);
  return answer;
};

/** One purchase from search to order, the cart with discount `codes` when given; every request is a step named when `counted`. @returns the order */
async function purchase(call: Call, tool: Tool, transport: 'mcp' | 'rest', counted: boolean, codes?: string[]) {
  const as = (step: string) => (counted ? step : undefined) as string;
  const variant = PARCEL.variant;
  const email = buyerEmail();
  if (transport === 'mcp') {
    const listed = await call(new Request(`${ORIGIN}/api/ucp/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method: 'tools/list' }) }), as('tools_list'));
    expect((await listed.json()).result.tools.length).toBeGreaterThan(0);
  }
  await tool(call, as('search_catalog'), 'search_catalog', { catalog: { query: 'pompe', context: { address_country: 'FR', currency: 'EUR' } } });
  const cart = await tool(call, as('create_cart'), 'create_cart', { cart: { line_items: [{ item: { id: String(variant.id) }, quantity: 1 }], context: { address_country: 'FR', language: 'fr' }, ...(codes ? { discounts: { codes } } : {}) } });
  const checkout = await tool(call, as('create_checkout'), 'create_checkout', { checkout: { cart_id: cart.id } });
  // Each update sends the whole checkout (UCP: a full replacement), its codes included.
  const discounts = codes ? { discounts: { codes } } : {};
  const addressed = await tool(call, as('update_address'), 'update_checkout', { id: checkout.id, checkout: { ...stateOf(checkout), ...discounts, buyer: { email }, fulfillment: shipTo(ADDRESS.FR) } });
  const ready = await tool(call, as('update_option'), 'update_checkout', { id: checkout.id, checkout: { ...stateOf(addressed), ...discounts, fulfillment: shipTo(ADDRESS.FR, 'colissimo') } });
  expect(ready.status, JSON.stringify(ready.messages)).toBe('requires_escalation');

  const url = new URL(ready.continue_url);
  const page = await (await call(new Request(ready.continue_url), as('approval_page'))).text();
  const terms = /name="terms" value="([^"]+)"/.exec(page)![1];
  const s = url.searchParams.get('s')!;
  const form = (fields: Record<string, string>) => new Request(`${url.origin}${url.pathname}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin }, body: new URLSearchParams({ s, terms, ...fields }).toString() });
  const box = await mailbox();
  const before = box.messages.length;
  expect((await call(form({ action: 'send' }), as('send_code'))).status).toBe(303);
  const code = codeIn(await box.next(email, before));
  expect((await call(form({ action: 'confirm', code }), as('confirm_code'))).status).toBe(303);

  const done = await tool(call, as('complete_checkout'), 'complete_checkout', { id: checkout.id, meta: { 'idempotency-key': uuid() }, checkout: { payment: payment() } });
  expect(done.status).toBe('completed');
  const order = await tool(call, as('get_order'), 'get_order', { id: done.order.id });
  expect(order.id).toBe(done.order.id);
  return { checkout: done, order };
}

/** Statements of every counted step. */
const statementsOf = (steps: Map<string, StepSql>) => [...steps.values()].flatMap((s) => [...s.request, ...s.after]);

/** Calls that change state: each may open one transaction at most. */
const MUTATING = ['create_cart', 'create_checkout', 'update_address', 'update_option', 'send_code', 'confirm_code', 'complete_checkout'];

describe.each([['mcp', mcp], ['rest', rest]] as const)('SQL of one purchase over %s', (transport, tool) => {
  it(`costs at most ${FLOW_BUDGET} statements, and each call at most one transaction`, async () => {
    const { call, steps } = countedStore();
    // The first purchase warms what an instance keeps (keys, caches); the second is counted.
    await purchase(call, tool, transport, false);
    await purchase(call, tool, transport, true);

    const all = statementsOf(steps);
    const table = Object.fromEntries([...steps].map(([name, s]) => [name, `${s.request.length}+${s.after.length} statements, ${s.request.filter(isBegin).length}+${s.after.filter(isBegin).length} transactions`]));
    if (process.env.SQL_BUDGET_LOG) {
      for (const [name, s] of steps) for (const st of [...s.request, ...s.after.map((a) => ({ ...a, sql: `(after) ${a.sql}` }))]) console.log(`${transport} ${name}: ${st.sql.slice(0, 240)}`);
    }
    console.log(`${transport}: ${all.length} statements, ${all.filter(isBegin).length} transactions`, table);

    expect([...steps.keys()]).toEqual([...(transport === 'mcp' ? ['tools_list'] : []), 'search_catalog', ...MUTATING.slice(0, 4), 'approval_page', ...MUTATING.slice(4), 'get_order']);
    for (const name of MUTATING) {
      const s = steps.get(name)!;
      expect(s.request.filter(isBegin).length, `${name}: transactions of the call`).toBeLessThanOrEqual(1);
      expect(s.after.filter(isBegin).length, `${name}: transactions of the delivery after it`).toBeLessThanOrEqual(1);
    }
    for (const name of ['tools_list', 'search_catalog', 'approval_page', 'get_order']) {
      expect(steps.get(name)?.request.filter(isBegin) ?? [], `${name} reads without a transaction`).toEqual([]);
    }
    expect(all.length, JSON.stringify(table, null, 1)).toBeLessThanOrEqual(FLOW_BUDGET);
  });
});

// Issue 38: a checkout with a code costs at most one statement more than one without (the uses
// taken with the order). The uses of limited offers are read with the checkout's row
// (src/state/checkouts.ts `loadVersionedCheckout` `discounts`), not by each pricing.
describe.each([['mcp', mcp], ['rest', rest]] as const)('SQL of one purchase with a discount code over %s', (transport, tool) => {
  it('costs at most one statement more than the same purchase without', async () => {
    const plain = countedStore();
    await purchase(plain.call, tool, transport, false);
    await purchase(plain.call, tool, transport, true);
    const coded = countedStore();
    await purchase(coded.call, tool, transport, false, ['bienvenue10']);
    const { checkout } = await purchase(coded.call, tool, transport, true, ['bienvenue10']);
    expect(checkout.discounts.applied.map((d: { code?: string }) => d.code), 'the code applied to the order').toEqual(['BIENVENUE10']);
    const without = statementsOf(plain.steps).length;
    const withCode = statementsOf(coded.steps);
    if (process.env.SQL_BUDGET_LOG) for (const st of withCode) console.log(`${transport} with a code: ${st.sql.slice(0, 240)}`);
    console.log(`${transport}: ${without} statements without a code, ${withCode.length} with one`);
    expect(withCode.length).toBeLessThanOrEqual(without + 1);
  });
});
