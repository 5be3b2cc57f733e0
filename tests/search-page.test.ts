// The search results page `[/<locale>]/search?q=…` through the function's handler: statuses,
// the frame of the static pages, relevance equal to /search/suggest.json, paging, an empty query,
// a query without result, bad input, and what product results show compared with product pages.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { load, type CheerioAPI } from 'cheerio';
import { call, catalog, localeCases, published } from './helpers/site';
import { page as distPage } from './helpers/storefront';
import { LOCALE_TAGS, localePrefix, type Locale } from '../src/catalog/locales';
import { localize } from '../src/catalog/localize';
import { RESULTS_PER_PAGE } from '../src/search/results-page';

async function searchPage(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; $: CheerioAPI; text: string }> {
  const res = await call(path, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, $: load(text), text };
}

type Hit = { handle: string; price: string; stock_status: string; price_compare_at: string | null };
async function suggestions(prefix: string, q: string, type: string): Promise<Hit[]> {
  const res = await call(`${prefix}/search/suggest.json?${new URLSearchParams({ q, 'resources[type]': type, 'resources[limit]': '10' })}`);
  const results = ((await res.json()) as { resources: { results: Record<string, Hit[]> } }).resources.results;
  return Object.values(results)[0];
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
const handles = ($: CheerioAPI, selector: string) => $(selector).toArray().map((el) => $(el).attr('data-handle') ?? $(el).attr('href')!.split('/').filter(Boolean).at(-1)!);

describe('the search results page', () => {
  it.each(localeCases)('%s: renders in the locale with the static pages\' header and footer, noindex, the query in the title and field', async (locale, prefix) => {
    const product = published[7];
    const q = localize(product.title, locale as Locale);
    const { status, headers, $ } = await searchPage(`${prefix}/search?${new URLSearchParams({ q })}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headers.get('x-robots-tag')).toBe('noindex');
    expect($('html').attr('lang')).toBe(LOCALE_TAGS[locale as Locale]);
    expect($('meta[name="robots"]').attr('content')).toBe('noindex');
    expect($('link[rel="canonical"]')).toHaveLength(0);
    expect($('title').text()).toContain(q);
    expect($('#search-q').val()).toBe(q);
    expect(handles($, 'main .grid .card')).toContain(product.handle);
    // Same frame as the home page of the locale: stylesheet, script, footer, navigation.
    const home = distPage(`${prefix}/`);
    expect($('link[rel="stylesheet"]').attr('href')).toBe(home('link[rel="stylesheet"]').attr('href'));
    expect($('script[type="module"]').attr('src')).toBe(home('script[type="module"]').attr('src'));
    expect($('.site-footer').html()).toBe(home('.site-footer').html());
    expect($('.main-nav').html()).toBe(home('.main-nav').html());
    // The language switcher keeps the query.
    expect($('.lang a[hreflang="en"]').attr('href')).toBe(`/en/search?q=${encodeURIComponent(q)}`);
    expect($('.lang a[hreflang="fr"]').attr('href')).toBe(`/search?q=${encodeURIComponent(q)}`);
  });

  it.each(['', '?q=', '?q=%20%20', '?page=3'])('shows the prompt, the empty search box and no error without a query: /search%s', async (query) => {
    const { status, $ } = await searchPage(`/search${query}`);
    expect(status).toBe(200);
    expect($('h1').text()).toBe('Recherche');
    // One search landmark: the header's box, which the prompt points to.
    expect($('form[role="search"]')).toHaveLength(1);
    expect($('header form[role="search"] input[name="q"]').val()).toBe('');
    expect($('main .grid, main .collections')).toHaveLength(0);
  });

  it.each(localeCases)('%s: lists products, collections, pages and articles in the order of /search/suggest.json', async (_locale, prefix) => {
    const q = { fr: 'pompe', en: 'pump', de: 'Pumpe' }[_locale as string] ?? 'aquap';
    const { $ } = await searchPage(`${prefix}/search?${new URLSearchParams({ q })}`);
    for (const [type, selector] of [['product', 'main .grid .card'], ['collection', '#results-collections + ul a'], ['page', '#results-pages + ul a'], ['article', '#results-articles + ul a']] as const) {
      const expected = (await suggestions(prefix, q, type)).map((h) => h.handle);
      expect(handles($, selector).slice(0, expected.length), `${prefix} ${q} ${type}`).toEqual(expected);
    }
  });

  it('pages the results, 24 of each type per page, with prev/next links, and shows the last page for a page past the end', async () => {
    const q = 'aquaponie';
    const first = await searchPage(`/search?q=${q}&page=1`);
    const count = Number(first.$('[data-result-count]').attr('data-result-count'));
    const products = Number(/\((\d+)\)/.exec(first.$('#results-products').text())![1]);
    expect(products, 'the query must have more than one page of products').toBeGreaterThan(RESULTS_PER_PAGE);
    const second = await searchPage(`/search?q=${q}&page=2`);
    const one = handles(first.$, 'main .grid .card');
    const two = handles(second.$, 'main .grid .card');
    expect(one).toHaveLength(RESULTS_PER_PAGE);
    expect(two).toHaveLength(products - RESULTS_PER_PAGE);
    expect(new Set([...one, ...two]).size).toBe(products);
    expect(first.$('.pagination a[rel="next"]').attr('href')).toBe(`/search?q=${q}&page=2`);
    expect(second.$('.pagination a[rel="prev"]').attr('href')).toBe(`/search?q=${q}`);
    expect(second.$('title').text()).toMatch(/Page 2 sur 2/);
    expect(Number(second.$('[data-result-count]').attr('data-result-count'))).toBe(count);
    const past = await searchPage(`/search?q=${q}&page=999999999`);
    expect(handles(past.$, 'main .grid .card')).toEqual(two);
    for (const bad of ['0', '-1', 'abc', '1.5', '']) expect(handles((await searchPage(`/search?q=${q}&page=${bad}`)).$, 'main .grid .card')).toEqual(one);
  });

  it.each(localeCases)('%s: a query without result says so and suggests the collections', async (locale, prefix) => {
    const { status, $ } = await searchPage(`${prefix}/search?q=qqxxzzyy`);
    expect(status).toBe(200);
    expect($('[data-result-count]').attr('data-result-count')).toBe('0');
    expect($('main').text()).toContain('qqxxzzyy');
    const links = $('main .collections a').toArray().map((el) => $(el).attr('href'));
    expect(links).toEqual(catalog.collections.map((c) => `${localePrefix(locale as Locale)}/collections/${c.handle}/`));
  });

  it('never fails on bad input: huge, repeated, markup or placeholder-like queries, HEAD, other methods', async () => {
    const cases = [
      `/search?q=${'pompe '.repeat(20_000)}`,
      '/search?q=a&q=b&q=c',
      `/search?q=${encodeURIComponent('<script>alert(1)</script>"\'&')}`,
      `/search?q=${encodeURIComponent('%%search-title%% $& $1 <!--%%search-main%%-->')}`,
      '/search?q=%FF%FE&page=%00',
      `/search?q=${encodeURIComponent('\u0000\u202e\ud83d\udc1f')}`,
      '/de/search?resources[type]=product&q[]=x',
      '/search/?q=pompe',
    ];
    for (const path of cases) {
      const { status, text, $ } = await searchPage(path);
      expect(status, path).toBe(200);
      expect(text, path).not.toContain('<script>alert');
      if (!path.includes('search-title')) expect(text, path).not.toContain('%%search-');
      expect($('h1').length, path).toBe(1);
    }
    const huge = await searchPage(`/search?q=${'x'.repeat(5000)}`);
    expect(huge.$('#search-q').val()).toHaveLength(200);
    expect((await call('/search?q=pompe', { method: 'HEAD' })).status).toBe(200);
    expect((await call('/search?q=pompe', { method: 'POST' })).status).toBe(405);
    expect((await call('/xx/search?q=pompe')).status).toBe(404);
  });

  it('answers 200 HTML with one heading to generated queries and page numbers in any locale', async () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('%', '%ZZ', '0', '-1', '1e9', 'NaN', '<script>', 'x'.repeat(3000)));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...localeCases.map(([, prefix]) => prefix)), text, fc.option(text), async (prefix, q, page) => {
        const query = new URLSearchParams(page === null ? { q } : { q, page });
        const { status, headers, $ } = await searchPage(`${prefix}/search?${query}`);
        expect(status).toBe(200);
        expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect($('h1')).toHaveLength(1);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  });

  it('escapes the query and does not re-read it as a placeholder', async () => {
    const q = '%%search-title%% <b>x</b>';
    const { $, text } = await searchPage(`/search?${new URLSearchParams({ q })}`);
    expect($('#search-q').val()).toBe(q);
    expect($('h1').text()).toContain(q);
    expect(text).not.toContain('<b>x</b>');
  });
});

describe('products in search results show what their product page shows', () => {
  it.each(['fr', 'de', 'cs'] as const)('%s: every product\'s card on the results page, and its suggestion, match its product page', async (locale) => {
    const prefix = localePrefix(locale);
    for (const product of published) {
      const q = localize(product.title, locale);
      const productPage = distPage(`${prefix}/products/${product.handle}/`);
      const { $ } = await searchPage(`${prefix}/search?${new URLSearchParams({ q })}`);
      const card = $(`main .card[data-handle="${product.handle}"]`);
      expect(card.length, `${locale} ${q}`).toBe(1);
      expect(flat(card.find('.price').text())).toBe(flat(productPage('.summary .price').first().text()));
      expect(card.find('.stock').attr('class')).toBe(productPage('.summary .stock').first().attr('class'));
      expect(card.find('img').attr('src')).toBe(productPage('.gallery img').first().attr('src'));
      const hit = (await suggestions(prefix, q, 'product')).find((h) => h.handle === product.handle)!;
      expect(hit.stock_status).toBe(productPage('.summary .stock').first().attr('data-status'));
      const price = productPage('.summary .price').first();
      expect(hit.price_compare_at).toBe(price.find('[data-compare-at-price]').attr('value') ?? null);
      expect(hit.price).toBe(price.find('[data-price]').attr('value'));
    }
  });
});
