/**
 * The pricing context (docs/decisions.md "The store knows people"): what a price and its VAT
 * depend on besides the product — the destination *and* the buyer's VAT status — and how each
 * line is taxed under it. Never which protocol or page asked. The rules
 * (../shared/docs/business.md "Who is a business customer"):
 * - consumers, and businesses without a VIES-checked number of another member state: as today
 *   (src/commerce/vat.ts) — the destination's VAT inside the EU (OSS), none outside (export);
 * - an approved business with a VIES-valid VAT number of another member state, for goods shipped
 *   to that state: an exempt intra-Community supply (Directive 2006/112/EC art. 138; CGI
 *   art. 262 ter I), priced net of French VAT; the shipping of those goods follows them;
 * - that business's lines with nothing to ship (the store's trainings, admissions to events held
 *   in France): French VAT, where the event takes place (art. 53);
 * - a French business: French VAT, as a consumer in France.
 */
import type { Store } from '../catalog/schema';
import type { Destination } from './market';
import { disclosedVatRate, isEuCountry, netOfVat, originVatRate } from './vat';

/**
 * The buyer's VAT status: a consumer, or an approved business (its country, and whether VIES
 * said its VAT number is valid).
 */
export type BuyerVatStatus =
  | { kind: 'consumer' }
  | { kind: 'business'; legalName: string; country: string; vatNumber: string | null; viesValid: boolean };

export const CONSUMER: BuyerVatStatus = { kind: 'consumer' };

/**
 * How an amount is taxed: VAT at `rate` percent included, an export (no VAT, art. 146) or an
 * exempt intra-Community supply (no VAT, art. 138).
 */
export type Taxation = { kind: 'vat'; rate: number } | { kind: 'export' } | { kind: 'intra_eu' };

/** What a line supplies: goods that are shipped, or something with nothing to ship (a training, a voucher). */
export type Supply = 'goods' | 'service';

/** The supply of a variant: goods when it weighs something (content `grams`), otherwise a service. */
export const supplyOf = (variant: { grams: number }): Supply => (variant.grams > 0 ? 'goods' : 'service');

/**
 * True when goods sent to `destination` are an exempt intra-Community supply for `buyer`: an
 * approved business whose VAT number VIES found valid, established in another member state
 * than the store's, the goods going to that state.
 */
export function intraEuSupply(store: Pick<Store, 'vat'>, buyer: BuyerVatStatus, destination: Destination | undefined): boolean {
  return buyer.kind === 'business' && buyer.viesValid && buyer.vatNumber !== null
    && destination !== undefined && destination.country === buyer.country
    && buyer.country !== store.vat.origin_country && isEuCountry(store, buyer.country);
}

/**
 * How a line of `supply` is taxed for `buyer` at `destination` (see the module's rules).
 * @param destination undefined when unknown: the origin's VAT (what the content prices include)
 */
export function lineTaxation(store: Pick<Store, 'vat' | 'countries_served'>, buyer: BuyerVatStatus, destination: Destination | undefined, supply: Supply): Taxation {
  const country = destination?.country;
  if (country !== undefined && !isEuCountry(store, country)) return { kind: 'export' };
  if (intraEuSupply(store, buyer, destination)) return supply === 'goods' ? { kind: 'intra_eu' } : { kind: 'vat', rate: originVatRate(store) };
  return { kind: 'vat', rate: disclosedVatRate(store, country) };
}

/**
 * The price charged for an amount written in content (VAT included at the origin's rate):
 * unchanged when VAT is charged (inside the EU every member state pays the same gross price), net
 * of the origin's VAT when none is.
 * @param grossCents integer cents, as in content
 * @returns integer cents
 */
export function priceUnder(store: Pick<Store, 'vat'>, grossCents: number, taxation: Taxation): number {
  return taxation.kind === 'vat' ? grossCents : netOfVat(grossCents, originVatRate(store));
}

/**
 * How the shipping of a checkout is taxed: as the goods it carries (an intra-Community supply
 * when they are one), otherwise as goods to the destination.
 */
export function shippingTaxation(store: Pick<Store, 'vat' | 'countries_served'>, buyer: BuyerVatStatus, destination: Destination | undefined): Taxation {
  return lineTaxation(store, buyer, destination, 'goods');
}

/** A key per taxation, to group amounts: `vat:20`, `export`, `intra_eu`. */
export const taxationKey = (t: Taxation): string => (t.kind === 'vat' ? `vat:${t.rate}` : t.kind);
