// README "HTML storefront and sitemap": the HTML storefront in dist/, in the 12 locales. Prices and availability are
// compared with the static JSON endpoints built from the same snapshot.
import { describe, it, expect } from 'vitest';
import type { CheerioAPI } from 'cheerio';
import { catalog, distJson, localeCases, published } from './helpers/site';
import { allHtmlPaths, fileOfPath, jsonLdOfType, page } from './helpers/storefront';
import { LOCALES, LOCALE_TAGS, type Locale } from '../src/catalog/locales';
import { collectionProducts } from '../src/catalog/query';
import { PRODUCTS_PER_PAGE, pageCount } from '../src/catalog/urls';
import { ui, uiPlurals } from '../src/i18n/ui';
import { config } from '../netlify/functions/storefront';
import { functionPathPattern } from './helpers/static-server';

const base = catalog.store.base_url;
type JsonVariant = { id: number; title: string; price: string; compare_at_price: string | null; available: boolean };
type JsonProduct = { id: number; title: string; handle: string; variants: JsonVariant[] };

/** Digits of a displayed amount, independent of locale formatting: "1 249,00 €" → "124900". */
const digits = (text: string) => text.replace(/\D/g, '');

/** The head checks every indexable page passes: lang, title, description, canonical, 12 hreflang + x-default, switcher. */
function expectHead($: CheerioAPI, locale: Locale, path: string, prefix: string) {
  expect($('html').attr('lang')).toBe(LOCALE_TAGS[locale]);
  expect($('title').text().trim().length).toBeGreaterThan(3);
  expect(($('meta[name="description"]').attr('content') ?? '').trim().length).toBeGreaterThan(10);
  expect($('link[rel="canonical"]').attr('href')).toBe(`${base}${prefix}${path}`);
  const alternates = Object.fromEntries($('link[rel="alternate"][hreflang]').toArray().map((el) => [$(el).attr('hreflang'), $(el).attr('href')]));
  const expected = Object.fromEntries(LOCALES.map((l) => [l, `${base}${l === 'fr' ? '' : `/${l}`}${path}`]));
  expect(alternates).toEqual({ ...expected, 'x-default': `${base}${path}` });
  const switcher = $('.lang a[hreflang]').toArray().map((el) => [$(el).attr('hreflang'), $(el).attr('href')]);
  expect(switcher).toEqual(LOCALES.map((l) => [l, `${l === 'fr' ? '' : `/${l}`}${path}`]));
  expect($('.lang a[aria-current]').attr('hreflang')).toBe(locale);
  expect($('h1')).toHaveLength(1);
  expect($('header')).toHaveLength(1);
  expect($('main#main')).toHaveLength(1);
  expect($('footer')).toHaveLength(1);
}

describe('product pages', () => {
  it.each(localeCases)('%s: every product has a page whose prices and availability equal /products/{handle}.json', (locale, prefix) => {
    for (const product of published) {
      const path = `/products/${product.handle}/`;
      const $ = page(`${prefix}${path}`);
      const json = (distJson(`${prefix}/products/${product.handle}.json`) as { product: JsonProduct }).product;
      expectHead($, locale, path, prefix);
      expect($('h1').text()).toBe(json.title);

      const rows = $('tr[data-variant-id]').toArray();
      expect(rows.map((r) => Number($(r).attr('data-variant-id')))).toEqual(json.variants.map((v) => v.id));
      for (const variant of json.variants) {
        const row = $(`tr[data-variant-id="${variant.id}"]`);
        const price = row.find('data[data-price]');
        expect(price.attr('value'), `${product.handle} ${variant.id}`).toBe(variant.price);
        expect(digits(price.text())).toBe(digits(variant.price));
        const compare = row.find('data[data-compare-at-price]');
        expect(compare.length ? compare.attr('value') : null).toBe(variant.compare_at_price);
        const status = row.find('[data-status]').attr('data-status');
        expect(status === 'in_stock' || status === 'backorder', `${product.handle} ${variant.id} status ${status}`).toBe(variant.available);
      }

      const ld = jsonLdOfType($, 'Product');
      expect(ld, `${prefix}${path} Product JSON-LD`).toBeDefined();
      expect(ld!.name).toBe(json.title);
      expect(ld!.url).toBe(`${base}${prefix}${path}`);
      expect(ld!.offers.map((o: any) => [o.price, o.priceCurrency])).toEqual(json.variants.map((v) => [v.price, 'EUR']));
      for (const [i, offer] of (ld!.offers as any[]).entries()) {
        expect(offer.priceSpecification.valueAddedTaxIncluded).toBe(true);
        expect(['https://schema.org/InStock', 'https://schema.org/BackOrder'].includes(offer.availability)).toBe(json.variants[i].available);
      }
      const crumbs = jsonLdOfType($, 'BreadcrumbList');
      expect(crumbs!.itemListElement.at(-1).item).toBe(`${base}${prefix}${path}`);
      expect(crumbs!.itemListElement[0].item).toBe(`${base}${prefix}/`);
    }
  });

  it('shows the VAT mention next to every price, in the language of the page', () => {
    const mentions = new Set<string>();
    for (const [, prefix] of localeCases) {
      const $ = page(`${prefix}/products/${published[0].handle}/`);
      const vat = $('main .price .vat').toArray().map((el) => $(el).text());
      expect(vat.length).toBe($('main .price').length);
      expect(new Set(vat).size).toBe(1);
      mentions.add(vat[0]);
    }
    expect(mentions.size).toBeGreaterThanOrEqual(10);
    expect(page(`/products/${published[0].handle}/`)('main .vat').first().text()).toBe('TTC');
  });

  it('formats prices the way the locale writes them (fr "249,00 €", en "€249.00", de "249,00 €")', () => {
    const product = published.find((p) => p.variants.some((v) => Number(v.price) >= 100 && Number(v.price) < 1000))!;
    const variant = product.variants.find((v) => Number(v.price) >= 100 && Number(v.price) < 1000)!;
    const shown = (prefix: string) => page(`${prefix}/products/${product.handle}/`)(`data[data-price][data-variant-id="${variant.id}"]`).text().replace(/\s/g, ' ');
    const [units, cents] = variant.price.split('.');
    expect(shown('')).toBe(`${units},${cents} €`);
    expect(shown('/en')).toBe(`€${units}.${cents}`);
    expect(shown('/de')).toBe(`${units},${cents} €`);
  });

  it('gives every image a width, a height and an alt attribute; only the first product image loads eagerly', () => {
    for (const [, prefix] of localeCases) {
      for (const product of published.slice(0, 20)) {
        const $ = page(`${prefix}/products/${product.handle}/`);
        const images = $('main img').toArray();
        expect(images.length).toBe(product.images.length);
        images.forEach((img, i) => {
          expect(Number($(img).attr('width'))).toBeGreaterThan(0);
          expect(Number($(img).attr('height'))).toBeGreaterThan(0);
          expect(($(img).attr('alt') ?? '').length).toBeGreaterThan(3);
          expect($(img).attr('loading')).toBe(i === 0 ? 'eager' : 'lazy');
        });
      }
    }
  });
});

describe('add to cart on product pages', () => {
  it.each(localeCases)('%s: every product page posts its variant and quantity to %s/cart/add; variants sold out at build are listed but disabled', (locale, prefix) => {
    const s = ui(locale);
    for (const product of published) {
      const $ = page(`${prefix}/products/${product.handle}/`);
      const json = (distJson(`${prefix}/products/${product.handle}.json`) as { product: JsonProduct }).product;
      const where = `${prefix} ${product.handle}`;
      const form = $('form.add-to-cart');
      expect(form, where).toHaveLength(1);
      expect(form.attr('method'), where).toBe('post');
      expect(form.attr('action'), where).toBe(`${prefix}/cart/add`);
      expect(form.attr('data-add-url'), where).toBe(`${prefix}/cart/add.js`);
      expect(form.attr('data-product-url'), where).toBe(`${prefix}/products/${product.handle}.js`);
      // The fields a form post sends: exactly `id` and `quantity`.
      const named = form.find('[name]').toArray().map((el) => $(el).attr('name'));
      expect(named.sort(), where).toEqual(['id', 'quantity']);
      const firstAvailable = json.variants.find((v) => v.available);
      const id = form.find('[name="id"]');
      if (json.variants.length === 1) {
        expect(id.is('input[type="hidden"]'), where).toBe(true);
        expect(Number(id.attr('value')), where).toBe(json.variants[0].id);
      } else {
        expect(id.is('select'), where).toBe(true);
        expect($(`label[for="${id.attr('id')}"]`).text().trim().length, where).toBeGreaterThan(0);
        const options = id.find('option').toArray().map((o) => ({ id: Number($(o).attr('value')), disabled: $(o).attr('disabled') !== undefined, selected: $(o).attr('selected') !== undefined, text: $(o).text() }));
        expect(options.map((o) => o.id), where).toEqual(json.variants.map((v) => v.id));
        expect(options.map((o) => o.disabled), where).toEqual(json.variants.map((v) => !v.available));
        for (const o of options) expect(o.text.endsWith(` — ${s.soldOut}`), `${where} ${o.id}`).toBe(o.disabled);
        expect(options.filter((o) => o.selected).map((o) => o.id), where).toEqual([(firstAvailable ?? json.variants[0]).id]);
      }
      const quantity = form.find('input[name="quantity"]');
      expect([quantity.attr('type'), quantity.attr('min'), quantity.attr('value')], where).toEqual(['number', '1', '1']);
      expect($(`label[for="${quantity.attr('id')}"]`).text(), where).toBe(s.quantity);
      const button = form.find('button[type="submit"]');
      expect(button, where).toHaveLength(1);
      expect(button.text().trim(), where).toBe(s.addToCart);
      // Nothing to buy: the button is disabled and says why, beside it and in its description.
      const reason = form.find('[data-reason]');
      expect(button.attr('disabled') !== undefined, where).toBe(!firstAvailable);
      expect(reason.attr('hidden') !== undefined, where).toBe(!!firstAvailable);
      expect(button.attr('aria-describedby'), where).toBe(firstAvailable ? undefined : reason.attr('id'));
      expect(reason.text(), where).toBe(s.cannotBuy);
      const live = form.find('[role="status"]');
      expect(live.attr('aria-live'), where).toBe('polite');
    }
  });

  it('names the button in the language of each of the 12 locales', () => {
    const texts = localeCases.map(([, prefix]) => page(`${prefix}/products/${published[0].handle}/`)('form.add-to-cart button[type="submit"]').text().trim());
    expect(new Set(texts).size).toBe(LOCALES.length);
    expect(texts[LOCALES.indexOf('fr')]).toBe('Ajouter au panier');
    expect(texts[LOCALES.indexOf('de')]).toBe('In den Warenkorb');
    expect(texts[LOCALES.indexOf('cs')]).toBe('Přidat do košíku');
  });

  it('lists a product whose every variant is sold out, with the button disabled', () => {
    const soldOut = published.filter((p) => !(distJson(`/products/${p.handle}.json`) as { product: JsonProduct }).product.variants.some((v) => v.available));
    expect(soldOut.length, 'the content has a product sold out at build').toBeGreaterThan(0);
    for (const product of soldOut) expect(page(`/products/${product.handle}/`)('form.add-to-cart button[type="submit"]').attr('disabled'), product.handle).toBeDefined();
  });
});

describe('the header\'s cart link', () => {
  it.each(localeCases)('%s: every page type links to %s/cart, named in the language of the page, with a hidden count badge', (locale, prefix) => {
    const s = ui(locale);
    for (const path of ['/', `/products/${published[0].handle}/`, `/collections/${catalog.collections[0].handle}/`, prefix ? '/404/' : '/404.html']) {
      const $ = page(`${prefix}${path}`);
      const link = $('header a[data-cart-link]');
      expect(link, path).toHaveLength(1);
      expect(link.attr('href')).toBe(`${prefix}/cart`);
      expect(link.find('.cart-label').text()).toBe(s.cart);
      expect(JSON.parse(link.attr('data-words')!)).toEqual({ name: s.cart, items: uiPlurals(locale).itemCount });
      const badge = link.find('[data-cart-count]');
      expect(badge.attr('hidden')).toBeDefined();
      expect(badge.attr('aria-hidden')).toBe('true');
      // The count is read from the cookie by an inline module: no request, nothing fetched.
      const inline = $('script[type="module"]:not([src])').toArray().map((el) => $(el).text());
      expect(inline.some((text) => text.includes('cart_count') && !text.includes('fetch(')), path).toBe(true);
    }
  });
});

describe('collection pages', () => {
  it.each(localeCases)('%s: every collection is paged by %s with rel=prev/next, in the order and at the prices of the JSON list', (locale, prefix) => {
    for (const collection of catalog.collections) {
      const members = collectionProducts(catalog, collection);
      const pages = pageCount(members.length);
      const json = distJson(`${prefix}/collections/${collection.handle}/products.json`) as { products: JsonProduct[] };
      for (let n = 1; n <= pages; n++) {
        const path = n === 1 ? `/collections/${collection.handle}/` : `/collections/${collection.handle}/page/${n}/`;
        const $ = page(`${prefix}${path}`);
        expectHead($, locale, path, prefix);
        const handles = $('.grid .card').toArray().map((el) => $(el).attr('data-handle'));
        expect(handles).toEqual(members.slice((n - 1) * PRODUCTS_PER_PAGE, n * PRODUCTS_PER_PAGE).map((p) => p.handle));
        const prev = $('link[rel="prev"]').attr('href');
        const next = $('link[rel="next"]').attr('href');
        const pageUrl = (k: number) => `${base}${prefix}/collections/${collection.handle}/${k === 1 ? '' : `page/${k}/`}`;
        expect(prev).toBe(n > 1 ? pageUrl(n - 1) : undefined);
        expect(next).toBe(n < pages ? pageUrl(n + 1) : undefined);
        if (n === 1) {
          for (const card of $('.grid .card').toArray()) {
            const item = json.products.find((p) => p.handle === $(card).attr('data-handle'));
            if (!item) continue; // beyond the 30 of the static JSON page
            const min = item.variants.map((v) => v.price).sort((a, b) => Number(a) - Number(b))[0];
            expect($(card).find('data[data-price]').attr('value')).toBe(min);
          }
        }
      }
      expect(fileOfPath(`${prefix}/collections/${collection.handle}/page/${pages + 1}/`)).toBeNull();
    }
  });
});

describe('home, content pages, guides and 404', () => {
  it.each(localeCases)('%s: the home page has Organization JSON-LD and links to every collection', (locale, prefix) => {
    const $ = page(`${prefix}/`);
    expectHead($, locale, '/', prefix);
    const org = jsonLdOfType($, 'Organization');
    expect(org!.name).toBe(catalog.store.name);
    expect(org!.url).toBe(`${base}/`);
    const links = new Set($('main a').toArray().map((el) => $(el).attr('href')));
    for (const c of catalog.collections) expect(links.has(`${prefix}/collections/${c.handle}/`)).toBe(true);
  });

  it('the home page\'s collection tiles break long words at a hyphen: soft hyphens where the language allows one, the words unchanged otherwise', () => {
    const tiles = (prefix: string) => page(`${prefix}/`)('.collections a').toArray().map((el) => page(`${prefix}/`)(el).text());
    const german = tiles('/de');
    expect(german).toContain('Ge\u00adwächs\u00adhäu\u00adser');
    expect(german.map((t) => t.replaceAll('\u00ad', ''))).toEqual(catalog.collections.map((c) => c.title.de ?? c.title.fr));
    expect(tiles('/cs').some((t) => t.includes('\u00ad'))).toBe(true);
  });

  it.each(localeCases)('%s: every content page and article has a page; articles carry Article JSON-LD', (locale, prefix) => {
    for (const entry of catalog.pages) {
      const path = `/pages/${entry.handle}/`;
      const $ = page(`${prefix}${path}`);
      expectHead($, locale, path, prefix);
      const meta = (entry.locales[locale] ?? entry.locales.fr)!.meta;
      expect($('h1').text()).toBe(meta.title);
    }
    const index = page(`${prefix}/blogs/guides/`);
    expectHead(index, locale, '/blogs/guides/', prefix);
    for (const entry of catalog.articles) {
      const path = `/blogs/guides/${entry.handle}/`;
      const $ = page(`${prefix}${path}`);
      expectHead($, locale, path, prefix);
      const meta = (entry.locales[locale] ?? entry.locales.fr)!.meta;
      const article = jsonLdOfType($, 'Article');
      expect(article!.headline).toBe(meta.title);
      expect(article!.datePublished).toBe(meta.published_at);
      expect(article!.author.name).toBe(meta.author);
      expect(index(`a[href="${prefix}${path}"]`).text()).toBe(meta.title);
    }
  });

  it('has a 404 page per locale: not indexable, in the language of its prefix', () => {
    const texts = new Set<string>();
    for (const [locale, prefix] of localeCases) {
      const $ = page(prefix ? `${prefix}/404/` : '/404.html');
      expect($('html').attr('lang')).toBe(LOCALE_TAGS[locale]);
      expect($('meta[name="robots"]').attr('content')).toBe('noindex');
      expect($('link[rel="canonical"]')).toHaveLength(0);
      texts.add($('h1').text());
    }
    expect(texts.size).toBe(LOCALES.length);
  });
});

/** Paths the function answers (the cart page): no file in dist/, but not broken. */
const functionPaths = (Array.isArray(config.path) ? config.path : config.path ? [config.path] : []).map(functionPathPattern);
const servedByFunction = (target: string) => functionPaths.some((p) => p.test(target.split(/[?#]/)[0]));

describe('every HTML page', () => {
  const paths = allHtmlPaths();
  /** One pass over every page (parsing 1,400+ pages once): broken internal links, blocking scripts, bad JSON-LD. */
  const findings = (() => {
    const broken = new Map<string, string>();
    const known = new Map<string, boolean>();
    const blocking: string[] = [];
    const badJsonLd: string[] = [];
    for (const path of paths) {
      const $ = page(path);
      for (const el of $('a[href], link[rel="icon"], link[rel="stylesheet"], img[src]').toArray()) {
        const target = $(el).attr('href') ?? $(el).attr('src')!;
        if (!target.startsWith('/') || target.startsWith('//') || servedByFunction(target)) continue;
        if (!known.has(target)) known.set(target, fileOfPath(target) !== null);
        if (!known.get(target)) broken.set(target, path);
      }
      for (const el of $('script').toArray()) {
        const script = $(el);
        const type = script.attr('type');
        if (type === 'application/ld+json') {
          const text = script.text();
          try {
            JSON.parse(text);
            if (text.includes('<')) badJsonLd.push(`${path}: unescaped "<"`);
          } catch (e) {
            badJsonLd.push(`${path}: ${(e as Error).message}`);
          }
        } else if (type !== 'module' && script.attr('defer') === undefined && script.attr('async') === undefined) {
          blocking.push(`${path}: ${$.html(el).slice(0, 80)}`);
        }
      }
    }
    return { broken: [...broken].slice(0, 20), blocking: blocking.slice(0, 10), badJsonLd: badJsonLd.slice(0, 10) };
  })();

  it('links only to paths that exist in dist/', () => {
    expect(findings.broken).toEqual([]);
  });

  it('loads no render-blocking script (JSON-LD data only, or module/defer/async scripts)', () => {
    expect(findings.blocking).toEqual([]);
  });

  it('parses every JSON-LD block and escapes "<" inside it', () => {
    expect(findings.badJsonLd).toEqual([]);
  });

  it('counts one page per product, collection page, content page, article, guides index, home and 404 in each locale', () => {
    const collectionPages = catalog.collections.reduce((n, c) => n + pageCount(collectionProducts(catalog, c).length), 0);
    const perLocale = published.length + collectionPages + catalog.pages.length + catalog.articles.length + (catalog.articles.length ? 1 : 0) + 2;
    expect(paths.length).toBe(perLocale * LOCALES.length);
  });
});
