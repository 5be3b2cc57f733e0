/**
 * Public URLs of the HTML storefront. A page is named by its locale-less path (`/products/kit/`);
 * each locale serves it under its prefix (none for French, `/en`, `/de`, ...: docs/storefront.md
 * "Locales"). Paths end with `/` because every page is a directory `index.html`
 * (astro.config.mjs `build.format: 'directory'`), which is the URL Netlify serves without redirect.
 */
import { LOCALES, localePrefix, type Locale } from './locales';

/** Products per HTML collection page (a multiple of 2, 3 and 4 columns). */
export const PRODUCTS_PER_PAGE = 24;

/** Handle of the one blog: the guides (`/blogs/guides/`). */
export const BLOG_HANDLE = 'guides';

export const paths = {
  home: () => '/',
  product: (handle: string) => `/products/${handle}/`,
  /** Page 1 is the collection itself; page n ≥ 2 is `/collections/<handle>/page/<n>/`. */
  collection: (handle: string, page = 1) => (page > 1 ? `/collections/${handle}/page/${page}/` : `/collections/${handle}/`),
  page: (handle: string) => `/pages/${handle}/`,
  blog: () => `/blogs/${BLOG_HANDLE}/`,
  article: (handle: string) => `/blogs/${BLOG_HANDLE}/${handle}/`,
};

/** The path of a locale-less page path in a locale: ("en", "/products/kit/") → "/en/products/kit/"; ("fr", "/") → "/". */
export function localizedPath(locale: Locale, path: string): string {
  return `${localePrefix(locale)}${path}`;
}

/** Absolute URL from the configured base URL (content/store.yaml `base_url`, no trailing slash). */
export function absoluteUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/$/, '')}${path}`;
}

/** `[locale, localized path]` of a page in the 12 locales, in the store's locale order. */
export function alternatePaths(path: string): Array<[Locale, string]> {
  return LOCALES.map((l) => [l, localizedPath(l, path)]);
}

/** Number of HTML pages a collection of `count` products takes (at least 1, even when empty). */
export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / PRODUCTS_PER_PAGE));
}
