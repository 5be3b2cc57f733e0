/**
 * The application for a business account (docs/decisions.md "The store knows people";
 * ../shared/docs/business.md "French identifiers"), pure: what it must say, its fields and their
 * checks (VAT number, SIRET, UAI by src/accounts/identifiers.ts).
 *
 * The records and the terms they grant are src/commerce/business.ts.
 */
import { postalCodeValid } from '../commerce/address';
import { BUSINESS_KINDS, type BusinessDetails } from '../commerce/business';
import { hasControlCharacters, hasUnstorableCharacters } from '../commerce/text';
import { parseSiret, parseUai, parseVatNumber, vatNumberMatchesCountry } from './identifiers';

/** The fields of the application form, in the order the form shows them. */
export const APPLICATION_FIELDS = ['kind', 'legal_name', 'country', 'street_address', 'postal_code', 'address_locality', 'vat_number', 'siret', 'uai', 'contact_name', 'contact_phone'] as const;
export type ApplicationField = (typeof APPLICATION_FIELDS)[number];

/** An application as the form sends it: every field a string, possibly empty. */
export type ApplicationInput = Partial<Record<ApplicationField, string>>;

/**
 * Why a field is refused: `required`, `too_long` (over `MAX_FIELD` characters), `text` (a control
 * or unstorable character), `choice` (not one of the offered values), `format` or `checksum` (an
 * identifier whose shape or check digits are wrong), `country_mismatch` (a VAT number of another
 * country than the organisation's), `not_eu` (a number outside the EU VAT area, which VIES does
 * not hold), `vies_invalid` (VIES says the number does not exist).
 */
export type ApplicationProblem = 'required' | 'too_long' | 'text' | 'choice' | 'format' | 'checksum' | 'country_mismatch' | 'not_eu' | 'vies_invalid';

/** Longest text kept for one field, in characters. */
export const MAX_FIELD = 200;




/**
 * Checks an application's fields.
 * @param countries the countries an organisation may apply from (the store's served countries)
 * @returns the details, or the problem of each refused field
 */
export function checkApplication(input: ApplicationInput, countries: readonly string[]): { ok: true; details: BusinessDetails } | { ok: false; problems: Partial<Record<ApplicationField, ApplicationProblem>> } {
  const problems: Partial<Record<ApplicationField, ApplicationProblem>> = {};
  const text = (field: ApplicationField, required: boolean): string | undefined => {
    const value = (input[field] ?? '').trim().replace(/\s+/g, ' ');
    if (!value) {
      if (required) problems[field] = 'required';
      return undefined;
    }
    if (hasControlCharacters(value) || hasUnstorableCharacters(value)) problems[field] = 'text';
    else if (value.length > MAX_FIELD) problems[field] = 'too_long';
    return value;
  };
  const kindText = text('kind', true);
  const kind = BUSINESS_KINDS.find((k) => k === kindText);
  if (kindText && !kind) problems.kind = 'choice';
  const legal_name = text('legal_name', true);
  const countryText = text('country', true)?.toUpperCase();
  const country = countryText && countries.includes(countryText) ? countryText : undefined;
  if (countryText && !country) problems.country = 'choice';
  const street_address = text('street_address', true);
  const postal_code = text('postal_code', true);
  const address_locality = text('address_locality', true);
  if (postal_code && country && !problems.postal_code && !postalCodeValid(postal_code, country)) problems.postal_code = 'format';
  const contact_name = text('contact_name', true);
  const contact_phone = text('contact_phone', false);

  const french = country === 'FR';
  let vat_number: string | undefined;
  const vatText = text('vat_number', false);
  if (vatText && !problems.vat_number) {
    const parsed = parseVatNumber(vatText);
    if (!parsed.ok) problems.vat_number = parsed.reason;
    else if (country && !vatNumberMatchesCountry(parsed.vatNumber, country)) problems.vat_number = 'country_mismatch';
    else vat_number = parsed.vatNumber;
  }
  let siret: string | undefined;
  const siretText = text('siret', french);
  if (siretText && !problems.siret) {
    const parsed = parseSiret(siretText);
    if (parsed.ok) siret = parsed.siret;
    else problems.siret = parsed.reason;
  }
  let uai: string | undefined;
  const uaiText = text('uai', french && kind === 'school');
  if (uaiText && !problems.uai) {
    const parsed = parseUai(uaiText);
    if (parsed.ok) uai = parsed.uai;
    else problems.uai = parsed.reason;
  }
  if (Object.keys(problems).length || !kind || !legal_name || !country || !street_address || !postal_code || !address_locality || !contact_name) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    details: {
      kind, legal_name, country,
      billing_address: { street_address, postal_code, address_locality, address_country: country },
      ...(vat_number ? { vat_number } : {}),
      ...(siret ? { siret } : {}),
      ...(uai ? { uai } : {}),
      contact_name,
      ...(contact_phone ? { contact_phone } : {}),
    },
  };
}

