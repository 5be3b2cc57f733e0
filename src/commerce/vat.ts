/**
 * VAT rules of the store (docs/decisions.md "Prices include VAT"): content prices are gross,
 * French VAT included. Inside the EU every country pays the same gross price and the VAT
 * portion is computed at the destination rate (OSS, Directive 2006/112/EC art. 33 and 369a);
 * outside the EU (e.g. CH, NO, GB) goods are exported VAT-free, so the price is the net of
 * French VAT (art. 146). Rates come from content/store.yaml `vat`.
 */
import type { Store } from '../catalog/schema';

/** True when `country` (ISO 3166-1 alpha-2) is an EU member state per content/store.yaml. */
export function isEuCountry(store: Pick<Store, 'vat'>, country: string): boolean {
  return store.vat.eu_countries.includes(country);
}

/**
 * Standard VAT rate in percent (e.g. 20, 25.5) charged for a destination: the destination's
 * rate inside the EU (OSS), 0 outside the EU.
 * @throws Error when an EU country has no rate in content/store.yaml (a content error).
 */
export function destinationVatRate(store: Pick<Store, 'vat'>, country: string): number {
  if (!isEuCountry(store, country)) return 0;
  const rate = store.vat.standard_rates[country];
  if (rate === undefined) throw new Error(`content/store.yaml vat.standard_rates has no rate for ${country}`);
  return rate;
}

/** VAT rate in percent included in the content prices: the origin country's standard rate. */
export function originVatRate(store: Pick<Store, 'vat'>): number {
  return destinationVatRate(store, store.vat.origin_country);
}

/**
 * Net amount of a gross amount at `ratePercent`, rounded half up to the cent.
 * @param grossCents integer cents, VAT included
 * @param ratePercent e.g. 20 or 25.5
 * @returns integer cents without VAT, e.g. netOfVat(24900, 20) = 20750
 */
export function netOfVat(grossCents: number, ratePercent: number): number {
  // Rates have at most one decimal in practice: work in tenths of a percent to stay in integers.
  const tenths = Math.round(ratePercent * 10);
  return Math.floor((grossCents * 1000 * 2 + (1000 + tenths)) / ((1000 + tenths) * 2));
}

/** VAT portion included in a gross amount: gross − net, in cents. */
export function vatIncluded(grossCents: number, ratePercent: number): number {
  return grossCents - netOfVat(grossCents, ratePercent);
}

/**
 * The price a buyer in `country` pays for an item whose content price is `grossCents`:
 * unchanged inside the EU (and when the country is unknown), net of the origin VAT outside it.
 * @returns integer cents
 */
export function priceForCountry(store: Pick<Store, 'vat'>, grossCents: number, country: string | undefined): number {
  if (country === undefined || isEuCountry(store, country)) return grossCents;
  return netOfVat(grossCents, originVatRate(store));
}

/**
 * The VAT rate a checkout's totals disclose (docs/agent-commerce.md "Totals and VAT"): the rate of
 * the destination country when the store serves it (its own rate inside the EU, OSS; 0 for an
 * export), otherwise (no destination yet, or one the store does not serve) the origin rate the
 * content prices include.
 * @param country ISO 3166-1 alpha-2 destination, or undefined
 * @returns percent, e.g. 20, 25.5 or 0
 */
export function disclosedVatRate(store: Pick<Store, 'vat' | 'countries_served'>, country: string | undefined): number {
  return country && store.countries_served.includes(country) ? destinationVatRate(store, country) : originVatRate(store);
}
