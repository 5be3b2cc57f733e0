/**
 * The identifiers a business gives when it applies for an account (docs/business.md "VIES",
 * "French identifiers"): its intra-EU VAT number, its establishment's SIRET, a school's UAI.
 * These are the offline checks (shape and check digits), run before the VIES look-up
 * (src/accounts/vies.ts) so that a mistyped number is told at once and never sent. Plain
 * functions, no I/O.
 */
import {
  checkVAT, austria, belgium, bulgaria, croatia, cyprus, czechRepublic, denmark, estonia, finland, france, germany,
  greece, hungary, ireland, italy, latvia, lithuania, luxembourg, malta, netherlands, poland, portugal, romania,
  slovakiaRepublic, slovenia, spain, sweden, unitedKingdom, type Country,
} from 'jsvat';
import { luhn } from '../validation/luhn';

/** Why an identifier was refused: its shape (`format`) or its check digits (`checksum`). */
export type IdentifierProblem = 'format' | 'checksum';

/** A VAT number as parseVatNumber reads it; `not_eu`: a prefix outside the EU VAT area. */
export type ParsedVatNumber =
  | { ok: true; vatNumber: string; country: string }
  | { ok: false; reason: IdentifierProblem | 'not_eu' };
/** A SIRET as parseSiret reads it, with the SIREN it begins with. */
export type ParsedSiret = { ok: true; siret: string; siren: string } | { ok: false; reason: IdentifierProblem };
/** A UAI as parseUai reads it. */
export type ParsedUai = { ok: true; uai: string } | { ok: false; reason: IdentifierProblem };

/**
 * Northern Ireland's numbers are the United Kingdom's with the prefix XI (Withdrawal Agreement,
 * Protocol on Ireland/Northern Ireland art. 8; VIES lists them under XI): jsvat knows them under
 * GB only, so its United Kingdom rules are reused under the XI prefix.
 */
const northernIreland: Country = {
  name: 'Northern Ireland',
  codes: ['XI'],
  calcFn: unitedKingdom.calcFn,
  rules: { ...unitedKingdom.rules, regex: unitedKingdom.rules.regex.map((r) => new RegExp(r.source.replace('(GB)?', '(XI)'))) },
};

/**
 * The VAT prefixes of the EU VAT area (Directive 2006/112/EC art. 215: the ISO 3166-1 alpha-2
 * code of the issuing member state, except Greece's EL) with jsvat's rules for each, and the
 * country each prefix stands for. XI stands for Northern Ireland, which has no ISO 3166-1 code
 * of its own (ISO 3166-2 GB-NIR): the country given for it is 'XI', not an address country.
 */
const EU_PREFIXES: Record<string, { country: string; rules: Country }> = {
  AT: { country: 'AT', rules: austria }, BE: { country: 'BE', rules: belgium }, BG: { country: 'BG', rules: bulgaria },
  CY: { country: 'CY', rules: cyprus }, CZ: { country: 'CZ', rules: czechRepublic }, DE: { country: 'DE', rules: germany },
  DK: { country: 'DK', rules: denmark }, EE: { country: 'EE', rules: estonia }, EL: { country: 'GR', rules: greece },
  ES: { country: 'ES', rules: spain }, FI: { country: 'FI', rules: finland }, FR: { country: 'FR', rules: france },
  HR: { country: 'HR', rules: croatia }, HU: { country: 'HU', rules: hungary }, IE: { country: 'IE', rules: ireland },
  IT: { country: 'IT', rules: italy }, LT: { country: 'LT', rules: lithuania }, LU: { country: 'LU', rules: luxembourg },
  LV: { country: 'LV', rules: latvia }, MT: { country: 'MT', rules: malta }, NL: { country: 'NL', rules: netherlands },
  PL: { country: 'PL', rules: poland }, PT: { country: 'PT', rules: portugal }, RO: { country: 'RO', rules: romania },
  SE: { country: 'SE', rules: sweden }, SI: { country: 'SI', rules: slovenia }, SK: { country: 'SK', rules: slovakiaRepublic },
  XI: { country: 'XI', rules: northernIreland },
};

/**
 * The address countries each VAT prefix belongs to, where they are not the prefix itself:
 * Greece's EL (GR is no VAT prefix); Northern Ireland's XI, whose addresses are in GB; and
 * Monaco, in the French VAT territory (Directive 2006/112/EC art. 7), whose businesses hold FR
 * numbers (see MONACO).
 */
const PREFIX_COUNTRIES: Record<string, readonly string[]> = { EL: ['GR'], GR: [], XI: ['XI', 'GB'] };

/**
 * French numbers given to Monaco's businesses: FR + key + 000 + six digits. They follow the key
 * rule, but their last nine digits are no SIREN and fail Luhn (python-stdnum, stdnum/fr/tva.py).
 */
const MONACO = /^FR..000\d{6}$/;

/** INSEE's SIREN of La Poste, whose establishments' SIRETs do not follow Luhn's rule. */
const LA_POSTE_SIREN = '356000000';
/** La Poste's head office, the one SIRET of La Poste that does follow Luhn's rule (python-stdnum, stdnum/fr/siret.py). */
const LA_POSTE_HEAD_OFFICE = '35600000000048';

/** The 23 check letters of a UAI: the alphabet without I, O and Q. */
const UAI_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** Upper-cased, without whitespace, dots and dashes (hyphen-minus and the Unicode dashes people paste). */
function compact(input: string, separators: RegExp): string {
  return input.trim().toUpperCase().replace(separators, '');
}
const VAT_SEPARATORS = /[\s.\-\u2010-\u2015\u2212]/g;

/**
 * Parses an intra-EU VAT number as a buyer types it: trimmed, upper-cased, spaces, dots and
 * dashes dropped (`fr 40-303.265.045` → `FR40303265045`). The prefix must be an EU member
 * state's (Greece is EL, never GR) or XI; the rest must have that state's shape and check digits,
 * as the `jsvat` package knows them. French numbers are checked against their SIREN: jsvat
 * checks that an all-digit key is (12 + 3 × (SIREN mod 97)) mod 97 (it computes (SIREN × 100 +
 * 12) mod 97, the same number since 100 mod 97 = 3; docs/business.md "VIES"), and the SIREN must
 * pass Luhn (INSEE), except in Monaco's numbers (FR + key + 000…), which hold no SIREN. A key
 * with letters is left to VIES: jsvat checks only its shape.
 * @param input what the buyer typed
 * @returns the compact number and the country of its prefix (ISO 3166-1 alpha-2: EL → GR;
 *          XI → 'XI', Northern Ireland, which has no ISO 3166-1 code), or why it was refused:
 *          `format` (no two-letter prefix, GR for Greece, or a shape the member state does not
 *          issue), `checksum` (wrong check digits), `not_eu` (a prefix outside the EU VAT area,
 *          e.g. GB, CH, NO, or EU for the non-Union OSS scheme, whose holders are not established
 *          in the EU)
 */
export function parseVatNumber(input: string): ParsedVatNumber {
  const vatNumber = compact(input, VAT_SEPARATORS);
  const prefix = /^[A-Z]{2}/.exec(vatNumber)?.[0];
  if (!prefix || prefix === 'GR') return { ok: false, reason: 'format' };
  const known = EU_PREFIXES[prefix];
  if (!known) return { ok: false, reason: 'not_eu' };
  const result = checkVAT(vatNumber, [known.rules]);
  // jsvat drops characters of its own (slashes, whitespace): a number it checked is only this one if nothing was dropped.
  if (!result.isValidFormat || result.value !== vatNumber) return { ok: false, reason: 'format' };
  if (!result.isValid) return { ok: false, reason: 'checksum' };
  // jsvat checks the key of a French number, not that its last nine digits are a SIREN.
  if (prefix === 'FR' && !MONACO.test(vatNumber) && !luhn(vatNumber.slice(4))) return { ok: false, reason: 'checksum' };
  return { ok: true, vatNumber, country: known.country };
}

/**
 * Whether a VAT number's prefix belongs to the country of an address: the same code, or EL for
 * GR, XI for GB (Northern Ireland; its postcodes start with BT, which this does not see), FR for
 * MC when the number is one of Monaco's (FR + key + 000…).
 * @param vatNumber as typed or as parseVatNumber gives it (compacted the same way); its check
 *        digits are not checked here
 * @param country the address's ISO 3166-1 alpha-2 code, any case
 * @returns false when the number has no two-letter prefix
 */
export function vatNumberMatchesCountry(vatNumber: string, country: string): boolean {
  const number = compact(vatNumber, VAT_SEPARATORS);
  const prefix = /^[A-Z]{2}/.exec(number)?.[0];
  if (!prefix) return false;
  const address = country.trim().toUpperCase();
  if (prefix === 'FR' && address === 'MC') return MONACO.test(number);
  return (PREFIX_COUNTRIES[prefix] ?? [prefix]).includes(address);
}

/**
 * Parses a SIRET, the INSEE number of one establishment: the SIREN (9 digits) and a 5-digit
 * establishment number, 14 digits that pass Luhn, and a SIREN that passes Luhn too (INSEE).
 * La Poste's establishments (SIREN 356000000) are numbered otherwise: the sum of their 14
 * digits is a multiple of 5; its head office, 356 000 000 00048, follows Luhn (python-stdnum,
 * stdnum/fr/siret.py, after French Wikipedia's "Système d'identification du répertoire des établissements").
 * @param input what the buyer typed; whitespace is ignored (`732 829 320 00074`)
 * @returns the 14 digits and their SIREN, or `format` (not 14 digits) or `checksum`
 */
export function parseSiret(input: string): ParsedSiret {
  const siret = input.replace(/\s/g, '');
  if (!/^\d{14}$/.test(siret)) return { ok: false, reason: 'format' };
  const siren = siret.slice(0, 9);
  const valid = siren === LA_POSTE_SIREN && siret !== LA_POSTE_HEAD_OFFICE
    ? [...siret].reduce((sum, d) => sum + Number(d), 0) % 5 === 0
    : luhn(siret) && luhn(siren);
  return valid ? { ok: true, siret, siren } : { ok: false, reason: 'checksum' };
}

/**
 * Parses a UAI (unité administrative immatriculée, formerly RNE), the Ministry of Education's
 * number of a school: 7 digits (the department in 3, e.g. 069 for the Rhône, 974 for La Réunion,
 * then the school's number in it) and a check letter, the remainder of the 7-digit number
 * divided by 23 as a letter of A…Z without I, O and Q (0 → A, 3 → D, 22 → Z). Corsica's
 * departments are written 620 (Corse-du-Sud, 2A) and 720 (Haute-Corse, 2B), never 02A/02B, so a
 * UAI has no letter before its check letter; one typed with 2A or 2B is refused (format), not
 * rewritten. Sources: the rule as J. Delmas describes it ("Qu'est-ce que le code RNE ou UAI ?",
 * blog.juliendelmas.fr) and as the State's mission-apprentissage services (beta.gouv) apply it
 * (catalogue-apprentissage, server/src/common/utils/uaiUtils.js; their Corsica codes 620/720),
 * checked against UAIs the Ministry publishes (Bulletin officiel spécial n° 8 of 1 October 2009:
 * 0040003G, 0130040Y) and those of Corsican lycées in public lists (6200001G Fesch, Ajaccio;
 * 7200009X Giocante de Casabianca, Bastia). The department is not checked against a list.
 * @param input what the buyer typed; surrounding and inner spaces are ignored, any case
 * @returns the UAI upper-cased, or `format` (not 7 digits and a letter other than I, O, Q) or `checksum`
 */
export function parseUai(input: string): ParsedUai {
  const uai = compact(input, /\s/g);
  if (!/^\d{7}[A-HJ-NPR-Z]$/.test(uai)) return { ok: false, reason: 'format' };
  return UAI_LETTERS[Number(uai.slice(0, 7)) % 23] === uai[7] ? { ok: true, uai } : { ok: false, reason: 'checksum' };
}
