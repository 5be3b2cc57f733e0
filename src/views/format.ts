/**
 * Display formatting for people (the storefront's pages and the e-mails): money, dates, country
 * names and lists, postal addresses and plain-text excerpts, per locale with `Intl`. Machine formats stay in src/commerce/money.ts (decimal
 * strings for `.json`, cents for `.js` and UCP); this module starts from the same integer cents.
 */
import { type Locale, LOCALE_TAGS } from '../catalog/locales';
import { toDecimal } from '../commerce/money';
import type { Address } from '../commerce/address';

/** The store's time zone: dates are shown as they are in Lyon. */
const STORE_TIME_ZONE = 'Europe/Paris';


/**
 * Formats integer EUR cents (VAT included) for display: 14990 → "149,90 €" (fr), "€149.90" (en),
 * "149,90 €" (de). Formats the exact decimal string, never a float, so no rounding can occur.
 * The VAT mention ("TTC", "incl. VAT") is a UI string (src/i18n/ui.ts `vatIncluded`).
 * @throws Error when `cents` is not a safe integer.
 */
export function formatPrice(cents: number, locale: Locale): string {
  const key = `${locale}:${cents}`;
  let text = prices.get(key);
  if (text === undefined) {
    const format = intl('price', locale, (tag) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    text = format.format(toDecimal(cents) as `${number}`);
    // A build formats the catalog's few hundred prices on tens of thousands of pages; a
    // long-running process meets ever new amounts (cart totals), so the memo is bounded.
    if (prices.size >= MAX_MEMO) prices.clear();
    prices.set(key, text);
  }
  return text;
}
const prices = new Map<string, string>();
const MAX_MEMO = 10_000;

const formatters = new Map<string, unknown>();
/**
 * One Intl formatter per purpose and locale, made on first use: constructing them is far slower
 * than formatting, and a build formats on tens of thousands of pages.
 */
export function intl<T>(purpose: string, locale: Locale, make: (tag: string) => T): T {
  const key = `${purpose}:${locale}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make(LOCALE_TAGS[locale]);
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A date for display in the locale ("20 mai 2025", "May 20, 2025"), in the store's time zone.
 * @param iso ISO 8601 date-time with offset, e.g. "2025-05-20T09:00:00+02:00"
 * @throws RangeError when `iso` is not a valid date.
 */
export function formatDate(iso: string, locale: Locale): string {
  return intl('date', locale, (tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: STORE_TIME_ZONE })).format(new Date(iso));
}

/**
 * Country names joined as a list in the locale: ["FR","BE"] → "France et Belgique" (fr),
 * "France and Belgium" (en).
 * @param codes ISO 3166-1 alpha-2 codes
 */
export function formatCountries(codes: readonly string[], locale: Locale): string {
  const list = intl('and-list', locale, (tag) => new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' }));
  return list.format(codes.map((c) => countryName(c, locale)));
}

/**
 * A country's name in the locale: "FR" → "France" (fr), "Frankreich" (de).
 * @param code ISO 3166-1 alpha-2 code; anything else is returned as it is
 */
export function countryName(code: string, locale: Locale): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  // `DisplayNames.of` costs far more than a lookup, and a build names the same country on every product page.
  const key = `${locale}:${code}`;
  let name = countries.get(key);
  if (name === undefined) {
    name = intl('regions', locale, (tag) => new Intl.DisplayNames([tag], { type: 'region' })).of(code) ?? code;
    countries.set(key, name);
  }
  return name;
}
/** Country names by `locale:code` (at most 12 locales × the ~250 region codes). */
const countries = new Map<string, string>();

/**
 * A postal address as the lines a person reads, the same on the pages and in the e-mails: name,
 * street, address complement, postal code and town, region, the country's name in the locale,
 * phone number; absent fields are left out.
 */
export function addressLines(address: Address, locale: Locale): string[] {
  return [
    [address.first_name, address.last_name].filter(Boolean).join(' '),
    address.street_address, address.extended_address,
    [address.postal_code, address.address_locality].filter(Boolean).join(' '),
    address.address_region,
    address.address_country && countryName(address.address_country, locale),
    address.phone_number,
  ].filter((l): l is string => !!l);
}

/**
 * Plain text of HTML or Markdown, cut at a word boundary to at most `max` characters with "…",
 * for meta descriptions and card excerpts.
 */
export function excerpt(text: string, max = 160): string {
  const plain = decodeEntities(
    text
      .replace(/<[^>]*>/g, ' ')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
      .replace(/[*_`]+/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references marked writes (`&#39;`, `&amp;`, `&quot;`, ...). */
function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** How card brands are written for people (the payment handler's lower-case codes as keys). */
export const BRAND_NAMES: Readonly<Record<string, string>> = { visa: 'Visa', mastercard: 'Mastercard', cb: 'CB' };

/** A card brand as people write it: "Visa", "CB"; an unknown brand as given, none as "". */
export function brandName(brand: string | undefined): string {
  return brand ? (BRAND_NAMES[brand.toLowerCase()] ?? brand) : '';
}

/**
 * A time of day in the store's time zone with the zone's name as people say it, e.g. "14:05
 * heure d'Europe centrale", "14:05 Mitteleuropäische Zeit" (CLDR's generic long name: no offset
 * such as "UTC+1", the same words in summer and winter).
 */
export function formatTime(epochMs: number, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris', timeZoneName: 'longGeneric' }).format(new Date(epochMs));
}
