/**
 * The function's read-only catalog routes (docs/spec.md "A. Catalog"): product lists with a
 * query string, unknown product handles (static files answer the known ones) and the live
 * Ajax `.js` product. Paths arrive without their locale prefix.
 */
import type { Catalog } from '../catalog/types';
import type { Locale } from '../catalog/locales';
import { collectionProducts, findCollection, findProduct, pageOf, parsePaging, publishedProducts } from '../catalog/query';
import { viewContext } from '../catalog/views/context';
import { productList } from '../catalog/views/product-list';
import { productDetail } from '../catalog/views/product-detail';
import { productAjax } from '../catalog/views/product-ajax';
import { CACHE, json, storefrontError } from './responses';

/**
 * Answers a catalog path, or returns undefined when the path is not a catalog route.
 * @param path pathname without locale prefix, e.g. "/collections/pompes/products.json"
 * @param sold units sold per variant since the stock count (live stock of `.js`); without it
 *        every variant counts as unsold. If it throws, `.js` answers 503.
 */
export async function catalogRoute(catalog: Catalog, locale: Locale, path: string, params: URLSearchParams, sold?: (variantIds: readonly number[]) => Promise<ReadonlyMap<number, number>>): Promise<Response | undefined> {
  const ctx = viewContext(catalog, locale);
  if (path === '/products.json') {
    return json(200, productList(pageOf(publishedProducts(catalog), parsePaging(params)), ctx), CACHE.catalog);
  }
  let m = /^\/collections\/([^/]+)\/products\.json$/.exec(path);
  if (m) {
    const collection = findCollection(catalog, safeDecode(m[1]));
    const products = collection ? pageOf(collectionProducts(catalog, collection), parsePaging(params)) : [];
    return json(200, productList(products, ctx), CACHE.catalog);
  }
  m = /^\/products\/([^/]+)\.(json|js)$/.exec(path);
  if (m) {
    const product = findProduct(catalog, safeDecode(m[1]));
    if (m[2] === 'json') return product ? json(200, { product: productDetail(product, ctx) }, CACHE.catalog) : json(404, {}, CACHE.catalog);
    if (!product) return storefrontError(404, 'Not Found', `no product has the handle "${safeDecode(m[1])}"`);
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

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
