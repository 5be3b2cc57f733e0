/** Access to what the build produced: the static files in dist/ and the function handler in-process. */
import { readFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import storefront from '../../netlify/functions/storefront';
import { catalogSnapshot } from '../../src/catalog/snapshot';
import { LOCALES, localePrefix } from '../../src/catalog/locales';
import { parse as parseToml } from 'smol-toml';

export const catalog = catalogSnapshot();
export const published = catalog.products.filter((p) => p.published);

/** Calls the Netlify function's default export the way the platform does. */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return storefront(new Request(`http://localhost:8888${path}`, init));
}

/** Parsed JSON of a static file, by its public path (e.g. "/en/products.json"). */
export function distJson(path: string): unknown {
  return JSON.parse(readFileSync(distFile(path), 'utf8'));
}

export function distFile(path: string): string {
  return join(process.cwd(), 'dist', path);
}

export function distExists(path: string): boolean {
  return existsSync(distFile(path)) && statSync(distFile(path)).isFile();
}

/** `[locale, prefix]` for the 12 locales: ["fr", ""], ["en", "/en"], ... */
export const localeCases = LOCALES.map((l) => [l, localePrefix(l)] as const);

/**
 * What a client gets from the deployed site, emulated: a GET without a query string is served
 * by the static file when one exists (the function has `preferStatic`), everything else by the
 * function (as netlify.toml rewrites list queries to it).
 */
export async function fetchSite(path: string, init: RequestInit = {}): Promise<{ status: number; text: string; type: string | null }> {
  const [requested, query] = path.split('?');
  const pathname = fileRewrites.get(requested) ?? requested;
  if ((init.method ?? 'GET') === 'GET' && !query) {
    for (const candidate of [pathname, `${pathname.replace(/\/$/, '')}/index.html`, `${pathname}.html`]) {
      if (distExists(candidate) && !candidate.endsWith('/')) return { status: 200, text: readFileSync(distFile(candidate), 'utf8'), type: null };
    }
  }
  const res = await call(path, init);
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

/** netlify.toml's 200 rewrites of one path to one static file (`/.well-known/ucp` → `/.well-known/ucp.json`). */
const fileRewrites = new Map(
  ((parseToml(readFileSync('netlify.toml', 'utf8')) as { redirects: Array<{ from: string; to: string; status?: number; query?: unknown }> }).redirects)
    .filter((r) => r.status === 200 && !r.query && !r.from.includes('*') && !r.from.includes(':') && distExists(r.to))
    .map((r) => [r.from, r.to]),
);
