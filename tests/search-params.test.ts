// "Parameters" and "Errors": every parameter of /search/suggest.json, its default, and
// the 422 StorefrontError naming it; JSON everywhere, unknown locale prefixes are 404.
import { describe, it, expect } from 'vitest';
import { WireStorefrontError, WireSuggestResponse } from '../src/views/wire-schemas';
import { call, localeCases } from './helpers/site';

const JSON_TYPE = 'application/json; charset=utf-8';
const suggest = (query: string, prefix = '') => call(`${prefix}/search/suggest.json?${query}`);

async function ok(query: string, prefix = '') {
  const res = await suggest(query, prefix);
  expect(res.headers.get('content-type')).toBe(JSON_TYPE);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  const body = (await res.json()) as { resources: { results: Record<string, Array<Record<string, unknown>>> } };
  WireSuggestResponse.parse(body); // validates; its output would reorder the keys
  return body.resources.results;
}

async function invalid(query: string, prefix = '') {
  const res = await suggest(query, prefix);
  expect(res.headers.get('content-type')).toBe(JSON_TYPE);
  expect(res.status).toBe(422);
  const body = WireStorefrontError.parse(await res.json());
  expect(body.status).toBe(422);
  expect(body.message).toBe('Invalid parameter error');
  return body.description!;
}

describe('q and the legacy s', () => {
  it.each([
    ['', 'no q at all'],
    ['q=', 'empty q'],
    ['q=%20%20', 'blank q'],
    ['s=', 'empty legacy s'],
    ['q=&s=', 'both empty'],
    ['resources[type]=product', 'only other parameters'],
  ])('%s (%s) → 422 "param is missing or the value is empty: q"', async (query) => {
    expect(await invalid(query)).toBe('param is missing or the value is empty: q');
  });

  it('the legacy s works like q, and q wins when both are given', async () => {
    const viaS = await ok('s=pompe&resources[type]=product');
    const viaQ = await ok('q=pompe&resources[type]=product');
    expect(viaS.products.map((p) => p.handle)).toEqual(viaQ.products.map((p) => p.handle));
    expect(viaS.products.length).toBeGreaterThan(0);
    const both = await ok('q=serre&s=pompe&resources[type]=product');
    expect(both.products[0].handle).toMatch(/serre/);
    const blankQ = await ok('q=&s=serre&resources[type]=product');
    expect(blankQ.products[0].handle).toMatch(/serre/);
  });

  it('a q longer than 200 characters is refused, naming q', async () => {
    expect(await invalid(`q=${'a'.repeat(201)}`)).toMatch(/`q`.*200/);
    await ok(`q=${'pompe '.repeat(33)}`);
  });

  it('a q of punctuation only is valid and finds nothing', async () => {
    const results = await ok('q=%3F%21%2C');
    expect(Object.values(results).flat()).toEqual([]);
  });
});

describe('resources[type]', () => {
  it('defaults to product, collection, page, article (one key each, no queries)', async () => {
    expect(Object.keys(await ok('q=pompe'))).toEqual(['products', 'collections', 'pages', 'articles']);
  });

  it.each([
    ['product', ['products']],
    ['collection', ['collections']],
    ['page', ['pages']],
    ['article', ['articles']],
    ['query', ['queries']],
    ['query,product', ['queries', 'products']],
    ['product, page ,product', ['products', 'pages']],
    ['PRODUCT', ['products']],
  ])('%s → keys %j', async (types, keys) => {
    expect(Object.keys(await ok(`q=pompe&resources[type]=${encodeURIComponent(types)}`))).toEqual(keys);
  });

  it('accepts the legacy resources[types]', async () => {
    expect(Object.keys(await ok('q=pompe&resources[types]=page'))).toEqual(['pages']);
  });

  it.each(['products', 'variant', 'product,blog', 'x'])('an unknown type (%s) → 422 naming resources[type]', async (types) => {
    expect(await invalid(`q=pompe&resources[type]=${types}`)).toMatch(/^Invalid value for `resources\[type\]`: ".+" is not one of product, collection, page, article, query$/);
  });

  it.each(['', ',', ' , '])('an empty list (%j) → 422 naming resources[type]', async (types) => {
    expect(await invalid(`q=pompe&resources[type]=${encodeURIComponent(types)}`)).toBe('param is missing or the value is empty: resources[type]');
  });
});

describe('resources[limit]', () => {
  it('defaults to 10 results in all', async () => {
    const results = await ok('q=aquaponie');
    expect(Object.values(results).flat().length).toBe(10);
  });

  it.each([1, 3, 10])('limit %i caps the results across types', async (limit) => {
    const results = await ok(`q=aquaponie&resources[limit]=${limit}`);
    expect(Object.values(results).flat().length).toBe(limit);
  });

  it.each(['0', '11', '-1', '2.5', 'abc', '', '1e1', '100000'])('limit %j → 422 naming resources[limit]', async (limit) => {
    expect(await invalid(`q=pompe&resources[limit]=${encodeURIComponent(limit)}`)).toMatch(/^Invalid value for `resources\[limit\]`: .* is not an integer from 1 to 10$/);
  });
});

describe('resources[limit_scope]', () => {
  it('all (default): the limit applies to all types together', async () => {
    const byDefault = await ok('q=pompe&resources[limit]=4');
    const all = await ok('q=pompe&resources[limit]=4&resources[limit_scope]=all');
    expect(all).toEqual(byDefault);
    expect(Object.values(all).flat().length).toBe(4);
  });

  it('each: the limit applies to each type', async () => {
    const each = await ok('q=pompe&resources[limit]=2&resources[limit_scope]=each&resources[type]=product,collection,article');
    expect(each.products.length).toBe(2);
    expect(each.collections.length).toBe(2);
    expect(each.articles.length).toBeGreaterThanOrEqual(1);
  });

  it.each(['some', '', 'every'])('%j → 422 naming resources[limit_scope]', async (scope) => {
    expect(await invalid(`q=pompe&resources[limit_scope]=${scope}`)).toMatch(/^Invalid value for `resources\[limit_scope\]`: ".*" is not one of all, each$/);
  });
});

describe('resources[options][unavailable_products]', () => {
  it.each(['show', 'hide', 'last', 'bury', 'LAST'])('%s is accepted', async (mode) => {
    await ok(`q=serre&resources[options][unavailable_products]=${mode}`);
  });

  it.each(['first', '', 'none'])('%j → 422 naming unavailable_products', async (mode) => {
    expect(await invalid(`q=serre&resources[options][unavailable_products]=${mode}`)).toMatch(/^Invalid option for `unavailable_products` parameter: ".*" is not one of show, hide, last/);
  });
});

describe('resources[options][fields]', () => {
  it('restricts the fields searched: a word only in descriptions is not found by title', async () => {
    // "déjections" (fish waste) appears in product descriptions, never in a title.
    const everywhere = await ok('q=dejections&resources[type]=product');
    expect(everywhere.products.length).toBeGreaterThan(0);
    const byTitle = await ok('q=dejections&resources[type]=product&resources[options][fields]=title');
    expect(byTitle.products).toEqual([]);
    const byBody = await ok('q=dejections&resources[type]=product&resources[options][fields]=body');
    expect(byBody.products.map((p) => p.handle)).toEqual(everywhere.products.map((p) => p.handle));
  });

  it('accepts every Shopify field name, with spaces and duplicates', async () => {
    await ok(`q=pompe&resources[options][fields]=${encodeURIComponent('author, body,product_type,tag,title,variants.barcode,variants.sku,variants.title,vendor,title')}`);
  });

  it('searches tags only when asked to', async () => {
    const byTag = await ok('q=debutant&resources[type]=product&resources[options][fields]=tag');
    expect(byTag.products.map((p) => p.handle)).toContain('kit-aquaponie-balcon');
  });

  it.each(['price', 'title,handle', '', ','])('%j → 422 naming resources[options][fields]', async (fields) => {
    expect(await invalid(`q=pompe&resources[options][fields]=${encodeURIComponent(fields)}`)).toMatch(/resources\[options\]\[fields\]/);
  });
});

describe('every locale, methods and unknown prefixes', () => {
  it.each(localeCases)('%s: answers JSON with the four default keys', async (_locale, prefix) => {
    expect(Object.keys(await ok('q=kit', prefix))).toEqual(['products', 'collections', 'pages', 'articles']);
    expect(await invalid('q=', prefix)).toBe('param is missing or the value is empty: q');
  });

  it.each(['/xx', '/fr', '/zz', '/en-gb'])('%s/search/suggest.json is a JSON 404, not French', async (prefix) => {
    const res = await suggest('q=pompe', prefix);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    WireStorefrontError.parse(await res.json());
  });

  it('HEAD is answered, POST is a JSON 405', async () => {
    expect((await call('/search/suggest.json?q=pompe', { method: 'HEAD' })).status).toBe(200);
    const post = await call('/search/suggest.json?q=pompe', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('content-type')).toBe(JSON_TYPE);
  });

  it('ignores unknown parameters (section_id, _pos...)', async () => {
    await ok('q=pompe&section_id=predictive-search&_pos=1&foo[bar]=baz');
  });
});
