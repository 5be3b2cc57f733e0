// Lists served by the function (a query string, docs/storefront.md "Endpoints") show live availability
// through the same `isAvailable` as `/products/{handle}.js`; the static files keep the stock
// counted at build time (README "Availability").
import { describe, expect, it } from 'vitest';
import { createHandler } from '../src/http/router';
import { catalog, distJson, published } from './helpers/site';

type ListVariant = { id: number; available: boolean };
type ListProduct = { handle: string; variants: ListVariant[] };

// A product of the static first page whose every variant is tracked, in stock at the count, and not on backorder.
const staticFirstPage = distJson('/products.json') as { products: ListProduct[] };
const product = published.find((p) => staticFirstPage.products.some((s) => s.handle === p.handle) && p.variants.every((v) => v.inventory?.policy === 'deny' && v.inventory.quantity > 0))!;
const soldOut = new Map(product.variants.map((v) => [v.id, v.inventory!.quantity]));
const asked: number[][] = [];
const handlerWith = (soldCached: (ids: readonly number[]) => Promise<Map<number, number>>) =>
  createHandler({ catalog, stock: { soldCached } });
const soldOutHandler = handlerWith(async (ids) => {
  asked.push([...ids]);
  return new Map(ids.filter((id) => soldOut.has(id)).map((id) => [id, soldOut.get(id)!]));
});

const get = async (handler: ReturnType<typeof createHandler>, path: string) => {
  const res = await handler(new Request(`http://localhost${path}`));
  expect(res.status, path).toBe(200);
  return res.json() as Promise<{ products: ListProduct[] } & Record<string, unknown>>;
};
const inList = (body: { products: ListProduct[] }) => body.products.find((p) => p.handle === product.handle)!;
const collection = catalog.collections.find((c) => c.handle === 'all')!;

describe('function lists: live availability', () => {
  it.each([
    ['/products.json?limit=250'],
    ['/de/products.json?limit=250&page=1'],
    [`/collections/${collection.handle}/products.json?limit=250`],
    [`/en/collections/${collection.handle}/products.json?page=1&limit=250`],
  ])('%s shows a product sold out since the count as unavailable, as .js does', async (path) => {
    const listed = inList(await get(soldOutHandler, path));
    const ajax = (await get(soldOutHandler, `/products/${product.handle}.js`)) as unknown as { variants: ListVariant[] };
    expect(listed.variants.map((v) => v.available)).toEqual(product.variants.map(() => false));
    expect(listed.variants.map((v) => v.available)).toEqual(ajax.variants.map((v) => v.available));
  });

  it('asks the ledger only for the variants of the page shown', async () => {
    asked.length = 0;
    const body = await get(soldOutHandler, '/products.json?limit=3&page=2');
    expect(asked).toEqual([body.products.flatMap((p) => p.variants.map((v) => v.id))]);
  });

  it('the static file keeps the stock counted at build time', () => {
    expect(inList(staticFirstPage).variants.every((v) => v.available)).toBe(true);
  });

  it('a failing ledger leaves the list at 200 with the counted stock', async () => {
    const failing = handlerWith(async () => {
      throw new Error('state store down');
    });
    const listed = inList(await get(failing, '/products.json?limit=250'));
    expect(listed.variants.every((v) => v.available)).toBe(true);
  });
});
