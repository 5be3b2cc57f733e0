/**
 * Luhn's check digit (ISO/IEC 7812-1 annex B, "modulus 10, double-add-double"), which INSEE uses
 * for SIREN and SIRET numbers: one rule for the seller's SIREN in the content model
 * (src/catalog/schema.ts) and the identifiers a business gives when it applies
 * (src/accounts/identifiers.ts). No I/O.
 */

/**
 * Whether a string of digits passes Luhn's check: from the rightmost digit (the check digit)
 * leftwards, every second digit is doubled (9 subtracted when the double exceeds 9) and the sum
 * of all digits is a multiple of 10.
 * @param digits decimal digits only, the check digit last; the caller checks the shape (length,
 *        no separators): any other character makes the sum NaN, so the check fails
 * @returns false for the empty string, whose check digit is missing
 */
export function luhn(digits: string): boolean {
  if (digits.length === 0) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
