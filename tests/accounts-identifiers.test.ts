// The identifiers a business gives when it applies (docs/business.md "VIES", "French
// identifiers"), checked offline: VAT numbers with jsvat plus the French key and SIREN, SIRETs
// with Luhn and La Poste's exception, schools' UAIs with their check letter. The valid numbers
// are real ones, published by their holders or collected as found online in python-stdnum's
// tests (tests/test_eu_vat.doctest, test_fr_siret.doctest); the invalid ones are those with a
// digit or letter changed.
import { checkVAT, france } from 'jsvat';
import { describe, expect, it } from 'vitest';
import { parseSiret, parseUai, parseVatNumber, vatNumberMatchesCountry } from '../src/accounts/identifiers';
import { luhn } from '../src/validation/luhn';

describe('intra-EU VAT numbers', () => {
  it.each([
    ['DE 136 308 783', 'DE136308783', 'DE'],
    ['DE812847601', 'DE812847601', 'DE'],
    // 303265045 = 97 × 3126443 + 74, and (12 + 3 × 74) mod 97 = 234 mod 97 = 40: the key.
    ['Fr 40 303 265 045', 'FR40303265045', 'FR'],
    // 542065479 = 97 × 5588303 + 88, (12 + 264) mod 97 = 82.
    ['fr82542065479', 'FR82542065479', 'FR'],
    // Monaco: 000004605 is no SIREN (it fails Luhn), but 4605 mod 97 = 46 and (12 + 138) mod 97 = 53.
    ['FR53000004605', 'FR53000004605', 'FR'],
    ['IT00950501007', 'IT00950501007', 'IT'], // Banca d'Italia
    ['ESA78109592', 'ESA78109592', 'ES'],
    ['ES B-58378431', 'ESB58378431', 'ES'],
    ['NL 806753742B01', 'NL806753742B01', 'NL'],
    ['NL.0094.10.806.B.01', 'NL009410806B01', 'NL'],
    ['BE 0428.759.497', 'BE0428759497', 'BE'],
    ['EL094012834', 'EL094012834', 'GR'],
    ['el 998 386 804', 'EL998386804', 'GR'],
    ['ATU13585627', 'ATU13585627', 'AT'],
    ['DK13612870', 'DK13612870', 'DK'], // Microsoft Danmark ApS
    // A United Kingdom number under Northern Ireland's prefix keeps the UK's check digits.
    ['XI 980 7806 84', 'XI980780684', 'XI'],
  ])('%s is valid: %s of %s', (input, vatNumber, country) => {
    expect(parseVatNumber(input)).toEqual({ ok: true, vatNumber, country });
  });

  it('accepts the Unicode spaces and dashes of a pasted number, and surrounding spaces', () => {
    expect(parseVatNumber('\u00a0DE\u00a0136\u2011308\u2013783 \n')).toEqual({ ok: true, vatNumber: 'DE136308783', country: 'DE' });
  });

  it.each([
    'DE125014855', // DE125014955 with a digit changed
    'FR04409414264', // FR04409414364
    'FR21326565603', // FR22326565603: the key of 326565603 is 22
    'FR40303265046',
    'IT00950501008',
    'ESA78109593',
    'NL806753743B01',
    'BE0428759498',
    'EL094013834', // EL094012834
    'ATU13585628',
    'XI980780685',
  ])('%s has wrong check digits', (input) => {
    expect(parseVatNumber(input)).toEqual({ ok: false, reason: 'checksum' });
  });

  it('a French number whose key matches its nine digits still needs a SIREN that passes Luhn', () => {
    // 123456789 = 97 × 1272750 + 39, (12 + 117) mod 97 = 32: the key fits, which is all jsvat checks...
    expect(checkVAT('FR32123456789', [france]).isValid).toBe(true);
    // ...but 123456789 is no SIREN.
    expect(luhn('123456789')).toBe(false);
    expect(parseVatNumber('FR32123456789')).toEqual({ ok: false, reason: 'checksum' });
  });

  it('a French key with letters is left to VIES, but its SIREN must still pass Luhn', () => {
    expect(parseVatNumber('FR K 7399859412')).toEqual({ ok: true, vatNumber: 'FRK7399859412', country: 'FR' });
    // python-stdnum refuses this key; neither jsvat nor this module knows the rule for letters.
    expect(parseVatNumber('FRL7399859412')).toEqual({ ok: true, vatNumber: 'FRL7399859412', country: 'FR' });
    expect(parseVatNumber('FRK7399859413')).toEqual({ ok: false, reason: 'checksum' });
  });

  it.each([
    ['', 'nothing typed'],
    ['136308783', 'no prefix'],
    ['DE', 'a prefix alone'],
    ['DE13630878', 'eight digits for Germany'],
    ['DE011125440', 'a German number starting with 0'],
    ['DE136/308783', 'a slash, which is not a separator here'],
    ['NL001241643801', 'a Dutch number without its B'],
    ['GR094012834', "Greece's ISO code instead of its VAT prefix EL"],
    ['FRIO334175221', 'letters I and O in a French key'],
  ])('%s is refused for its format (%s)', (input) => {
    expect(parseVatNumber(input)).toEqual({ ok: false, reason: 'format' });
  });

  it.each([
    ['GB980780684', 'the United Kingdom, since 2021'],
    ['CHE-116.281.710 MWST', 'Switzerland'],
    ['NO 974760673 MVA', 'Norway'],
    ['EU372000041', 'the non-Union OSS scheme'],
    ['US123456789', 'any other country'],
  ])('%s is outside the EU VAT area (%s)', (input) => {
    expect(parseVatNumber(input)).toEqual({ ok: false, reason: 'not_eu' });
  });
});

describe('a VAT number and the country of an address', () => {
  it.each([
    ['DE136308783', 'DE', true],
    ['DE136308783', 'de', true],
    ['DE136308783', 'AT', false],
    ['EL094012834', 'GR', true],
    ['EL094012834', 'EL', false],
    ['GR094012834', 'GR', false],
    ['XI980780684', 'GB', true],
    ['GB980780684', 'XI', false],
    ['FR40303265045', 'FR', true],
    ['FR53000004605', 'MC', true],
    ['FR40303265045', 'MC', false],
    ['fr 40 303 265 045', 'FR', true],
    ['136308783', 'DE', false],
  ])('%s belongs to %s: %s', (vatNumber, country, expected) => {
    expect(vatNumberMatchesCountry(vatNumber, country)).toBe(expected);
  });
});

describe('SIRET', () => {
  it.each([
    ['732 829 320 00074', '73282932000074', '732829320'],
    ['44126652500019', '44126652500019', '441266525'],
    ['380 321 430 00023', '38032143000023', '380321430'],
  ])('%s is a SIRET (Luhn)', (input, siret, siren) => {
    expect(luhn(siret)).toBe(true);
    expect(parseSiret(input)).toEqual({ ok: true, siret, siren });
  });

  it("La Poste's establishments have a digit sum that is a multiple of 5, not Luhn; its head office has Luhn", () => {
    // 3+5+6+9+7+5 = 35 and 3+5+6+4+9+8+3+7 = 45; neither passes Luhn.
    for (const siret of ['35600000009075', '35600000049837']) {
      expect(luhn(siret)).toBe(false);
      expect(parseSiret(siret)).toEqual({ ok: true, siret, siren: '356000000' });
    }
    expect(parseSiret('356 000 000 49838')).toEqual({ ok: false, reason: 'checksum' }); // digit sum 46
    // The head office: digit sum 26, but Luhn.
    expect(parseSiret('35600000000048')).toEqual({ ok: true, siret: '35600000000048', siren: '356000000' });
    expect(parseSiret('35600000000049')).toEqual({ ok: false, reason: 'checksum' });
  });

  it('refuses wrong check digits, and 14 digits that pass Luhn around a SIREN that does not', () => {
    expect(parseSiret('73282932000079')).toEqual({ ok: false, reason: 'checksum' });
    expect(parseSiret('44126652500018')).toEqual({ ok: false, reason: 'checksum' });
    expect(luhn('12345678900007')).toBe(true);
    expect(parseSiret('12345678900007')).toEqual({ ok: false, reason: 'checksum' });
  });

  it.each(['7328293200007', '732829320000740', '7328293200007A', '732.829.320.00074', ''])('%s is not 14 digits', (input) => {
    expect(parseSiret(input)).toEqual({ ok: false, reason: 'format' });
  });
});

describe('UAI', () => {
  // The check letter is the remainder of the 7-digit number divided by 23, as a letter of
  // A B C D E F G H J K L M N P R S T U V W X Y Z (0 → A … 22 → Z).
  it.each([
    ['0951099D', '951099 = 23 × 41352 + 3 → D'],
    ['0130040Y', '130040 = 23 × 5653 + 21 → Y (lycée Thiers, Marseille)'],
    ['0040003G', '40003 = 23 × 1739 + 6 → G (lycée André Honnorat, Barcelonnette)'],
    ['6200001G', '6200001 = 23 × 269565 + 6 → G (lycée Fesch, Ajaccio: Corse-du-Sud is 620)'],
    ['7200009X', '7200009 = 23 × 313043 + 20 → X (lycée Giocante de Casabianca, Bastia: Haute-Corse is 720)'],
    ['9710002A', '9710002 = 23 × 422174 + 0 → A (lycée Gerville Réache, Guadeloupe)'],
  ])('%s is a UAI: %s', (uai) => {
    expect(parseUai(uai)).toEqual({ ok: true, uai });
  });

  it('ignores case and spaces', () => {
    expect(parseUai(' 095 1099d ')).toEqual({ ok: true, uai: '0951099D' });
  });

  it.each(['0951099E', '0951099C', '6200001H', '7200009W', '0130040Z'])('%s has the wrong check letter', (input) => {
    expect(parseUai(input)).toEqual({ ok: false, reason: 'checksum' });
  });

  it.each([
    ['0951099I', 'I is never a check letter'],
    ['0951099O', 'nor O'],
    ['0951099Q', 'nor Q'],
    ['02A0001G', 'Corsica is written 620 or 720, not 02A'],
    ['2B00009X', 'nor 2B'],
    ['095109D', 'six digits'],
    ['09510990', 'no check letter'],
    ['0951099DD', 'two letters'],
    ['', 'nothing'],
  ])('%s is refused for its format (%s)', (input) => {
    expect(parseUai(input)).toEqual({ ok: false, reason: 'format' });
  });
});
