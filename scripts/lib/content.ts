/**
 * The content as the build and `npm run check` validate it: the content schemas and identity rules
 * (src/catalog/load.ts) plus the pricing rules of src/commerce/market.ts, reported together.
 */
import { ContentError, loadContent } from '../../src/catalog/load';
import { pricingProblems } from '../../src/commerce/market';

/**
 * The site's base URL for this build: `STORE_BASE_URL` when set (`npm start` sets its local
 * origin, so that the discovery documents, the UCP profiles and the URLs of products and images
 * name the machine an agent reached), else content/store.yaml `base_url`.
 * @throws ContentError when `STORE_BASE_URL` is not an http(s) origin
 */
export function buildBaseUrl(configured: string, env: Record<string, string | undefined> = process.env): string {
  const local = env.STORE_BASE_URL;
  if (!local) return configured;
  let url: URL | undefined;
  try {
    url = new URL(local);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== local.replace(/\/$/, '')) throw new ContentError([`STORE_BASE_URL "${local}": expected an origin such as http://localhost:8888 (no path)`]);
  return url.origin;
}

/**
 * Loads and validates `content/` under `root`, with the build's base URL (`buildBaseUrl`).
 * @throws ContentError listing every error (file: field path: problem)
 */
export function loadStoreContent(root: string, env: Record<string, string | undefined> = process.env): ReturnType<typeof loadContent> {
  const loaded = loadContent(root, { productChecks: [pricingProblems] });
  const base_url = buildBaseUrl(loaded.catalog.store.base_url, env);
  return base_url === loaded.catalog.store.base_url ? loaded : { ...loaded, catalog: { ...loaded.catalog, store: { ...loaded.catalog.store, base_url } } };
}
