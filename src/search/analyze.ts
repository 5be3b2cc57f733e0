/**
 * Text analysis of the predictive search (docs/search.md, language-aware matching): the same chain
 * turns indexed text and typed queries into terms, so `Serre`, `serre` and `serres` meet.
 *
 * Chain, per locale: lowercase → accent folding (`Gewächshaus` → `gewachshaus`; Russian keeps
 * `й`, only `ё` → `е`) → words of letters/digits → for each word its folded form (matched
 * exactly, as a prefix or with a typo) and its stem (matched exactly).
 * Stems come from the Snowball stemmers of @orama/stemmers for the ten locales it covers; Czech and
 * Polish have none there, so they get a light suffix stripper (src/search/light-stem.ts).
 * Compound languages (de, nl, sv, da) also index the known words a long compound ends or begins
 * with (`Tauchpumpe` → `pumpe`), see {@link compoundParts}.
 */
import { stemmer as frStem } from '@orama/stemmers/french';
import { stemmer as enStem } from '@orama/stemmers/english';
import { stemmer as deStem } from '@orama/stemmers/german';
import { stemmer as nlStem } from '@orama/stemmers/dutch';
import { stemmer as ruStem } from '@orama/stemmers/russian';
import { stemmer as itStem } from '@orama/stemmers/italian';
import { stemmer as ptStem } from '@orama/stemmers/portuguese';
import { stemmer as esStem } from '@orama/stemmers/spanish';
import { stemmer as svStem } from '@orama/stemmers/swedish';
import { stemmer as daStem } from '@orama/stemmers/danish';
import type { Locale } from '../catalog/locales';
import { lightStem } from './light-stem';

/** Stemmer of each locale; `light` marks the suffix-stripping fallback (no Snowball stemmer available). */
export const STEMMERS: Record<Locale, { stem: (word: string) => string; kind: 'snowball' | 'light' }> = {
  fr: { stem: frStem, kind: 'snowball' },
  en: { stem: enStem, kind: 'snowball' },
  de: { stem: deStem, kind: 'snowball' },
  nl: { stem: nlStem, kind: 'snowball' },
  ru: { stem: ruStem, kind: 'snowball' },
  it: { stem: itStem, kind: 'snowball' },
  pt: { stem: ptStem, kind: 'snowball' },
  es: { stem: esStem, kind: 'snowball' },
  sv: { stem: svStem, kind: 'snowball' },
  da: { stem: daStem, kind: 'snowball' },
  cs: { stem: (w) => lightStem(w, 'cs'), kind: 'light' },
  pl: { stem: (w) => lightStem(w, 'pl'), kind: 'light' },
};

/** Locales whose words are written as compounds (`Wasserpumpe`, `vattenpump`): split at known words. */
export const COMPOUND_LOCALES: ReadonlySet<Locale> = new Set(['de', 'nl', 'sv', 'da']);

/** Letters that NFD does not decompose into a base letter plus a mark. */
const SPECIAL_FOLDS: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', ı: 'i' };
const SPECIAL_RE = /[ßæøœłđı]/g;
const WORD_RE = /[\p{L}\p{N}]+/gu;

/**
 * Lowercases and removes accents: `Gewächshaus` → `gewachshaus`, `Čerpadlo` → `cerpadlo`,
 * `Œuf` → `oeuf`. Russian only folds `ё` to `е` (the stemmer needs `й`).
 */
export function fold(text: string, locale: Locale): string {
  const lower = text.toLowerCase();
  if (locale === 'ru') return lower.replace(/ё/g, 'е');
  return lower.normalize('NFD').replace(/\p{M}+/gu, '').replace(SPECIAL_RE, (c) => SPECIAL_FOLDS[c]).normalize('NFC');
}

/** Single letters carry no meaning on their own (`l'eau`, `d'argile`); single digits do (`4 L`). */
const keep = (w: string) => w.length > 1 || /\d/.test(w);

/** Folded words of a text: runs of letters and digits; single letters are dropped (`l'eau` → `eau`), digits kept. */
export function words(text: string, locale: Locale): string[] {
  return [...fold(text, locale).matchAll(WORD_RE)].map((m) => m[0]).filter(keep);
}

/** Stem of a folded word in the locale (numbers and words of 3 letters or fewer are kept as they are). */
export function stem(word: string, locale: Locale): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  return STEMMERS[locale].stem(word) || word;
}

/** A word of the query as typed, analysed. */
export interface QueryWord {
  /** Folded form, e.g. "pompes". */
  folded: string;
  /** Stem of the folded form, e.g. "pomp". */
  stem: string;
  /** True for the last word when the query does not end with a space: it may be incomplete (prefix matching). */
  partial: boolean;
}

/**
 * Analyses a query: folded words with their stems; the last word is `partial` when nothing
 * follows it (the shopper may still be typing it). At most `maxWords` words are kept.
 */
export function analyzeQuery(q: string, locale: Locale, maxWords = 8): QueryWord[] {
  const folded = fold(q, locale);
  const tokens = [...folded.matchAll(WORD_RE)];
  const last = tokens[tokens.length - 1];
  // The last word is still being typed when nothing follows it (no space, no punctuation).
  const open = last !== undefined && last.index + last[0].length === folded.length && keep(last[0]);
  const all = tokens.map((m) => m[0]).filter(keep);
  const list = all.slice(0, maxWords);
  const partialAt = open && all.length === list.length ? list.length - 1 : -1;
  return list.map((w, i) => ({ folded: w, stem: stem(w, locale), partial: i === partialAt }));
}

/**
 * The known words a compound begins or ends with: the longest head and the longest tail of at
 * least 4 letters found in `known` (the locale's own vocabulary), leaving at least 3 letters on
 * the other side. `tauchpumpe` with `pumpe` known → ["pumpe"]. Words under 8 letters → [].
 */
export function compoundParts(word: string, known: ReadonlySet<string>): string[] {
  if (word.length < 8 || /\d/.test(word)) return [];
  const parts: string[] = [];
  for (let i = 3; i <= word.length - 4; i++) {
    const tail = word.slice(i);
    if (known.has(tail)) {
      parts.push(tail);
      break;
    }
  }
  for (let i = word.length - 3; i >= 4; i--) {
    const head = word.slice(0, i);
    if (known.has(head)) {
      parts.push(head);
      break;
    }
  }
  return parts;
}

/**
 * Index terms of a text, in two parallel lists: `surface`, each word's folded form (plus, for
 * compound locales, the known parts of long words); `stems`, the stem of each of those. Terms
 * repeat as often as their words do (term frequency matters to BM25).
 * @param known folded words of the locale's whole catalog (for compound splitting), or undefined
 */
export function indexTerms(text: string, locale: Locale, known?: ReadonlySet<string>): { surface: string[]; stems: string[] } {
  const surface: string[] = [];
  for (const w of words(text, locale)) {
    surface.push(w);
    if (known && COMPOUND_LOCALES.has(locale)) surface.push(...compoundParts(w, known));
  }
  return { surface, stems: surface.map((w) => stem(w, locale)) };
}

/**
 * Typo variants of a word that a Levenshtein search misses: the swaps of two adjacent letters
 * (`aquaponei` → `aquaponie`), counted as one typo (Damerau). Words under 5 letters → [].
 */
export function transpositions(word: string): string[] {
  if (word.length < 5) return [];
  const out = new Set<string>();
  for (let i = 0; i < word.length - 1; i++) {
    if (word[i] === word[i + 1]) continue;
    out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return [...out];
}
