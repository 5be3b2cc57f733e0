// docs/agent-commerce.md "Catalog tools": search_catalog, findVariant, lookup_catalog and get_product on the real catalog, every
// result validated against the UCP 2026-04-08 schemas; context decides locale, price and availability.
import { describe, expect, it } from 'vitest';
import { localize } from '../src/catalog/localize';
import { viewContext } from '../src/views/context';
import { productAjax } from '../src/views/product-ajax';
import { toCents } from '../src/commerce/money';
import { callRaw, callTool, catalog, ucpHandler } from './helpers/ucp';
import { UCP_VERSION } from '../src/ucp/version';
import { ITEMS, OPTIONED, exportPrice, gid, priceOf, published, titleOf } from './helpers/content';

const { handler } = ucpHandler();
const { soldOut, backorder, restricted } = ITEMS;
/** A product with one option and several in-stock variants (tests/helpers/content.ts). */
const kit = OPTIONED;
const [first, second] = kit.variants;
/** An id no product or variant of the content has. */
const unknownId = String(Math.max(...catalog.products.flatMap((p) => [p.id, ...p.variants.map((v) => v.id)])) + 1);
const search = (catalogArgs: Record<string, unknown>) => callTool(handler, 'search_catalog', { catalog: catalogArgs });

describe('search_catalog', () => {
  it('finds products by a word of their title and returns full UCP products', async () => {
    const result = await search({ query: titleOf(kit) });
    expect(result.products[0].handle).toBe(kit.handle);
    const p = result.products[0];
    expect(p.id).toBe(gid('Product', kit.id));
    expect(p.title).toBe(titleOf(kit));
    expect(p.description.html).toBe(kit.body_html.fr);
    expect(p.variants.map((v: { id: string }) => v.id)).toEqual(kit.variants.map((v) => gid('ProductVariant', v.id)));
    expect(p.url).toBe(`${catalog.store.base_url}/products/${kit.handle}`);
  });

  it('prices are integer cents in EUR, identical to the .js endpoint for EU buyers and without a country', async () => {
    for (const context of [undefined, { address_country: 'DE' }, { address_country: 'FR', currency: 'EUR' }]) {
      const { products } = await search({ query: 'pompe', context, pagination: { limit: 50 } });
      expect(products.length).toBeGreaterThan(2);
      for (const p of products) {
        const ajax = productAjax(published.find((x) => x.handle === p.handle)!, viewContext(catalog, 'fr'));
        expect(p.variants.map((v: { price: { amount: number; currency: string } }) => [v.price.amount, v.price.currency])).toEqual(ajax.variants.map((v) => [v.price, 'EUR']));
        expect(p.price_range.min.amount).toBe(ajax.price_min);
        expect(p.price_range.max.amount).toBe(ajax.price_max);
      }
    }
  });

  it('non-EU countries the store serves get prices net of French VAT (20 %) and an info message', async () => {
    for (const country of ['CH', 'NO', 'GB']) {
      const result = await search({ query: titleOf(kit), context: { address_country: country } });
      const p = result.products.find((x: { handle: string }) => x.handle === kit.handle);
      expect(p.variants[0].price.amount).toBe(exportPrice(priceOf(first)));
      expect(p.variants[0].list_price?.amount ?? null).toBe(first.compare_at_price ? exportPrice(toCents(first.compare_at_price)) : null);
      expect(result.messages).toContainEqual(expect.objectContaining({ type: 'info', code: 'prices_exclude_vat' }));
    }
  });

  it('availability follows stock and the destination: out of stock, backorder, not shipped there, not served', async () => {
    const byId = async (id: number, context?: Record<string, unknown>) => {
      const r = await callTool(handler, 'lookup_catalog', { catalog: { ids: [String(id)], context } });
      return { variant: r.products[0].variants[0], messages: r.messages ?? [] };
    };
    expect((await byId(soldOut.variant.id)).variant.availability).toEqual({ available: false, status: 'out_of_stock' });
    expect((await byId(backorder.variant.id)).variant.availability).toEqual({ available: true, status: 'backorder' });
    const ch = await byId(restricted.variant.id, { address_country: 'CH' });
    expect(ch.variant.availability.available).toBe(false);
    expect(ch.messages).toContainEqual(expect.objectContaining({ type: 'warning', code: 'item_unavailable', path: '$.products[0]' }));
    const inside = await byId(restricted.variant.id, { address_country: restricted.product.ships_to![0] });
    expect(inside.variant.availability.available).toBe(restricted.variant.inventory?.policy !== 'deny' || restricted.variant.inventory.quantity > 0);
    const us = await search({ query: 'kit', context: { address_country: 'us' } });
    expect(us.products.every((p: { variants: Array<{ availability: { available: boolean } }> }) => p.variants.every((v) => !v.availability.available))).toBe(true);
    expect(us.messages).toContainEqual(expect.objectContaining({ type: 'warning', code: 'address_undeliverable' }));
  });

  it('postal code and region exclude territories the store does not deliver to (overseas France, Canary Islands)', async () => {
    for (const context of [
      { address_country: 'FR', postal_code: '97400' },
      { address_country: 'ES', postal_code: '35001' },
      { address_country: 'ES', address_region: 'Canarias' },
    ]) {
      const result = await search({ query: titleOf(kit), context });
      expect(result.products[0].variants[0].availability.available, JSON.stringify(context)).toBe(false);
      expect(result.messages).toContainEqual(expect.objectContaining({ type: 'warning', code: 'address_undeliverable' }));
    }
    const mainland = await search({ query: titleOf(kit), context: { address_country: 'FR', postal_code: '69007', address_region: 'Auvergne-Rhône-Alpes' } });
    expect(mainland.products[0].variants[0].availability.available).toBe(true);
    expect(mainland.messages).toBeUndefined();
  });

  it('context.language picks the locale (BCP 47, fallback French); queries match in any language', async () => {
    const de = await search({ query: localize(kit.title, 'de'), context: { language: 'de-AT' } });
    expect(de.products[0].title).toBe(localize(kit.title, 'de'));
    expect(de.products[0].url).toBe(`${catalog.store.base_url}/de/products/${kit.handle}`);
    const pt = await search({ query: titleOf(kit), context: { language: 'pt-BR' } });
    expect(pt.products[0].title).toBe(localize(kit.title, 'pt'));
    const ja = await search({ query: titleOf(kit, 'en'), context: { language: 'ja' } });
    expect(ja.products[0].title).toBe(kit.title.fr);
  });

  it('a currency other than EUR gets EUR prices, an info message, and its price filter is ignored with a message', async () => {
    const result = await search({ query: 'pompe', context: { currency: 'USD' }, filters: { price: { max: 100 } } });
    expect(result.products.length).toBeGreaterThan(0);
    expect(result.products[0].price_range.min.currency).toBe('EUR');
    expect(result.messages).toContainEqual(expect.objectContaining({ type: 'info', code: 'currency_unsupported' }));
    expect(result.messages).toContainEqual(expect.objectContaining({ type: 'info', code: 'filter_ignored' }));
  });

  it('filters: categories (any of) and price bounds in cents on the destination price', async () => {
    const pumps = await search({ filters: { categories: ['pumps', 'air-pumps'] }, pagination: { limit: 50 } });
    expect(pumps.products.length).toBe(published.filter((p) => ['pumps', 'air-pumps'].includes(p.category)).length);
    expect(pumps.products.every((p: { categories: Array<{ value: string }> }) => ['pumps', 'air-pumps'].includes(p.categories[0].value))).toBe(true);
    const cheap = await search({ filters: { price: { min: 1000, max: 2000 } }, pagination: { limit: 50 } });
    expect(cheap.products.length).toBeGreaterThan(0);
    for (const p of cheap.products) {
      expect(p.variants.some((v: { price: { amount: number } }) => v.price.amount >= 1000 && v.price.amount <= 2000), p.handle).toBe(true);
    }
    const expected = published.filter((p) => p.variants.some((v) => toCents(v.price) >= 1000 && toCents(v.price) <= 2000)).length;
    expect(cheap.pagination.total_count).toBe(expected);
  });

  it('cursor pagination walks every result once and is bound to its query', async () => {
    const all = await search({ query: 'kit', pagination: { limit: 50 } });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await search({ query: 'kit', pagination: { limit: 2, ...(cursor ? { cursor } : {}) } });
      expect(page.products.length).toBeLessThanOrEqual(2);
      seen.push(...page.products.map((p: { id: string }) => p.id));
      expect(page.pagination.has_next_page).toBe(!!page.pagination.cursor);
      cursor = page.pagination.cursor;
      pages++;
    } while (cursor && pages < 100);
    expect(seen).toEqual(all.products.map((p: { id: string }) => p.id));
    expect(pages).toBe(Math.ceil(all.pagination.total_count / 2));
    const first = await search({ query: 'kit', pagination: { limit: 2 } });
    const other = await callRaw(handler, 'search_catalog', { catalog: { query: 'pompe', pagination: { cursor: first.pagination.cursor } } });
    expect(other.body.error).toMatchObject({ code: -32602, data: { argument: 'catalog.pagination.cursor' } });
    const garbage = await callRaw(handler, 'search_catalog', { catalog: { query: 'kit', pagination: { cursor: 'not-a-cursor' } } });
    expect(garbage.body.error.code).toBe(-32602);
  });

  it('defaults to 10 per page and silently clamps large limits to 50', async () => {
    expect((await search({ filters: { categories: ['kits', 'pumps', 'seeds', 'filtration', 'substrates'] } })).products).toHaveLength(10);
    expect((await search({ filters: { price: { min: 0 } }, pagination: { limit: 500 } })).products).toHaveLength(Math.min(50, published.length));
  });

  it('no hits → products: [] without messages', async () => {
    const result = await search({ query: 'zzxqv' });
    expect(result.products).toEqual([]);
    expect(result.messages).toBeUndefined();
    expect(result.pagination).toEqual({ has_next_page: false, total_count: 0 });
  });
});

describe('lookup_catalog', () => {
  it('resolves product ids (featured variant), variant ids, gids, handles and SKUs, with inputs on every variant', async () => {
    const sku = second.sku!;
    const productId = String(kit.id);
    const result = await callTool(handler, 'lookup_catalog', { catalog: { ids: [productId, gid('ProductVariant', first.id), sku, kit.handle, productId] } });
    expect(result.products).toHaveLength(1);
    const [p] = result.products;
    expect(p.variants.map((v: { id: string }) => v.id)).toEqual([gid('ProductVariant', first.id), gid('ProductVariant', second.id)]);
    expect(p.variants[0].inputs).toEqual([{ id: productId, match: 'featured' }, { id: gid('ProductVariant', first.id), match: 'exact' }, { id: kit.handle, match: 'featured' }]);
    expect(p.variants[1].inputs).toEqual([{ id: sku, match: 'exact' }]);
    expect(result.messages).toBeUndefined();
  });

  it('unknown ids are absent and reported as info not_found with the id as content', async () => {
    const result = await callTool(handler, 'lookup_catalog', { catalog: { ids: [unknownId, 'gid://x/Product/1', String(first.id)] } });
    expect(result.products).toHaveLength(1);
    expect(result.messages).toEqual([{ type: 'info', code: 'not_found', content: unknownId }, { type: 'info', code: 'not_found', content: 'gid://x/Product/1' }]);
  });

  it('accepts 50 ids and refuses 51 with -32602 naming catalog.ids', async () => {
    const ids = published.flatMap((p) => p.variants.map((v) => String(v.id)));
    expect((await callTool(handler, 'lookup_catalog', { catalog: { ids: ids.slice(0, 50) } })).products.length).toBeGreaterThan(10);
    const res = await callRaw(handler, 'lookup_catalog', { catalog: { ids: ids.slice(0, 51) } });
    expect(res.body.error).toMatchObject({ code: -32602, data: { argument: 'catalog.ids' } });
    expect(res.body.error.message).toMatch(/at most 50/);
  });
});

describe('get_product', () => {
  it('returns every variant, the featured (first available) one first, the selection and per-value availability', async () => {
    const result = await callTool(handler, 'get_product', { catalog: { id: gid('Product', soldOut.product.id) } });
    const p = result.product;
    expect(p.variants).toHaveLength(soldOut.product.variants.length);
    expect(p.variants[0].availability.available).toBe(true);
    expect(p.selected).toHaveLength(soldOut.product.options.length);
    const values = p.options.flatMap((o: { values: Array<{ label: string; available: boolean; exists: boolean }> }) => o.values);
    expect(values.every((v: { exists: boolean }) => typeof v.exists === 'boolean')).toBe(true);
    expect(values.some((v: { available: boolean }) => v.available)).toBe(true);
  });

  it('a variant id puts that variant first; selected options narrow; unknown selections are reported', async () => {
    const [option] = kit.options;
    const label = (index: number, locale: 'fr' | 'en') => localize(option.values[index], locale);
    const secondIndex = option.values.findIndex((v) => (typeof v === 'string' ? v : v.fr) === second.options[0]);
    const byVariant = await callTool(handler, 'get_product', { catalog: { id: String(second.id) } });
    expect(byVariant.product.variants[0].id).toBe(gid('ProductVariant', second.id));
    expect(byVariant.product.selected).toEqual([{ name: localize(option.name, 'fr'), label: label(secondIndex, 'fr') }]);
    // Names and labels match whatever their case, in the call's language.
    const selection = [{ name: localize(option.name, 'en').toLowerCase(), label: label(secondIndex, 'en').toLowerCase() }];
    const selected = await callTool(handler, 'get_product', { catalog: { id: String(kit.id), selected: selection, context: { language: 'en' } } });
    expect(selected.product.variants[0].id).toBe(gid('ProductVariant', second.id));
    expect(selected.product.options[0].values).toEqual(option.values.map((_, i) => ({ label: label(i, 'en'), available: true, exists: true })));
    const unknown = await callTool(handler, 'get_product', { catalog: { id: String(kit.id), selected: [{ name: 'Colour', label: 'Red' }] } });
    expect(unknown.messages).toContainEqual(expect.objectContaining({ type: 'info', code: 'selection_ignored' }));
  });

  it('an out-of-stock value is marked unavailable but existing', async () => {
    const index = soldOut.product.variants.indexOf(soldOut.variant);
    const result = await callTool(handler, 'get_product', { catalog: { id: String(soldOut.variant.id) } });
    expect(result.product.variants[0].availability).toEqual({ available: false, status: 'out_of_stock' });
    if (soldOut.product.options.length === 1) {
      expect(result.product.options[0].values[index]).toMatchObject({ available: false, exists: true });
    }
  });

  it('an unknown id → error_response with not_found (unrecoverable), HTTP 200', async () => {
    const result = await callTool(handler, 'get_product', { catalog: { id: gid('Product', unknownId) } });
    expect(result).toEqual({ ucp: { version: UCP_VERSION, status: 'error' }, messages: [expect.objectContaining({ type: 'error', code: 'not_found', severity: 'unrecoverable' })] });
  });
});
