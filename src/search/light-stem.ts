/**
 * A light stemmer for Czech and Polish, which @orama/stemmers does not cover: it strips one
 * common inflectional ending (case endings of nouns and adjectives) from an accent-folded word,
 * keeping at least 3 letters, so `pompy`, `pompa` and `pompami` all become `pomp` and
 * `čerpadla`/`čerpadlo` become `cerpadl`. It does not handle vowel alternations
 * (`ryba`/`ryb`/`rybek`) or verb forms: prefix matching on the last word and typo tolerance
 * cover part of that. Applied identically to indexed text and queries, so it only has to be consistent.
 */

/** Endings tried longest first (accent-folded: `ých` → `ych`, `ą` → `a`). */
const ENDINGS: Record<'cs' | 'pl', string[]> = {
  cs: ['atech', 'etem', 'atum', 'ovi', 'ove', 'ych', 'ymi', 'ami', 'emi', 'ach', 'ech', 'ich', 'eho', 'emu', 'imu', 'iho', 'ou', 'em', 'um', 'am', 'im', 'ym', 'y', 'a', 'e', 'i', 'u', 'o'],
  pl: ['owie', 'ami', 'ach', 'ego', 'emu', 'ych', 'ymi', 'imi', 'owy', 'owa', 'owe', 'ow', 'om', 'em', 'ie', 'ia', 'iu', 'y', 'a', 'e', 'i', 'u', 'o'],
};

/**
 * Strips the longest known ending of a folded Czech or Polish word.
 * @param word lowercase, accent-folded word
 * @returns the word without its ending, never shorter than 3 letters; words of 4 letters or less unchanged
 */
export function lightStem(word: string, locale: 'cs' | 'pl'): string {
  if (word.length <= 4) return word;
  for (const ending of ENDINGS[locale]) {
    if (word.endsWith(ending) && word.length - ending.length >= 3) return word.slice(0, -ending.length);
  }
  return word;
}
