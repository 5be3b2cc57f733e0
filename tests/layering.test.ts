// The layers of README "Architecture": each folder of src/ imports only the layers below it, and
// the function's storefront paths (catalog lists, `.js`, search) load no UCP code.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = process.cwd();
const SRC = join(ROOT, 'src');

/**
 * Folders of src/ and the only other folders of src/ they may import (their own always allowed),
 * type imports included. catalog and commerce do not import each other both ways: commerce
 * builds on the content model, catalog never imports commerce; the views that combine them sit
 * above both. `state` keeps the store's own records (src/commerce/records.ts), never a
 * protocol's. `checkout` is the application core of a purchase: it knows no protocol, no HTTP
 * and no Astro; `ucp` is the protocol adapter over it, and nothing below imports `ucp`.
 */
const ALLOWED: Record<string, readonly string[]> = {
  validation: [],
  net: [],
  catalog: ['validation'],
  commerce: ['catalog'],
  views: ['catalog', 'commerce'],
  i18n: ['catalog', 'views'],
  search: ['catalog', 'commerce', 'views'],
  state: ['catalog', 'commerce'],
  mail: ['catalog', 'commerce', 'views', 'state', 'i18n', 'documents'],
  outbox: ['catalog', 'state', 'mail'],
  documents: ['catalog', 'commerce', 'views', 'i18n', 'state'],
  accounts: ['validation', 'net', 'catalog', 'commerce', 'views', 'i18n', 'state', 'mail', 'outbox', 'documents'],
  checkout: ['validation', 'net', 'catalog', 'commerce', 'views', 'i18n', 'state', 'mail', 'outbox', 'documents', 'accounts'],
  ucp: ['validation', 'net', 'catalog', 'commerce', 'views', 'search', 'state', 'mail', 'outbox', 'accounts', 'checkout'],
  merchant: ['catalog', 'commerce', 'views', 'i18n', 'state', 'mail', 'outbox', 'accounts', 'checkout', 'documents'],
};

/** The outer layer: HTTP, the discovery documents and the Astro site, which may import any layer above. */
const OUTER = ['http', 'discovery', 'pages', 'components', 'layouts', 'storefront', 'scripts', 'styles'];

/** Folders the protocol adapter never reaches into: the outer layer, the people's texts (i18n) and the merchant's tools. */
const ABOVE_UCP = [...OUTER, 'i18n', 'merchant'];

interface Import {
  /** Resolved path of the imported module, relative to the project root. */
  target: string;
  /** `import type` (or only `type` specifiers): erased at runtime. */
  typeOnly: boolean;
  /** `import('…')`: loaded on first use, not at module load. */
  dynamic: boolean;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|astro|mjs)$/.test(name) ? [path] : [];
  });
}

/** The module a relative specifier names: the file itself, or with .ts, or its index.ts. */
function resolveModule(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const found = [base, `${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p) && statSync(p).isFile());
  return relative(ROOT, found ?? base);
}

const cache = new Map<string, Import[]>();
/** The relative imports of a source file (Astro files: their front matter and scripts). */
function importsOf(file: string): Import[] {
  let found = cache.get(file);
  if (!found) {
    const text = readFileSync(file, 'utf8');
    found = [...text.matchAll(IMPORT)].map((m) => {
      const specifier = m[3] ?? m[4] ?? m[5];
      const names = m[2] ?? '';
      const onlyTypes = /^\{\s*(type\s+[\w$]+(\s+as\s+[\w$]+)?\s*,?\s*)+\}$/.test(names.trim());
      return { target: resolveModule(file, specifier), typeOnly: !!m[1] || onlyTypes, dynamic: m[4] !== undefined };
    });
    cache.set(file, found);
  }
  return found;
}

/** Top-level folder of src/ a project path belongs to, or undefined outside src/. */
const layerOf = (path: string) => (path.startsWith('src/') ? path.split('/')[1] : undefined);

/** Every module loaded when `entry` is loaded: static runtime imports, transitively. */
function runtimeClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path) || !/\.(ts|mjs)$/.test(path)) return;
    seen.add(path);
    for (const i of importsOf(join(ROOT, path))) if (!i.typeOnly && !i.dynamic) visit(i.target);
  };
  visit(entry);
  return seen;
}

describe('layers (README "Architecture")', () => {
  const files = sourceFiles(SRC).map((f) => relative(ROOT, f));

  it('finds the imports it checks', () => {
    expect(importsOf(join(ROOT, 'src/views/product-list.ts')).map((i) => i.target)).toContain('src/commerce/market.ts');
    expect(importsOf(join(ROOT, 'src/http/router.ts')).find((i) => i.target === 'src/ucp/service.ts')?.typeOnly).toBe(true);
    expect(importsOf(join(ROOT, 'src/http/router.ts')).find((i) => i.target === 'src/http/mcp-route.ts')?.dynamic).toBe(true);
  });

  it.each(Object.entries(ALLOWED))('src/%s imports only the layers below it', (layer, allowed) => {
    const wrong = files
      .filter((f) => layerOf(f) === layer)
      .flatMap((f) => importsOf(join(ROOT, f)).filter((i) => {
        const target = layerOf(i.target);
        return target !== undefined && target !== layer && !allowed.includes(target);
      }).map((i) => `${f} → ${i.target}`));
    expect(wrong, `allowed: ${[layer, ...allowed].join(', ')}`).toEqual([]);
  });

  it('every folder of src/ has a rule', () => {
    const folders = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory());
    expect(folders.filter((f) => !(f in ALLOWED) && !OUTER.includes(f))).toEqual([]);
  });

  it('the UCP adapter does not reach into HTTP, the discovery documents, the Astro site, i18n or the merchant\'s tools', () => {
    const wrong = files
      .filter((f) => layerOf(f) === 'ucp')
      .flatMap((f) => importsOf(join(ROOT, f)).filter((i) => ABOVE_UCP.includes(layerOf(i.target) ?? '')).map((i) => `${f} → ${i.target}`));
    expect(wrong).toEqual([]);
  });

  it('the REST binding only maps: src/ucp/rest and its HTTP route reach the tools through the service, never the core or storage (one code path with MCP)', () => {
    const binding = files.filter((f) => f.startsWith('src/ucp/rest/') || f.startsWith('src/http/rest-'));
    expect(binding.length).toBeGreaterThanOrEqual(3);
    const wrong = binding.flatMap((f) => importsOf(join(ROOT, f)).filter((i) => ['checkout', 'commerce', 'state', 'catalog'].includes(layerOf(i.target) ?? '') || i.target.startsWith('src/ucp/tools/') && !i.target.endsWith('registry.ts')).map((i) => `${f} → ${i.target}`));
    expect(wrong).toEqual([]);
    expect(importsOf(join(ROOT, 'src/http/router.ts')).find((i) => i.target === 'src/http/rest-route.ts')?.dynamic).toBe(true);
  });

  it('the buyer\'s pages and the merchant\'s command line use the core, never the protocol adapter', () => {
    const people = files.filter((f) => f.startsWith('src/http/buyer-pages') || f.startsWith('src/http/html/') || layerOf(f) === 'merchant' || f === 'scripts/orders.ts');
    expect(people.length).toBeGreaterThan(5);
    const wrong = people.flatMap((f) => importsOf(join(ROOT, f)).filter((i) => layerOf(i.target) === 'ucp').map((i) => `${f} → ${i.target}`));
    expect(wrong).toEqual([]);
    expect(importsOf(join(ROOT, 'src/http/buyer-pages.ts')).map((i) => i.target)).toContain('src/checkout/approval.ts');
  });

  it('the function loads no UCP code for the storefront paths (lists, .js with live stock, search): only the MCP endpoint and the buyer pages load it, on first use', () => {
    const loaded = [...runtimeClosure('netlify/functions/storefront.ts')];
    expect(loaded).toContain('src/http/catalog-routes.ts');
    expect(loaded).toContain('src/commerce/inventory.ts');
    expect(loaded.filter((p) => layerOf(p) === 'ucp')).toEqual([]);
  });
});
