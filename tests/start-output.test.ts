// What `npm start` shows in the terminal (scripts/lib/start-output.ts, README.md "Set up"): one
// line for the build, and of the Netlify CLI's output only what a person needs. The lines below
// are the CLI's own (netlify-cli 27.10.2), as `npm start` received them.
import { describe, expect, it } from 'vitest';
import { CliOutputFilter, buildFigures, buildSummary, lineSplitter, startLogPath } from '../scripts/lib/start-output';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildBaseUrl, loadStoreContent } from '../scripts/lib/content';
import { businessProfile } from '../src/ucp/profile';
import { agentsMd } from '../src/discovery/agent-docs';

const CLI_START = [
  '⬥ Ignored general context env var: LANG (defined in process)',
  "⬥ Using simple static server because '--dir' flag was specified",
  '⬥ Running static server from "main/dist"',
  '⬥ Setting up local dev server',
  '',
  '⬥ Static server listening to 3999',
  '⬥ Edge functions are disabled. Run without the --internal-disable-edge-functions flag to enable them.',
  '',
  '   ╭─────────────────────── ⬥  ────────────────────────╮',
  '   │                                                   │',
  '   │   Local dev server ready: http://localhost:8895   │',
  '   │                                                   │',
  '   ╰───────────────────────────────────────────────────╯',
  '',
  '⬥ Loaded function sweep',
  '(node:22882) [DEP0060] DeprecationWarning: The `util._extend` API is deprecated. Please use Object.assign() instead.',
  '(Use `node --trace-deprecation ...` to show where the warning was created)',
  'Request from ::ffff:127.0.0.1: GET /.netlify/functions/sweep',
  '⬥ Reloading function storefront...',
  '⬥ Reloaded function storefront',
  'Response with status 200 in 4715 ms.',
  '⬥ Rewrote URL to /api/catalog/fr/products.json?limit=1',
  'Request from ::ffff:127.0.0.1: GET /api/catalog/fr/products.json?limit=1',
  'Response with status 200 in 651 ms.',
  // The redirects of the site's forms, as the CLI also writes them.
  'Response with status 303 in 2860 ms',
  '⬥ Response with status 303 in 12 ms.',
  '◈ Request from ::1: POST /cart/add',
];

describe('npm start output', () => {
  it('sums the build up in one line', () => {
    const lines = [
      'build-data: 85 products, 14 collections, 7 pages, 7 articles → .generated/catalog.json (0 translation warning(s); see npm run check) in 1840 ms',
      '15:06:18 [build] 1440 page(s) built in 20.70s',
      '15:06:18 [build] Complete!',
    ];
    expect(buildSummary(buildFigures(lines), 12_400)).toBe('build: 85 products, 1,440 pages in 12 s');
    expect(buildSummary(buildFigures([lines[0].replace('(0 translation', '(3 translation'), lines[1]]), 9_000)).toBe(
      'build: 85 products, 1,440 pages in 9 s; 3 missing translations (npm run check lists them)',
    );
  });

  it("keeps the CLI's notes, banner, deprecation warning and access log out of the terminal", () => {
    const filter = new CliOutputFilter();
    expect(CLI_START.filter((line) => filter.show(line))).toEqual([]);
  });

  it('shows what a function logs and its errors', () => {
    const filter = new CliOutputFilter();
    const lines = [
      'sweep: sent 1 message',
      '⬥ Function storefront has returned an error: Cannot find module \'/x/___netlify-entry-point.mjs\'',
      '⬥ Failed to load function storefront: Build failed with 1 error:',
      '✘ [ERROR] No matching export in "src/http/html/summary.ts" for import "formatTime"',
    ];
    expect(lines.filter((line) => filter.show(line))).toEqual(lines);
  });

  it('hides a crash report and keeps its error for the one line start.ts prints', () => {
    const filter = new CliOutputFilter();
    const report = [
      ' ›   Error: Netlify CLI has terminated unexpectedly.',
      '',
      'Please report this problem with reproduction steps at https://ntl.fyi/cli-error including the error details below.',
      '',
      'URIError: URI malformed',
      '    at decodeURIComponent (<anonymous>)',
      '  System:',
      '    Node: 24.21.0 - /work/main/node_modules/.bin/node',
    ];
    expect(report.filter((line) => filter.show(line))).toEqual([]);
    expect(filter.crashError).toBe('URIError: URI malformed');
    filter.reset();
    expect(filter.show('sweep: sent 1 message')).toBe(true);
  });

  it('reads whole lines from chunks cut anywhere, colour codes aside', () => {
    const lines: string[] = [];
    const split = lineSplitter((line) => lines.push(line));
    for (const chunk of ['Request from ::1: GET /a\r\nResp', 'onse with status 200 in 3 ms.\n\x1b[2m⬥ Loaded function sweep\x1b[22m\nlast']) split.push(chunk);
    split.end();
    expect(lines).toEqual(['Request from ::1: GET /a', 'Response with status 200 in 3 ms.', '\x1b[2m⬥ Loaded function sweep\x1b[22m', 'last']);
    const filter = new CliOutputFilter();
    expect(lines.map((line) => filter.show(line))).toEqual([false, false, false, true]);
  });

  it('writes its log to .netlify/start.log, or start-<port>.log on another port', () => {
    expect(startLogPath('/p', 8888)).toBe('/p/.netlify/start.log');
    expect(startLogPath('/p', 8895)).toBe('/p/.netlify/start-8895.log');
  });
});

describe('npm start builds for its own origin', () => {
  it('STORE_BASE_URL replaces content/store.yaml base_url for the build: the UCP profile, products and images name the local machine; production builds are unchanged', () => {
    const root = join(import.meta.dirname, '..');
    const local = loadStoreContent(root, { STORE_BASE_URL: 'http://localhost:8960' }).catalog;
    expect(local.store.base_url).toBe('http://localhost:8960');
    const profile = JSON.stringify(businessProfile(local.store));
    expect(profile).toContain('"endpoint":"http://localhost:8960/api/ucp/mcp"');
    expect(profile).not.toContain('poissons-et-pousses.example/api');
    expect(loadStoreContent(root, {}).catalog.store.base_url).toBe('https://poissons-et-pousses.example');
    expect(() => buildBaseUrl('https://x.example', { STORE_BASE_URL: 'http://localhost:8960/shop' })).toThrow(/expected an origin/);
    expect(() => buildBaseUrl('https://x.example', { STORE_BASE_URL: 'file:///tmp' })).toThrow(/expected an origin/);
    expect(agentsMd(local)).toContain("use this local copy's origin http://localhost:8960");
    expect(agentsMd(local)).not.toContain('poissons-et-pousses.example/api');
    expect(readFileSync(join(root, 'scripts/start.ts'), 'utf8')).toMatch(/runLogged\('npm', \['run', 'build'\], \{ STORE_BASE_URL: base \}\)/);
  });
});
