/**
 * Money is integer cents inside the code (docs/decisions.md "Money is integer cents").
 * Content writes decimal strings ("149.90"); the `.json` endpoints print decimal strings,
 * `.js` and UCP print integer cents. These are the only conversions.
 */

/**
 * Parses a decimal EUR string with exactly two decimals into integer cents, without floats.
 * @param price e.g. "149.90"
 * @returns cents, e.g. 14990
 * @throws Error when `price` is not of the form "123.45" (the content schema guarantees it).
 */
export function toCents(price: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(price);
  if (!match) throw new Error(`not a price like "12.50": ${JSON.stringify(price)}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/**
 * Formats integer cents as the decimal string of Shopify's `.json` endpoints: 14990 → "149.90".
 * @throws Error when `cents` is not a safe integer.
 */
export function toDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not an amount in cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `toDecimal` of an optional amount: null stays null (compare-at prices of the `.json` endpoints). */
export function decimalOrNull(cents: number | null): string | null {
  return cents === null ? null : toDecimal(cents);
}
