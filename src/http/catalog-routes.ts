/**
 * The function's read-only catalog routes (docs/storefront.md "Endpoints"): product lists with a
 * query string, unknown collections and product handles (static files answer the known ones)
 * and the live Ajax `.js` product. Paths arrive without their locale prefix.
 */
import type { Catalog, CatalogProduct } from '../catalog/types';
import type { Locale } from '../catalog/locales';
import { collectionProducts, findCollection, findProduct, pageOf, parsePaging, publishedProducts } from '../catalog/query';
import { viewContext } from '../views/context';
import { productList } from '../views/product-list';
import { productDetail } from '../views/product-detail';
import { productAjax } from '../views/product-ajax';
import type { SoldUnits } from '../commerce/inventory';
import { CACHE, json, storefrontError } from './responses';

/**
 * Answers a catalog path, or returns undefined when the path is not a catalog route.
 * @param path pathname without locale prefix, e.g. "/collections/pompes/products.json"
 * @param sold units sold per variant since the stock count: the live `available` of `.js` and of
 *        the lists the function serves, through the same offers (src/commerce/market.ts `productOffers`).
 *        Without it every variant counts as unsold. If it throws, `.js` answers 503 and a list
 *        shows the stock counted in content, as the static files do.
 * @returns 200 lists (an unknown collection is an empty list, docs/storefront.md "Endpoints"), 200 or
 *          404 `{}` for `.json` products, 200 or 404 StorefrontError for `.js`; 404 StorefrontError
 *          for a handle with a slash in it (an encoded `%2F`: no handle has one).
 */
export async function catalogRoute(catalog: Catalog, locale: Locale, path: string, params: URLSearchParams, sold?: SoldUnits): Promise<Response | undefined> {
  const ctx = viewContext(catalog, locale);
  if (path === '/products.json') {
    const products = pageOf(publishedProducts(catalog), parsePaging(params));
    return json(200, productList(products, ctx, await listSold(products, sold)), CACHE.live);
  }
  let m = /^\/collections\/([^/]+)\/products\.json$/.exec(path);
  if (m) {
    const handle = safeDecode(m[1]);
    if (handle.includes('/')) return notAHandle(handle);
    const collection = findCollection(catalog, handle);
    const products = collection ? pageOf(collectionProducts(catalog, collection), parsePaging(params)) : [];
    return json(200, productList(products, ctx, await listSold(products, sold)), products.length ? CACHE.live : CACHE.catalog);
  }
  m = /^\/products\/([^/]+)\.(json|js)$/.exec(path);
  if (m) {
    const handle = safeDecode(m[1]);
    if (handle.includes('/')) return notAHandle(handle);
    const product = findProduct(catalog, handle);
    if (m[2] === 'json') return product ? json(200, { product: productDetail(product, ctx) }, CACHE.catalog) : json(404, {}, CACHE.catalog);
    if (!product) return storefrontError(404, 'Not Found', `no product has the handle "${handle}"`);
    let soldByVariant: ReadonlyMap<number, number> | undefined;
    try {
      soldByVariant = sold ? await sold(product.variants.map((v) => v.id)) : undefined;
    } catch (error) {
      console.error('live stock unavailable', error);
      return storefrontError(503, 'Service Unavailable', 'live stock is temporarily unavailable; retry in a few seconds', { 'retry-after': '5' });
    }
    return json(200, productAjax(product, ctx, soldByVariant), CACHE.live);
  }
  return undefined;
}

/** Units sold of the variants of a page of products; undefined (counted stock) without a ledger or when it fails. */
async function listSold(products: readonly CatalogProduct[], sold?: SoldUnits): Promise<ReadonlyMap<number, number> | undefined> {
  if (!sold || !products.length) return undefined;
  try {
    return await sold(products.flatMap((p) => p.variants.map((v) => v.id)));
  } catch (error) {
    console.error('live stock unavailable: list shows the counted stock', error);
    return undefined;
  }
}

function notAHandle(handle: string): Response {
  return storefrontError(404, 'Not Found', `"${handle}" is not a handle: handles never contain a slash`);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
