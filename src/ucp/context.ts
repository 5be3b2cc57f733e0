/**
 * Reads the UCP `context` hints of a request (docs/ucp.md §8; docs/spec.md "C. Agent commerce"
 * rule 4): `language` picks one of the 12 locales (fallback French), `address_country`
 * decides availability and price (src/commerce/market.ts), refined by `postal_code` and
 * `address_region` (territories the store does not deliver to: src/commerce/market.ts `deliveryArea`),
 * `currency` other than EUR gets EUR prices and an info message. Context is a hint: it never makes a request fail.
 */
import type { Store } from '../catalog/schema';
import { DEFAULT_LOCALE, type Locale, isLocale } from '../catalog/locales';
import { type Destination, deliveryArea } from '../commerce/market';
import { infoMessage, warningMessage } from './messages';
import type { Context, Message } from './wire/common';

export interface BuyerContext {
  /** Locale of titles and descriptions. */
  locale: Locale;
  /** ISO 3166-1 alpha-2 destination, uppercase, or undefined when not given or not recognised. */
  country: string | undefined;
  /** The destination for availability and price: country, postal code, region; undefined without a country. */
  destination: Destination | undefined;
  /** True when the currency hint asked for something other than EUR. */
  foreignCurrency: boolean;
  /** Messages explaining how the hints were applied (currency, country). */
  messages: Message[];
}

/**
 * Locale of a BCP 47 tag: its primary language subtag when the store has that locale
 * ("de-AT" → de, "pt-BR" → pt), otherwise French.
 */
export function localeOfLanguage(language: string | undefined): Locale {
  const primary = language?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : DEFAULT_LOCALE;
}

/** A destination for messages: "FR", "FR 97400", "ES (Canarias)". */
export function destinationLabel(destination: Destination | undefined): string {
  if (!destination) return 'the destination';
  const detail = destination.postalCode ?? (destination.region ? `(${destination.region})` : '');
  return detail ? `${destination.country} ${detail}` : destination.country;
}

/**
 * Interprets a request's context.
 * @param store content/store.yaml (countries served, VAT)
 * @param context the request's `context`, if any
 */
export function buyerContext(store: Pick<Store, 'countries_served' | 'vat' | 'currency'>, context: Context | undefined): BuyerContext {
  const messages: Message[] = [];
  const locale = localeOfLanguage(context?.language);
  const currency = context?.currency?.trim().toUpperCase();
  const foreignCurrency = !!currency && currency !== store.currency;
  if (foreignCurrency) {
    messages.push(infoMessage('currency_unsupported', `Prices are in ${store.currency}: the store sells in ${store.currency} only and does not convert to ${currency}.`));
  }
  let country: string | undefined;
  const raw = context?.address_country?.trim();
  if (raw && /^[A-Za-z]{2}$/.test(raw)) {
    country = raw.toUpperCase();
    const area = deliveryArea(store, { country, postalCode: context?.postal_code, region: context?.address_region });
    if (area.kind === 'not_served') {
      messages.push(warningMessage('address_undeliverable', `The store does not deliver to ${country}; nothing can be bought for that destination. Countries served: ${store.countries_served.join(', ')}.`));
    } else if (area.kind === 'territory') {
      messages.push(warningMessage('address_undeliverable', `The store does not deliver to the ${area.name} (${country}); nothing can be bought for that destination.`));
    } else if (!area.eu) {
      messages.push(infoMessage('prices_exclude_vat', `Prices for ${country} exclude French VAT (export outside the EU); import duties and taxes may be charged on delivery.`));
    }
  } else if (raw) {
    messages.push(warningMessage('invalid_country', `context.address_country "${raw}" is not an ISO 3166-1 alpha-2 code such as "FR"; availability and prices are shown without a destination.`));
  }
  const destination = country === undefined ? undefined : { country, postalCode: context?.postal_code, region: context?.address_region };
  return { locale, country, destination, foreignCurrency, messages };
}
