/**
 * The metadata of a page's <head> as one HTML text (README "HTML storefront and sitemap", Head):
 * title, description, robots or canonical URL and hreflang alternates, rel=prev/next, icon and
 * Open Graph. Base.astro writes it with `set:html`: a build writes it on tens of thousands of
 * pages, and as some 30 Astro elements per page it took a good part of the build's rendering
 * (README "Performance"). The alternates of a path are the same in its 12 locales, so their text
 * is built once per path. Text and attribute values are escaped as Astro escapes them
 * (`escapeHtml`, {@link attribute}), so the bytes are those Astro wrote.
 */
import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from '../catalog/locales';
import { absoluteUrl, alternatePaths, localizedPath } from '../catalog/urls';
import { attribute, escapeHtml } from '../views/html';

export interface PageHead {
  locale: Locale;
  /** The store's base URL (content/store.yaml `base_url`) and name. */
  baseUrl: string;
  storeName: string;
  /** Locale-less path of the page, e.g. "/products/kit/". */
  path: string;
  /** Text of <title>, and og:title. */
  pageTitle: string;
  title: string;
  description: string;
  /** No canonical, alternates nor og:url, and `robots: noindex` (404 page, search results frame). */
  noindex: boolean;
  /** Locale-less paths of the previous and next page of a paged list. */
  prev?: string;
  next?: string;
  /** Path under public/ of the image shared by social networks. */
  image?: string;
  ogType: string;
}

const alternatesOf = new Map<string, string>();

/** The hreflang links of a path in the 12 locales and x-default (the French page), built once per base URL and path. */
function alternateLinks(baseUrl: string, path: string): string {
  const key = `${baseUrl} ${path}`;
  let links = alternatesOf.get(key);
  if (links === undefined) {
    links = [...alternatePaths(path), ['x-default', localizedPath(DEFAULT_LOCALE, path)] as const]
      .map(([lang, p]) => `<link rel="alternate"${attribute('hreflang', lang)}${attribute('href', absoluteUrl(baseUrl, p))}>`)
      .join('');
    alternatesOf.set(key, links);
  }
  return links;
}

/** The <head> metadata of a page, as HTML text in the order Base.astro lists it. */
export function pageHeadHtml(head: PageHead): string {
  const { locale, baseUrl, path, noindex, prev, next, image } = head;
  const abs = (p: string) => absoluteUrl(baseUrl, p);
  const canonical = abs(localizedPath(locale, path));
  const meta = (property: string, content: string) => `<meta${attribute('property', property)}${attribute('content', content)}>`;
  return [
    `<title>${escapeHtml(head.pageTitle)}</title>`,
    `<meta name="description"${attribute('content', head.description)}>`,
    noindex ? '<meta name="robots" content="noindex">' : `<link rel="canonical"${attribute('href', canonical)}>${alternateLinks(baseUrl, path)}`,
    prev ? `<link rel="prev"${attribute('href', abs(localizedPath(locale, prev)))}>` : '',
    next ? `<link rel="next"${attribute('href', abs(localizedPath(locale, next)))}>` : '',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    meta('og:site_name', head.storeName),
    meta('og:type', head.ogType),
    meta('og:title', head.title),
    meta('og:description', head.description),
    meta('og:locale', LOCALE_TAGS[locale].replace('-', '_')),
    noindex ? '' : meta('og:url', canonical),
    image ? meta('og:image', abs(image)) : '',
  ].join('');
}
