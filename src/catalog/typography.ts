/**
 * Typography of rendered prose: a number stays on the line of its unit ("2 g", "2.500 L/h",
 * "20 °C", "15 %"), as typesetting in every one of the store's languages wants it (French
 * Imprimerie nationale rules, DIN 5008 for German: a no-break space between a number and its
 * unit). The editors write ordinary spaces; the rendered HTML gets U+00A0 in their place, so a
 * narrow phone never breaks "bis 2" from "g".
 */

/**
 * Units that follow a number in the content. Single letters that are also words after a number
 * in one of the locales ("s", Czech "with"; "v", Czech "in") are left out.
 */
const UNITS = [
  'mm', 'cm', 'dm', 'm', 'km', 'm²', 'm³', 'cm²', 'µm', 'mg', 'g', 'kg', 't', 'ml', 'mL', 'cl', 'dl', 'l', 'L', 'hl',
  'L/h', 'l/h', 'L/min', 'l/min', 'm³/h', 'W', 'kW', 'kWh', 'Wh', 'V', 'A', 'mA', 'Hz', 'lm', 'lx', 'K', 'h', 'min',
  '°C', '°', '%', '‰', '€', 'ppm', 'µS/cm', 'mS/cm', 'bar', 'mbar', 'dB', 'µmol', 'PPFD', 'GPH', 'W/m²',
];

// Longest first, so "L/h" wins over "L" and "kg" over "g".
const ALTERNATION = [...UNITS].sort((a, b) => b.length - a.length).map((u) => u.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');

/** A digit, ordinary spaces, a unit, and then neither a letter, a digit nor an apostrophe ("3 l’eau" is no litre). */
const NUMBER_UNIT = new RegExp(`(\\d) +(${ALTERNATION})(?![\\p{L}\\p{N}’'])`, 'gu');

/**
 * `text` with the spaces between a number and its unit made no-break (U+00A0).
 * @param text plain text (no markup: a token's text, before HTML escaping)
 * @returns the same text, one U+00A0 for each run of spaces it joined; unchanged elsewhere
 */
export function keepNumbersWithUnits(text: string): string {
  return text.replace(NUMBER_UNIT, '$1\u00a0$2');
}
