/**
 * The items of the header's language switch (src/components/LanguageSwitcher.astro): links to the
 * same page in the 12 locales, the current one marked `aria-current`. Written as one HTML text
 * because every page of a build has its own (its path, its locale), twelve Astro elements each
 * (README "Performance"); escaped as Astro escapes text and attributes, so the bytes are Astro's.
 */
import { LOCALES, LOCALE_TAGS, type Locale } from '../catalog/locales';
import { localizedPath } from '../catalog/urls';
import { languageName } from '../i18n/ui';
import { attribute, escapeHtml } from '../views/html';

/**
 * `<li><a href hreflang lang [aria-current] data-locale>Name</a></li>` for each locale, in the
 * store's locale order. `path` is the page's locale-less path (src/catalog/urls.ts), `locale` the
 * page's own.
 */
export function languageLinksHtml(locale: Locale, path: string): string {
  return LOCALES.map((l) =>
    `<li><a${attribute('href', localizedPath(l, path))}${attribute('hreflang', l)}${attribute('lang', LOCALE_TAGS[l])}${l === locale ? ' aria-current="true"' : ''}${attribute('data-locale', l)}>${escapeHtml(languageName(l))}</a></li>`,
  ).join('');
}
