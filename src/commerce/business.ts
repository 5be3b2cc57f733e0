/**
 * Business accounts as the store keeps and applies them (docs/decisions.md "The store knows
 * people"; ../shared/docs/business.md): an organisation applies (src/accounts/business.ts checks
 * the application), the merchant approves or refuses it, and an approved organisation buys on
 * the terms granted here. Pure.
 *
 * States: `awaiting_vies` (a VAT number VIES could not check yet: the application waits, it is
 * neither granted nor refused on that), `pending` (the merchant reviews it), `approved`,
 * `refused`.
 */
import type { Address } from './address';
import type { BuyerVatStatus } from './pricing-context';

/** What kind of organisation applies: it decides the terms granted by default. */
export const BUSINESS_KINDS = ['company', 'school', 'public_body', 'association'] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];

export const BUSINESS_STATUSES = ['awaiting_vies', 'pending', 'approved', 'refused'] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

/** An application checked: the organisation as the store keeps it (before VIES). */
export interface BusinessDetails {
  kind: BusinessKind;
  legal_name: string;
  /** ISO 3166-1 alpha-2 of the organisation's seat, uppercase. */
  country: string;
  billing_address: Address;
  /** Compact, with its prefix (`DE136308783`, `EL…`), when given. */
  vat_number?: string;
  /** 14 digits, French organisations. */
  siret?: string;
  /** 7 digits and a letter, French schools. */
  uai?: string;
  contact_name: string;
  contact_phone?: string;
}

/** What VIES said of the application's VAT number, as recorded with it. */
export type VatCheck =
  | { result: 'valid'; name: string | null; address: string | null; consultation: string | null; checked_at: string }
  | { result: 'unavailable'; reason: string; checked_at: string };

/** The terms an approved organisation buys on. */
export interface BusinessTerms {
  /** May place orders without a card: bank transfer within 30 days of the invoice (src/commerce/payment-terms.ts). */
  pay_on_invoice: boolean;
  /** A purchase-order number is asked for each order (public bodies' "engagement juridique"). */
  purchase_order_required: boolean;
}

/**
 * The terms an organisation of `kind` gets when approved: schools and public bodies pay on
 * invoice, public bodies give a purchase order (../shared/docs/business.md "French identifiers");
 * the merchant may grant invoice terms to others (`npm run accounts -- approve --invoice`).
 */
export function defaultTerms(kind: BusinessKind): BusinessTerms {
  return { pay_on_invoice: kind === 'school' || kind === 'public_body', purchase_order_required: kind === 'public_body' };
}

/**
 * The state an application starts in once VIES was asked (or had nothing to check): `pending`, or
 * `awaiting_vies` when VIES could not answer.
 */
export function initialStatus(check: VatCheck | undefined): Extract<BusinessStatus, 'pending' | 'awaiting_vies'> {
  return check?.result === 'unavailable' ? 'awaiting_vies' : 'pending';
}

/** True when the merchant may decide on an application in `status` (VIES has answered, nothing decided yet). */
export function decidable(status: BusinessStatus): boolean {
  return status === 'pending';
}

/**
 * The VAT status of a member of an approved business account (src/commerce/pricing-context.ts):
 * its seat, its VAT number and whether VIES found it valid.
 */
export function businessVatStatus(account: { legal_name: string; country: string; details: Pick<BusinessDetails, 'vat_number'>; vat_check: VatCheck | null }): BuyerVatStatus {
  return {
    kind: 'business', legalName: account.legal_name, country: account.country,
    vatNumber: account.details.vat_number ?? null, viesValid: account.vat_check?.result === 'valid',
  };
}

/**
 * The organisation an order is placed for, as the checkout shows it and the order and its
 * invoice keep it: its legal name, seat, VAT number with the date VIES found it valid (null:
 * not verified, French VAT applies), and its billing address, apart from the delivery address.
 */
export interface OrderingOrganisation {
  legal_name: string;
  country: string;
  vat_number: string | null;
  /** ISO 8601 of the VIES consultation that found `vat_number` valid, or null. */
  vat_verified_at: string | null;
  billing_address: Address;
}

/** The organisation of an approved business account as its members' orders name it. */
export function orderingOrganisation(account: { legal_name: string; country: string; details: Pick<BusinessDetails, 'vat_number' | 'billing_address'>; vat_check: VatCheck | null }): OrderingOrganisation {
  return {
    legal_name: account.legal_name, country: account.country, vat_number: account.details.vat_number ?? null,
    vat_verified_at: account.vat_check?.result === 'valid' ? account.vat_check.checked_at : null, billing_address: account.details.billing_address,
  };
}
