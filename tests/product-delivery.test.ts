// The product page states the delivery cost before the order (docs/storefront.md "Pages on a
// phone"; Directive 2011/83/EU art. 6(1)(e)): the amount it prints is what an agent's checkout
// of one unit of the product's cheapest variant to the locale's country (France on the French
// page, Germany on the German one: content/store.yaml `locale_countries`) charges for the
// cheapest home delivery (a pickup point is not a delivery to the buyer's home). A product that
// ships nothing says nothing about delivery. In fr and de, with the link to the delivery page.
import { describe, expect, it } from 'vitest';
import { page } from './helpers/storefront';
import { ADDRESS, callTool, checkoutHandler, line, shipTo } from './helpers/checkout';
import { catalog } from './helpers/content';
import { localizedPath, paths } from '../src/catalog/urls';
import { formatPrice } from '../src/views/format';
import { unitRequiresShipping } from '../src/commerce/shipping';
import { toCents } from '../src/commerce/money';
import type { CatalogProduct } from '../src/catalog/types';

const { handler } = checkoutHandler();
const published = catalog.products.filter((p) => p.published) as CatalogProduct[];
const cheapest = (p: CatalogProduct) => p.variants.reduce((a, b) => (toCents(b.price) < toCents(a.price) ? b : a));
/** Products an agent can put in a checkout today (in stock or sold on backorder), whose cheapest variant ships. */
const shippable = published.filter((p) => unitRequiresShipping(cheapest(p)) && (!cheapest(p).inventory || cheapest(p).inventory!.quantity > 0 || cheapest(p).inventory!.policy === 'continue'));
/** A sample across categories: a parcel, a freight product, the lightest and the heaviest. */
const SAMPLE = [...new Map([
  shippable.find((p) => !p.freight), shippable.find((p) => p.freight),
  [...shippable].sort((a, b) => cheapest(a).grams - cheapest(b).grams)[0],
  [...shippable].sort((a, b) => cheapest(b).grams - cheapest(a).grams)[0],
].filter((p): p is CatalogProduct => !!p).map((p) => [p.handle, p])).values()];
const homeDelivery = new Set(catalog.shipping.methods.filter((m) => m.type === 'shipping').map((m) => m.id));

/** The cheapest home-delivery price an MCP checkout quotes for one unit to `address`, in cents. */
async function checkoutQuote(product: CatalogProduct, address: Record<string, string>): Promise<number | null> {
  const created = await callTool(handler, 'create_checkout', { checkout: { line_items: [line(cheapest(product).id)] } });
  const addressed = await callTool(handler, 'update_checkout', { id: created.id, checkout: { line_items: [line(cheapest(product).id)], fulfillment: shipTo(address) } });
  const options = (addressed.fulfillment?.methods?.[0]?.groups?.[0]?.options ?? []) as Array<{ id: string; totals: Array<{ type: string; amount: number }> }>;
  const prices = options.filter((o) => homeDelivery.has(o.id)).map((o) => o.totals.find((t) => t.type === 'total')?.amount ?? o.totals[0].amount);
  return prices.length ? Math.min(...prices) : null;
}

describe('the product page states the delivery cost the checkout charges', () => {
  it.each(SAMPLE.map((p) => [p.handle, p] as const))('%s', async (_handle, product) => {
    for (const locale of ['fr', 'de'] as const) {
      // A product that cannot go to Germany quotes France on the German page too.
      const toGermany = locale === 'de' && (await checkoutQuote(product, ADDRESS.DE)) !== null;
      const quote = await checkoutQuote(product, toGermany ? ADDRESS.DE : ADDRESS.FR);
      expect(quote, `the checkout quotes a home delivery for ${locale}`).not.toBeNull();
      const $ = page(localizedPath(locale, paths.product(product.handle)));
      const text = $('.delivery').text().replace(/\s+/g, ' ');
      expect(text, locale).toContain(quote === 0 ? (locale === 'fr' ? 'offerte' : 'kostenlos') : formatPrice(quote!, locale).replace(/\s+/g, ' '));
      expect(text, locale).toContain(locale === 'fr' ? 'France' : toGermany ? 'Deutschland' : 'Frankreich');
      expect($('.delivery a').attr('href'), locale).toBe(localizedPath(locale, paths.page(catalog.store.pages.shipping)));
    }
  });

  it('a product that ships nothing (a training) says nothing about delivery', () => {
    const digital = published.find((p) => !unitRequiresShipping(cheapest(p)));
    expect(digital, 'the content has a product without weight').toBeDefined();
    expect(page(paths.product(digital!.handle))('.delivery')).toHaveLength(0);
  });
});
