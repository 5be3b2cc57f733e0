/**
 * The buyer's shipping address and e-mail as the store needs them to deliver and to confirm an
 * order (docs/agent-commerce.md "Fulfillment": a destination is a postal address): which fields
 * are kept, how they are normalised, and what is missing or malformed. Protocol-free: the
 * checkout's pricing (src/checkout/pricing.ts) reports them as problems, which the UCP adapter
 * words as `invalid_address` / `missing` messages (src/ucp/problems.ts).
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { parseMailbox } from './email';

/** Address fields of a destination, in the fixed order of the approved terms (src/commerce/approval.ts). */
export const ADDRESS_FIELDS = ['first_name', 'last_name', 'street_address', 'extended_address', 'postal_code', 'address_locality', 'address_region', 'address_country', 'phone_number'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** A normalised address: only the known fields, trimmed, none empty. */
export type Address = Partial<Record<AddressField, string>>;

/** An address as a client sends it (extra members are ignored). */
export type AddressInput = Partial<Record<AddressField, string | undefined>>;

/** A problem of an address: the field concerned and why. */
export interface AddressProblem {
  field: AddressField;
  /**
   * `country`: not an ISO 3166-1 alpha-2 code; `required`: the field is missing; `recipient`:
   * neither first nor last name; `format`: a postal code the country's postal service does not
   * write so (`postalCodeValid`).
   */
  problem: 'country' | 'required' | 'recipient' | 'format';
}

const ALPHA2 = /^[A-Z]{2}$/;
/** Fields without which a parcel cannot be addressed. */
const REQUIRED = ['street_address', 'postal_code', 'address_locality'] as const;

/** True when the input carries at least one non-blank address field (a destination that is more than an id). */
export function hasAddressFields(address: AddressInput): boolean {
  return ADDRESS_FIELDS.some((f) => typeof address[f] === 'string' && address[f]!.trim() !== '');
}

/** Trims the fields of an address and upper-cases an alpha-2 country; drops empty fields and unknown keys. */
export function normalizeAddress(address: AddressInput): Address {
  const out: Address = {};
  for (const field of ADDRESS_FIELDS) {
    const value = address[field]?.trim();
    if (value) out[field] = field === 'address_country' && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : value;
  }
  return out;
}

/** The address as compared for sameness (a saved address): its fields trimmed, spaces collapsed, lowercase, in a fixed order. */
export function addressFingerprint(address: AddressInput): string {
  const normalised = normalizeAddress(address);
  return JSON.stringify(ADDRESS_FIELDS.flatMap((f) => (normalised[f] ? [[f, normalised[f]!.replace(/\s+/g, ' ').toLowerCase()]] : [])));
}

/** The destination country of a normalised address when it is an alpha-2 code, else undefined. */
export function addressCountry(address: Address): string | undefined {
  return address.address_country && ALPHA2.test(address.address_country) ? address.address_country : undefined;
}

/**
 * What keeps a normalised address from being shippable: an alpha-2 country, street, postal code,
 * locality, and the recipient's first or last name.
 * @returns the problems in field order, empty when the address is complete
 */
export function addressProblems(address: Address): AddressProblem[] {
  const out: AddressProblem[] = [];
  if (!addressCountry(address)) out.push({ field: 'address_country', problem: 'country' });
  for (const field of REQUIRED) if (!address[field]) out.push({ field, problem: 'required' });
  if (!address.first_name && !address.last_name) out.push({ field: 'last_name', problem: 'recipient' });
  const country = addressCountry(address);
  if (country && address.postal_code && !postalCodeValid(address.postal_code, country)) out.push({ field: 'postal_code', problem: 'format' });
  return out;
}

/**
 * Whether a postal code is written as its country's postal service writes it ("69007" in France,
 * "1000" in Belgium, "SW1A 1AA" in the United Kingdom), by the formats of the library
 * `postcode-validator` (one regular expression per country). A country it does not know is not
 * checked: any code is taken.
 * @param country ISO 3166-1 alpha-2
 */
export function postalCodeValid(postalCode: string, country: string): boolean {
  return !postcodeValidatorExistsForCountry(country) || postcodeValidator(postalCode.trim(), country);
}

/**
 * The problem of the buyer's e-mail address (the order confirmation goes there): `missing`
 * (absent or blank), `invalid` (not one mailbox as src/commerce/email.ts `parseMailbox` reads
 * it: RFC 5321 §4.1.2), or null when usable.
 */
export function emailProblem(email: string | undefined): 'missing' | 'invalid' | null {
  if (!email?.trim()) return 'missing';
  return parseMailbox(email) === null ? 'invalid' : null;
}
