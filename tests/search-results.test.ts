// docs/search.md "Request and response": the result objects of every type (Shopify's Ajax API predictive search reference), prices and
// availability equal to the catalog endpoints', locale-prefixed URLs, unavailable products.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { WireAjaxProduct, WireSuggestResponse } from '../src/views/wire-schemas';
import { createHandler } from '../src/http/router';
import { createUcpService } from '../src/ucp/service';
import { testDb } from './helpers/db';
import { LOCALES, localePrefix, type Locale } from '../src/catalog/locales';
import { localize } from '../src/catalog/localize';
import { toDecimal } from '../src/commerce/money';
import { call, catalog, localeCases, published } from './helpers/site';

type Result = Record<string, unknown>;

// The function reads live stock (units sold) for `.js` products from its database (NETLIFY_DB_URL,
// read on the first query); search suggestions never read it.
const savedDbUrl = process.env.NETLIFY_DB_URL;
beforeAll(async () => {
  process.env.NETLIFY_DB_URL = await testDb().url();
});
afterAll(() => {
  if (savedDbUrl === undefined) delete process.env.NETLIFY_DB_URL;
  else process.env.NETLIFY_DB_URL = savedDbUrl;
});

async function results(query: string, prefix = ''): Promise<Record<string, Result[]>> {
  const res = await call(`${prefix}/search/suggest.json?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as { resources: { results: Record<string, Result[]> } };
  WireSuggestResponse.parse(body);
  return body.resources.results;
}

const tracking = (prefix: string, path: string, q: string, pos: number) =>
  `${prefix}${path}?${new URLSearchParams({ _pos: String(pos), _psq: q, _ss: 'e', _v: '1.0' })}`;

describe('product results', () => {
  it('carry the fields of Shopify\'s predictive search, in its key order', async () => {
    const [product] = (await results('q=kit%20aquaponie%20balcon&resources[type]=product')).products;
    expect(Object.keys(product)).toEqual([
      'id', 'title', 'handle', 'url', 'price', 'price_min', 'price_max', 'compare_at_price_min', 'compare_at_price_max',
      'available', 'vendor', 'type', 'tags', 'image', 'variants', 'featured_image', 'body', 'stock_status', 'price_compare_at',
    ]);
    expect(product).toMatchObject({
      handle: 'kit-aquaponie-balcon', title: 'Kit aquaponie balcon', url: tracking('', '/products/kit-aquaponie-balcon', 'kit aquaponie balcon', 1),
      variants: [], vendor: 'Poissons & Pousses', type: 'Kit aquaponique',
    });
    expect(product.image).toMatch(new RegExp(`^${catalog.store.base_url}/.+\\.(svg|png|jpe?g|webp|avif)$`));
    expect(Object.keys(product.featured_image as object)).toEqual(['alt', 'aspect_ratio', 'height', 'url', 'width']);
    expect(product.body).not.toMatch(/[<>]/);
    expect((product.body as string).length).toBeLessThanOrEqual(201);
  });

  it('compare_at_price_min/max are "0.00" without a compare-at price', async () => {
    const withoutCompare = published.find((p) => p.variants.every((v) => !v.compare_at_price))!;
    const found = (await results(`q=${encodeURIComponent(withoutCompare.title.fr)}&resources[type]=product`)).products.find((p) => p.handle === withoutCompare.handle)!;
    expect(found).toMatchObject({ compare_at_price_min: '0.00', compare_at_price_max: '0.00' });
  });

  // Every product, found by its own title in every locale, has the .js endpoint's prices and availability.
  it.each(LOCALES)('%s: every product is found by its title, with the prices and availability of /products/{handle}.js', async (locale) => {
    const prefix = localePrefix(locale);
    for (const product of published) {
      const title = localize(product.title, locale as Locale);
      const list = (await results(`q=${encodeURIComponent(title)}&resources[type]=product&resources[options][unavailable_products]=show`, prefix)).products;
      const at = list.findIndex((p) => p.handle === product.handle);
      expect(at, `${locale} "${title}" → ${list.map((p) => p.handle).join(', ')}`).toBeGreaterThanOrEqual(0);
      const hit = list[at];
      const ajax = WireAjaxProduct.parse(await (await call(`${prefix}/products/${product.handle}.js`)).json());
      expect(hit).toMatchObject({
        id: product.id, title, url: tracking(prefix, `/products/${product.handle}`, title, at + 1),
        price: toDecimal(ajax.price), price_min: toDecimal(ajax.price_min), price_max: toDecimal(ajax.price_max),
        compare_at_price_min: toDecimal(ajax.compare_at_price_min), compare_at_price_max: toDecimal(ajax.compare_at_price_max),
        available: ajax.available, type: ajax.type, tags: ajax.tags,
      });
    }
  });
});

describe('collections, pages, articles and query suggestions', () => {
  it.each(localeCases)('%s: collection results link to the localized collection', async (locale, prefix) => {
    const collection = catalog.collections.find((c) => c.handle === 'pompes')!;
    const title = localize(collection.title, locale);
    const hit = (await results(`q=${encodeURIComponent(title)}&resources[type]=collection`, prefix)).collections.find((c) => c.handle === 'pompes')!;
    expect(Object.keys(hit)).toEqual(['id', 'title', 'handle', 'url', 'body', 'published_at', 'featured_image']);
    expect(hit).toMatchObject({ id: collection.id, title, published_at: collection.published_at });
    expect(hit.url).toMatch(new RegExp(`^${prefix}/collections/pompes\\?_pos=\\d+&`));
    expect(hit.body).toBe(collection.body ? localize(collection.body, locale) : '');
  });

  it.each(localeCases)('%s: the live-fish and turnkey-farm page is a page result with its localized title', async (locale, prefix) => {
    const handle = catalog.store.pages.not_sold;
    const page = catalog.pages.find((p) => p.handle === handle)!;
    const version = page.locales[locale] ?? page.locales.fr!;
    const hit = (await results(`q=${encodeURIComponent(version.meta.title)}&resources[type]=page`, prefix)).pages[0];
    expect(Object.keys(hit)).toEqual(['id', 'title', 'handle', 'url', 'body', 'author', 'published_at']);
    expect(hit).toMatchObject({ handle, id: page.id, title: version.meta.title, published_at: version.meta.published_at });
    expect(hit.url).toBe(tracking(prefix, `/pages/${handle}`, version.meta.title, 1));
    expect(hit.body).not.toMatch(/[<>]|\]\(/);
    expect(version.markdown).toContain(`${prefix}/pages/${catalog.store.pages.contact}`);
  });

  it('article results carry author, tags, summary_html and a /blogs/ URL', async () => {
    const article = catalog.articles.find((a) => a.handle === 'choisir-sa-pompe')!;
    const hit = (await results('q=choisir%20sa%20pompe&resources[type]=article')).articles[0];
    expect(Object.keys(hit)).toEqual(['id', 'title', 'handle', 'url', 'body', 'author', 'image', 'published_at', 'summary_html', 'tags']);
    expect(hit).toMatchObject({
      id: article.id, handle: article.handle, author: article.locales.fr!.meta.author, tags: [...article.locales.fr!.meta.tags].sort(),
      url: tracking('', '/blogs/guides/choisir-sa-pompe', 'choisir sa pompe', 1),
    });
    expect(hit.summary_html).toMatch(/^<p>.+<\/p>$/);
  });

  it('query suggestions mark what was typed', async () => {
    const { queries } = await results('q=pomp&resources[type]=query');
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(Object.keys(query)).toEqual(['text', 'styled_text', 'url']);
      expect(query.styled_text).toContain('<mark>pomp</mark>');
      expect((query.styled_text as string).replace(/<[^>]+>/g, '')).toBe(query.text);
      expect(query.url).toMatch(/^\/search\?_pos=\d+&_psq=pomp&_ss=e&_v=1\.0&q=/);
    }
    const de = await results('q=Gew%C3%A4chs&resources[type]=query', '/de');
    expect(de.queries.map((q) => q.styled_text)).toContain('<mark>gewächs</mark><span>häuser</span>');
    expect(de.queries[0].url).toMatch(/^\/de\/search\?/);
  });
});

describe('unavailable products (resources[options][unavailable_products])', () => {
  const query = 'q=serre%20verre&resources[type]=product&resources[limit_scope]=each';
  const handles = (list: Result[]) => list.map((p) => p.handle);

  it('show keeps relevance order; last moves unavailable products after the others; hide drops them', async () => {
    const show = (await results(`${query}&resources[options][unavailable_products]=show`)).products;
    const last = (await results(`${query}&resources[options][unavailable_products]=last`)).products;
    const hide = (await results(`${query}&resources[options][unavailable_products]=hide`)).products;
    const byDefault = (await results(query)).products;
    // The tempered-glass greenhouse is out of stock and the best match for "serre verre".
    expect(show[0]).toMatchObject({ handle: 'serre-verre-trempe', available: false });
    expect(show.some((p) => p.available)).toBe(true);
    const firstUnavailable = last.findIndex((p) => !p.available);
    expect(last.slice(firstUnavailable).every((p) => !p.available)).toBe(true);
    expect(firstUnavailable).toBeGreaterThan(0);
    expect(handles(last).sort()).toEqual(handles(show).sort());
    expect(handles(hide)).toEqual(handles(last).filter((h) => !show.find((p) => p.handle === h && !p.available)));
    expect(hide.every((p) => p.available)).toBe(true);
    expect(handles(byDefault)).toEqual(handles(last));
  });

  it('with limit_scope=all, last puts unavailable products after every other result', async () => {
    const shown = await results('q=serre%20verre&resources[limit]=1&resources[options][unavailable_products]=show');
    expect(shown.products.map((p) => p.handle)).toEqual(['serre-verre-trempe']);
    const lastOne = Object.values(await results('q=serre%20verre&resources[limit]=1')).flat();
    expect(lastOne).toHaveLength(1);
    expect(lastOne[0].available).not.toBe(false);
    const hidden = Object.values(await results('q=serre%20verre&resources[options][unavailable_products]=hide')).flat();
    expect(hidden.some((r) => r.available === false)).toBe(false);
  });
});

describe('live availability', () => {
  it('suggestions show the build\'s availability, like the product pages, while /products/{handle}.js shows the live stock', async () => {
    const db = testDb();
    let now = Date.parse('2026-11-20T10:00:00Z');
    const ucp = createUcpService({ catalog, db, now: () => now });
    const handler = createHandler({ catalog, ucp });
    const get = async (path: string) => (await handler(new Request(`http://localhost${path}`))).json() as Promise<Record<string, unknown>>;
    const suggested = async (q: string, unavailable: string) =>
      ((await get(`/search/suggest.json?q=${q}&resources[type]=product&resources[options][unavailable_products]=${unavailable}`)) as { resources: { results: { products: Result[] } } }).resources.results.products;
    const product = published.find((p) => p.variants.every((v) => v.inventory?.policy === 'deny' && v.inventory.quantity > 0))!;
    const q = encodeURIComponent(product.title.fr);
    expect((await get(`/products/${product.handle}.js`)).available).toBe(true);
    expect((await suggested(q, 'show')).find((p) => p.handle === product.handle)).toMatchObject({ available: true });

    // Every unit counted is sold (as the orders of other buyers would).
    const raw = await db.raw();
    for (const v of product.variants) {
      await raw.query('INSERT INTO stock_levels (variant_id, counted_at, counted, policy, sold) VALUES ($1, $2, $3, $4, $3)', [v.id, v.inventory!.counted_at, v.inventory!.quantity, v.inventory!.policy]);
    }
    now += 2100; // the stock ledger serves `.js` reads from a 2 s cache
    expect((await get(`/products/${product.handle}.js`)).available).toBe(false);
    expect((await suggested(q, 'show')).find((p) => p.handle === product.handle)).toMatchObject({ available: true });
    expect((await suggested(q, 'hide')).map((p) => p.handle)).toContain(product.handle);
  });
});
