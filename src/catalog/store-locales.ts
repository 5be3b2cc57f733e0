// Generated from content/store.yaml (`default_locale`, `locales`) by scripts/write-locales.ts,
// which `npm run build` runs first: change the locales there, not here.

/** The default locale: served without a URL prefix; other locales fall back to its text. */
export const DEFAULT_LOCALE = 'fr' as const;
/** Every locale of the store, in content/store.yaml order. */
export const LOCALES = ['fr', 'en', 'de', 'nl', 'cs', 'ru', 'it', 'pt', 'pl', 'es', 'sv', 'da'] as const;
