/**
 * Soft hyphens (U+00AD) in long words, by the hyphenation patterns of each locale's language
 * (TeX's patterns, as the `hyphen` package ships them), so a narrow box breaks "Gewächshäuser" as
 * "Gewächs-/häuser", not "Gewächshäus/er": CSS `hyphens: auto` does nothing where the browser
 * has no dictionary for the language (Chromium on Linux, many Android phones), and
 * `overflow-wrap: anywhere` then cuts words anywhere, without a hyphen.
 */
import type { Locale } from '../catalog/locales';

type Hyphenator = { hyphenateSync: (text: string, options?: { minWordLength?: number }) => string };
/** A CommonJS module as `import()` gives it: its exports, or (bundled by Vite) under `default`. */
type Loaded = Hyphenator | { default: Hyphenator };

/** The patterns of each locale's language (English: British, as the store's `en` is en-GB). */
const PATTERNS: Record<Locale, () => Promise<Loaded>> = {
  fr: () => import('hyphen/fr'), en: () => import('hyphen/en-gb'), de: () => import('hyphen/de'), nl: () => import('hyphen/nl'),
  cs: () => import('hyphen/cs'), ru: () => import('hyphen/ru'), it: () => import('hyphen/it'), pt: () => import('hyphen/pt'),
  pl: () => import('hyphen/pl'), es: () => import('hyphen/es'), sv: () => import('hyphen/sv'), da: () => import('hyphen/da'),
};

/**
 * `text` with soft hyphens where its language allows a break, in words of at least 9 letters.
 * @returns a function of the text, once the locale's patterns are loaded
 */
export async function softHyphenator(locale: Locale): Promise<(text: string) => string> {
  const loaded = await PATTERNS[locale]();
  const { hyphenateSync } = 'hyphenateSync' in loaded ? loaded : loaded.default;
  return (text) => hyphenateSync(text, { minWordLength: 9 });
}
