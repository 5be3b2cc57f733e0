// docs/storefront.md "Endpoints", in every locale: static files in dist/ and the function in-process.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { WireAjaxProduct, WireProductDetail, WireProductList, WireStorefrontError } from '../src/views/wire-schemas';
import { call, catalog, distExists, distJson, distFile, localeCases, published } from './helpers/site';
import { LOCALES } from '../src/catalog/locales';
import { ITEMS } from './helpers/content';

const JSON_TYPE = 'application/json; charset=utf-8';
const collectionHandles = catalog.collections.map((c) => c.handle);

describe('static catalog files', () => {
  it.each(localeCases)('%s: /products.json is page 1 of 30, ordered by id, valid ProductList', (_locale, prefix) => {
    const body = WireProductList.parse(distJson(`${prefix}/products.json`));
    expect(body.products.map((p) => p.id)).toEqual(published.slice(0, 30).map((p) => p.id));
  });

  it.each(localeCases)('%s: every product has /products/{handle}.json with all variants and absolute image URLs', (_locale, prefix) => {
    for (const product of published) {
      const body = WireProductDetail.parse(distJson(`${prefix}/products/${product.handle}.json`));
      expect(body.product.handle).toBe(product.handle);
      expect(body.product.id).toBe(product.id);
      expect(body.product.variants.map((v) => v.id)).toEqual(product.variants.map((v) => v.id));
      expect(body.product.variants.map((v) => v.price)).toEqual(product.variants.map((v) => v.price));
      for (const image of body.product.images) expect(image.src.startsWith(`${catalog.store.base_url}/`)).toBe(true);
    }
  });

  it.each(localeCases)('%s: every collection has /collections/{handle}/products.json', (_locale, prefix) => {
    for (const handle of collectionHandles) WireProductList.parse(distJson(`${prefix}/collections/${handle}/products.json`));
  });

  it('the `all` collection lists every published product in the /products.json order', async () => {
    const res = await call('/collections/all/products.json?limit=250');
    const body = WireProductList.parse(await res.json());
    expect(body.products.map((p) => p.id)).toEqual(published.map((p) => p.id));
  });

  it('translates titles, descriptions and option names; handles and ids are identical', () => {
    const fr = distJson('/products.json') as { products: Array<{ id: number; handle: string; title: string; body_html: string; options: Array<{ name: string }> }> };
    for (const locale of LOCALES.filter((l) => l !== 'fr')) {
      const other = distJson(`/${locale}/products.json`) as typeof fr;
      expect(other.products.map((p) => [p.id, p.handle])).toEqual(fr.products.map((p) => [p.id, p.handle]));
      const sameBody = other.products.filter((p, i) => p.body_html === fr.products[i].body_html);
      expect(sameBody.map((p) => p.handle), `${locale}: descriptions copied from French`).toEqual([]);
      const sameTitle = other.products.filter((p, i) => p.title === fr.products[i].title);
      expect(sameTitle.length, `${locale}: titles identical to French: ${sameTitle.map((p) => p.title).join(', ')}`).toBeLessThanOrEqual(3);
    }
  });

  it('prices are decimal strings, compare_at_price a string or null, available on every variant', () => {
    const body = distJson('/products.json') as { products: Array<{ variants: Array<Record<string, unknown>> }> };
    for (const v of body.products.flatMap((p) => p.variants)) {
      expect(v.price).toMatch(/^\d+\.\d{2}$/);
      expect(v.compare_at_price === null || /^\d+\.\d{2}$/.test(String(v.compare_at_price))).toBe(true);
      expect(typeof v.available).toBe('boolean');
      expect(Number.isInteger(v.grams)).toBe(true);
    }
  });

  it('uses Shopify escaping (\\/ and \\u003c) in the bytes', () => {
    const text = readFileSync(distFile('/products.json'), 'utf8');
    expect(text).toContain('\\/images\\/products\\/');
    expect(text).toContain('\\u003cp\\u003e');
    expect(text).not.toMatch(/<p>/);
  });

  it('netlify.toml gives static JSON the JSON content type and open CORS', () => {
    const toml = parseToml(readFileSync('netlify.toml', 'utf8')) as { headers: Array<{ for: string; values: Record<string, string> }> };
    const rule = toml.headers.find((h) => h.for === '/*.json');
    expect(rule?.values['Content-Type']).toBe(JSON_TYPE);
    expect(rule?.values['Access-Control-Allow-Origin']).toBe('*');
  });
});

describe('function: product lists with a query string', () => {
  const list = async (path: string) => {
    const res = await call(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    return WireProductList.parse(await res.json()).products.map((p) => p.id);
  };
  const ids = published.map((p) => p.id);

  it.each(localeCases)('%s: ?limit=&page= gives the right slice', async (_l, prefix) => {
    expect(await list(`${prefix}/products.json?limit=5&page=2`)).toEqual(ids.slice(5, 10));
  });

  it('pages do not overlap and cover the catalog in order', async () => {
    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const got = await list(`/products.json?limit=7&page=${page}`);
      if (!got.length) break;
      seen.push(...got);
    }
    expect(seen).toEqual(ids);
  });

  it.each([
    ['limit=250', Math.min(250, ids.length)],
    ['limit=251', Math.min(250, ids.length)],
    ['limit=1', 1],
    ['limit=0', Math.min(30, ids.length)],
    ['limit=-4', Math.min(30, ids.length)],
    ['limit=abc', Math.min(30, ids.length)],
    ['limit=', Math.min(30, ids.length)],
    ['limit=2.5', Math.min(30, ids.length)],
    ['page=0&limit=2', 2],
    ['page=x&limit=2', 2],
  ])('%s → %i products', async (query, count) => {
    const got = await list(`/products.json?${query}`);
    expect(got).toEqual(ids.slice(0, count));
  });

  it('a page past the end is an empty list', async () => {
    expect(await list('/products.json?page=999')).toEqual([]);
    expect(await list('/de/collections/pompes/products.json?page=50&limit=250')).toEqual([]);
  });

  it('an unknown collection is 200 with an empty list, in every locale', async () => {
    for (const [, prefix] of localeCases) expect(await list(`${prefix}/collections/no-such-collection/products.json?page=1`)).toEqual([]);
  });

  it('serves the same bytes as the static file for page 1 of 30', async () => {
    for (const [, prefix] of localeCases) {
      const res = await call(`${prefix}/products.json?page=1`);
      expect(await res.text()).toBe(readFileSync(distFile(`${prefix}/products.json`), 'utf8'));
    }
  });

  it('answers the rewritten paths of netlify.toml', async () => {
    expect(await list('/api/catalog/fr/products.json?limit=3')).toEqual(ids.slice(0, 3));
    const de = await call('/api/catalog/de/products.json?limit=1');
    expect(((await de.json()) as { products: Array<{ title: string }> }).products[0].title).toBe(published[0].title.de);
  });

  it('netlify.toml routes every list query to the function', () => {
    const toml = parseToml(readFileSync('netlify.toml', 'utf8')) as { redirects: Array<{ from: string; to: string; query?: Record<string, string>; force?: boolean; status?: number }> };
    for (const from of ['/products.json', '/:locale/products.json', '/collections/:handle/products.json', '/:locale/collections/:handle/products.json']) {
      for (const param of ['page', 'limit']) {
        const rule = toml.redirects.find((r) => r.from === from && r.query?.[param]);
        expect(rule, `${from}?${param}`).toBeDefined();
        expect(rule!.status).toBe(200);
        expect(rule!.force).toBe(true);
        expect(rule!.to.startsWith('/api/catalog/')).toBe(true);
      }
    }
  });
});

describe('function: single products', () => {
  it.each(localeCases)('%s: unknown handle → 404 {} as JSON', async (_l, prefix) => {
    const res = await call(`${prefix}/products/no-such-product.json`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    expect(await res.text()).toBe('{}');
  });

  it('the CLI\'s "/index.htm" suffix does not change the answer', async () => {
    expect((await call('/products/no-such-product.json/index.htm')).status).toBe(404);
    const known = published[0].handle;
    expect((await call(`/products/${known}.json/index.htm`)).status).toBe(200);
  });

  it('a trailing slash after a JSON or .js name is the same resource (as Netlify routes it), never another answer', async () => {
    const known = published[0].handle;
    for (const path of [`/en/products/${known}.json`, '/products/no-such-product.json', '/de/collections/no-such-collection/products.json', '/xx/products.json', '/products/no-such-product.js', `/products/${known}.js`]) {
      const [plain, slashed] = [await call(path), await call(`${path}/`)];
      expect(slashed.status, path).toBe(plain.status);
      expect(slashed.headers.get('content-type'), path).toBe(JSON_TYPE);
      expect(await slashed.text(), path).toBe(await plain.text());
    }
    expect((await call('/xx/products.json/')).status).toBe(404);
    WireStorefrontError.parse(await (await call('/xx/products.json/')).json());
  });

  it.each(localeCases)('%s: known handle via the function equals the static file', async (_l, prefix) => {
    const handle = published[published.length - 1].handle;
    const res = await call(`${prefix}/products/${handle}.json`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(readFileSync(distFile(`${prefix}/products/${handle}.json`), 'utf8'));
  });

  it.each(localeCases)('%s: /products/{handle}.js is the Ajax product in cents with per-variant availability', async (locale, prefix) => {
    for (const product of published) {
      const res = await call(`${prefix}/products/${product.handle}.js`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(JSON_TYPE);
      const body = WireAjaxProduct.parse(await res.json());
      const detail = WireProductDetail.parse(distJson(`${prefix}/products/${product.handle}.json`)).product;
      expect(body.variants.map((v) => v.price)).toEqual(detail.variants.map((v) => Math.round(Number(v.price) * 100)));
      expect(body.variants.map((v) => v.available)).toEqual(detail.variants.map((v) => v.available));
      expect(body.url).toBe(`${prefix}/products/${product.handle}`);
      expect(body.title).toBe(product.title[locale] ?? product.title.fr);
    }
  });

  it('requires_shipping is false for a variant with nothing to ship and true for a parcel, in every format', async () => {
    for (const { product, variant } of [ITEMS.digital, ITEMS.stocked]) {
      const expected = variant.grams > 0;
      const detail = WireProductDetail.parse(distJson(`/products/${product.handle}.json`)).product.variants.find((v) => v.id === variant.id)!;
      const ajax = WireAjaxProduct.parse(await (await call(`/products/${product.handle}.js`)).json()).variants.find((v) => v.id === variant.id)!;
      const listed = WireProductList.parse(await (await call('/products.json?limit=250')).json()).products.find((p) => p.handle === product.handle)!.variants.find((v) => v.id === variant.id)!;
      expect([detail.requires_shipping, ajax.requires_shipping, listed.requires_shipping], product.handle).toEqual([expected, expected, expected]);
    }
    expect(ITEMS.digital.variant.grams).toBe(0);
  });

  it('unknown .js handle → 404 StorefrontError JSON', async () => {
    const res = await call('/en/products/no-such-product.js');
    expect(res.status).toBe(404);
    WireStorefrontError.parse(await res.json());
  });

  it('an unknown locale prefix is not served as French', async () => {
    const res = await call('/xx/products.json?page=1');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    WireStorefrontError.parse(await res.json());
    expect(distExists('/xx/products.json')).toBe(false);
  });

  it('other methods get 405 JSON; OPTIONS gets CORS', async () => {
    const res = await call('/products.json?page=1', { method: 'POST', body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    const pre = await call('/products.json?page=1', { method: 'OPTIONS' });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('malformed percent-encoding never becomes a 500', async () => {
    for (const path of ['/products/%E0%A4%A.json', '/collections/%ZZ/products.json?page=1', '/products/%ff.js']) {
      const res = await call(path);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    }
  });
});
