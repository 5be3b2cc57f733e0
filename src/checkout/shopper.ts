/**
 * Who is shopping and for where: the hints of a cart, checkout or catalog request (language,
 * destination country, region and postal code, preferred currency) read into a locale, a
 * destination for availability and price (src/commerce/market.ts), and the problems of the
 * hints themselves. Hints never make a request fail (docs/agent-commerce.md "Context hints"):
 * a language the store lacks falls back to French, a currency other than EUR gets EUR prices,
 * an unserved destination gets a warning.
 */
import { type BuyerVatStatus, CONSUMER } from '../commerce/pricing-context';
import type { Store } from '../catalog/schema';
import { DEFAULT_LOCALE, type Locale, isLocale } from '../catalog/locales';
import type { CatalogProduct } from '../catalog/types';
import { type CatalogIndex, catalogIndex } from '../catalog/ids';
import { type Destination, deliveryArea } from '../commerce/market';
import type { ShoppingContext } from '../commerce/records';
import { type ViewContext, viewContext } from '../views/context';
import type { UcpViewOptions } from '../views/ucp-product';
import type { CommerceContext } from './context';
import { type Problem, info, warning } from './problems';

export interface Shopper {
  /** Locale of titles and descriptions. */
  locale: Locale;
  /** ISO 3166-1 alpha-2 destination, uppercase, or undefined when not given or not recognised. */
  country: string | undefined;
  /** The destination for availability and price: country, postal code, region; undefined without a country. */
  destination: Destination | undefined;
  /** True when the currency hint asked for something other than the store's currency. */
  foreignCurrency: boolean;
  /** How the hints were applied (currency, country). */
  problems: Problem[];
}

/**
 * The store locale a BCP 47 tag names: its primary language subtag when the store has that
 * locale ("de-AT" → de, "pt-BR" → pt), otherwise undefined (no tag, or a language the store lacks).
 */
export function storeLocaleOf(language: string | undefined): Locale | undefined {
  const primary = language?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : undefined;
}

/** Locale of a BCP 47 tag: the store locale it names (`storeLocaleOf`), otherwise French. */
export function localeOfLanguage(language: string | undefined): Locale {
  return storeLocaleOf(language) ?? DEFAULT_LOCALE;
}

/**
 * Reads a request's hints.
 * @param store content/store.yaml (countries served, VAT, currency)
 */
export function readShopper(store: Pick<Store, 'countries_served' | 'vat' | 'currency'>, context: ShoppingContext | undefined): Shopper {
  const problems: Problem[] = [];
  const locale = localeOfLanguage(context?.language);
  const currency = context?.currency?.trim().toUpperCase();
  const foreignCurrency = !!currency && currency !== store.currency;
  if (foreignCurrency) problems.push(info('currency_unsupported', { store: store.currency, requested: currency }));
  let country: string | undefined;
  const raw = context?.address_country?.trim();
  if (raw && /^[A-Za-z]{2}$/.test(raw)) {
    country = raw.toUpperCase();
    const area = deliveryArea(store, { country, postalCode: context?.postal_code, region: context?.address_region });
    if (area.kind === 'not_served') problems.push(warning('destination_not_served', { country, served: store.countries_served }));
    else if (area.kind === 'territory') problems.push(warning('territory_not_served', { country, territory: area.name }));
    else if (!area.eu) problems.push(info('prices_exclude_vat', { country }));
  } else if (raw) {
    problems.push(warning('invalid_country', { value: raw }));
  }
  const destination = country === undefined ? undefined : { country, postalCode: context?.postal_code, region: context?.address_region };
  return { locale, country, destination, foreignCurrency, problems };
}

/** A shopper with what reading the catalog for them needs: the view context, the ids, live stock. */
export interface ShopperView {
  shopper: Shopper;
  /** The buyer's VAT status (src/commerce/pricing-context.ts): a consumer unless signed in for an approved business. */
  vatStatus: BuyerVatStatus;
  ctx: ViewContext;
  index: CatalogIndex;
  /** View options for these products, with their live stock. */
  view(products: readonly CatalogProduct[]): Promise<UcpViewOptions>;
}

/**
 * Prepares reading the catalog for the shopper of `context`.
 * @param vatStatus the buyer's VAT status (default: a consumer)
 */
export function shopperView(commerce: Pick<CommerceContext, 'catalog' | 'sold'>, context: ShoppingContext | undefined, vatStatus: BuyerVatStatus = CONSUMER): ShopperView {
  const shopper = readShopper(commerce.catalog.store, context);
  const index = catalogIndex(commerce.catalog);
  return {
    shopper,
    vatStatus,
    ctx: viewContext(commerce.catalog, shopper.locale),
    index,
    async view(products) {
      const sold = await commerce.sold(products.flatMap((p) => p.variants.map((v) => v.id)));
      return { destination: shopper.destination, sold, productGid: index.productGid, variantGid: index.variantGid };
    },
  };
}

/** Keeps the known hints of a request's context, trimmed to what the store stores. */
export function shoppingContext(context: ShoppingContext | undefined): ShoppingContext | undefined {
  if (!context) return undefined;
  const hints = context as Record<string, unknown>;
  const keys = ['address_country', 'address_region', 'postal_code', 'language', 'currency', 'intent'] as const;
  const kept = Object.fromEntries(keys.flatMap((k) => (typeof hints[k] === 'string' ? [[k, hints[k]]] : [])));
  return kept as ShoppingContext;
}
