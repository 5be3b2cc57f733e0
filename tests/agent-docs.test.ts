// docs/storefront.md "Discovery documents": llms.txt and agents.md, checked against the real service.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { examples, TOOL_NAMES } from '../src/discovery/agent-docs';
import { catalog, distFile, fetchSite, published } from './helpers/site';

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
    for (const line of lines.filter((l) => l.startsWith('- '))) expect(line).toMatch(/^- \[[^\]]+\]\(https?:\/\/[^)]+\)(: .+)?$/);
  });

  it('every link answers 200 on the real service', async () => {
    const links = [...llms.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) {
      expect(link.startsWith(base), link).toBe(true);
      const res = await fetchSite(concrete(link.slice(base.length)));
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
    const documented = [...new Set([...agents.matchAll(/`([a-z]+_[a-z_]+)`/g)].map((m) => m[1]).filter((n) => /^(search|lookup|get|create|update|cancel|complete)_/.test(n)))];
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
