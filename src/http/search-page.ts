/**
 * `GET [/<locale>]/search?q=…[&page=n]`: the search results page, rendered by the function as
 * Shopify's `/search` is: where the header's search box submits (Enter, or a browser without
 * script). Products, collections, pages and articles with the suggestions' relevance
 * (src/search/results-page.ts), 24 of each type per page. Never an error for what a person or a
 * crawler may type: an empty or missing `q` shows the form (200); a query longer than the
 * suggestions accept is cut to that length; a `page` that is not a whole number ≥ 1 is page 1 and
 * one past the end is the last page. The page is `noindex` (search pages are not content).
 */
import type { Catalog } from '../catalog/types';
import type { Locale } from '../catalog/locales';
import { searchUi } from '../i18n/search-ui';
import { ui } from '../i18n/ui';
import { localeIndex, localeResults } from '../search/index-store';
import { resultsPage } from '../search/results-page';
import { searchDocument, searchMain } from './html/search-view';
import { CACHE } from './responses';
import { MAX_QUERY_LENGTH } from './search-route';

/** Highest page number read from the query string; any larger number shows the last page anyway. */
const MAX_PAGE = 100_000;

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': CACHE.live,
  'x-robots-tag': 'noindex',
  'x-content-type-options': 'nosniff',
} as const;

/**
 * The query of `?q=`: whitespace collapsed, at most {@link MAX_QUERY_LENGTH} characters (whole
 * code points); "" when missing or blank.
 */
function searchQuery(params: URLSearchParams): string {
  const q = (params.get('q') ?? '').replace(/\s+/g, ' ').trim();
  return Array.from(q).slice(0, MAX_QUERY_LENGTH).join('').trim();
}

/** The page of `?page=`: a whole number from 1, else 1. */
function pageNumber(params: URLSearchParams): number {
  const raw = params.get('page') ?? '';
  return /^\s*\d{1,9}\s*$/.test(raw) ? Math.min(Math.max(1, Number(raw)), MAX_PAGE) : 1;
}

/**
 * Answers the results page (path already stripped of its locale prefix; GET or HEAD). Results
 * come from the locale's index and result records, as the suggestions'; `catalog` is read only
 * for the collections listed when nothing matches and for the store's name in the minimal frame.
 * @returns 200 HTML in the locale; products' availability is the stock counted in content, as on the product pages
 * @throws Error only when the locale's index or results file is missing or corrupt (a build problem; the router answers 500)
 */
export function searchPageRoute(catalog: Catalog, locale: Locale, params: URLSearchParams): Response {
  const s = searchUi(locale);
  const q = searchQuery(params);
  const results = q ? resultsPage(localeResults(locale), localeIndex(locale), locale, q, pageNumber(params)) : null;
  let title = q ? s.resultsFor({ q }) : s.title;
  if (results && results.page > 1) title += ` — ${ui(locale).pageNofM({ n: results.page, total: results.pageCount })}`;
  return new Response(searchDocument(catalog, locale, title, q, searchMain(catalog, locale, q, results)), { status: 200, headers: HEADERS });
}
