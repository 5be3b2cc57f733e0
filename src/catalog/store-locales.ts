// Generated from content/store.yaml (`default_locale`, `locales`, `locale_tags`, `locale_countries`) by scripts/write-locales.ts,
// which `npm run build` runs first: change the locales there, not here.

/** The default locale: served without a URL prefix; other locales fall back to its text. */
export const DEFAULT_LOCALE = 'fr' as const;
/** Every locale of the store, in content/store.yaml order. */
export const LOCALES = ['fr', 'en', 'de', 'nl', 'cs', 'ru', 'it', 'pt', 'pl', 'es', 'sv', 'da'] as const;
/** BCP 47 tag of each locale: `hreflang`, and `Intl` formatting of prices, dates and numbers. */
export const LOCALE_TAGS: Record<(typeof LOCALES)[number], string> = { fr: 'fr-FR', en: 'en-GB', de: 'de-DE', nl: 'nl-NL', cs: 'cs-CZ', ru: 'ru', it: 'it-IT', pt: 'pt-PT', pl: 'pl-PL', es: 'es-ES', sv: 'sv-SE', da: 'da-DK' };
/** The country each locale's buyers most likely live in: the checkout's first choice when the store delivers there. */
export const LOCALE_COUNTRIES: Record<(typeof LOCALES)[number], string> = { fr: 'FR', en: 'FR', de: 'DE', nl: 'NL', cs: 'CZ', ru: 'FR', it: 'IT', pt: 'PT', pl: 'PL', es: 'ES', sv: 'SE', da: 'DK' };
