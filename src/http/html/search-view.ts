/**
 * The search results page's HTML (src/http/search-page.ts): the main content, in the markup and
 * classes of the static pages (product cards of src/storefront/product-markup.ts; pagination as
 * Pagination.astro), put into the page frame Astro built from the real layout
 * (src/storefront/search-shell.ts), so header, footer, stylesheet and search box are those of
 * every other page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalog } from '../../catalog/types';
import type { Locale } from '../../catalog/locales';
import { localize } from '../../catalog/localize';
import { toCents } from '../../commerce/money';
import { searchUi } from '../../i18n/search-ui';
import { ui } from '../../i18n/ui';
import type { ResultsPage } from '../../search/results-page';
import { searchIndexDir } from '../../search/index-store';
import { SHELL_FILE, SHELL_TOKENS, type ShellFile } from '../../storefront/search-shell';
import { productCardHtml } from '../../storefront/product-markup';
import { localizedPath, paths } from '../../catalog/urls';
import { html, type Html } from '../../views/html';
import { page as minimalPage } from './shell';

type Product = ResultsPage['products'][number];

/** A result's card as the static pages write it (src/storefront/product-markup.ts), title at level 3, under the section heading. */
function productCard(locale: Locale, p: Product): Html {
  const image = p.featured_image && { src: new URL(p.featured_image.url).pathname, width: p.featured_image.width, height: p.featured_image.height };
  const compareAt = p.price_compare_at === null ? null : toCents(p.price_compare_at);
  const price = { cents: toCents(p.price), compareAt, from: p.price_min !== p.price_max };
  return productCardHtml(locale, { handle: p.handle, title: p.title, image, price, status: p.stock_status }, 3);
}

/** Links to the pages of the results, as Pagination.astro: first, last, and two on each side of the current one. */
function pagination(locale: Locale, q: string, current: number, total: number): Html | '' {
  if (total < 2) return '';
  const s = ui(locale);
  const href = (n: number) => `${localizedPath(locale, '/search')}?${new URLSearchParams(n > 1 ? { q, page: String(n) } : { q })}`;
  const shown = [...new Set([1, ...[-2, -1, 0, 1, 2].map((d) => current + d), total])].filter((n) => n >= 1 && n <= total).sort((a, b) => a - b);
  return html`<nav class="pagination" aria-label="${s.pagination}"><p>${s.pageNofM({ n: current, total })}</p><ul>${current > 1 && html`<li><a href="${href(current - 1)}" rel="prev">${s.previousPage}</a></li>`}${shown.map((n) => html`<li>${n === current ? html`<span aria-current="page">${n}</span>` : html`<a href="${href(n)}" aria-label="${s.pageNofM({ n, total })}">${n}</a>`}</li>`)}${current < total && html`<li><a href="${href(current + 1)}" rel="next">${s.nextPage}</a></li>`}</ul></nav>`;
}

/** The store's collections as the home page lists them: what a search without result suggests. */
function collectionLinks(catalog: Catalog, locale: Locale): Html {
  return html`<ul class="collections">${catalog.collections.map((c) => html`<li><a href="${localizedPath(locale, paths.collection(c.handle))}">${localize(c.title, locale)}</a></li>`)}</ul>`;
}

/**
 * The main content of the page.
 * @param results null when no query was given (the page shows a prompt to use the header's
 *        search box, which holds the query: the page's one search landmark)
 */
export function searchMain(catalog: Catalog, locale: Locale, q: string, results: ResultsPage | null): Html {
  const s = searchUi(locale);
  if (!results) return html`<h1>${s.title}</h1><p>${s.prompt}</p>`;
  const total = Object.values(results.counts).reduce((a, b) => a + b, 0);
  const heading = html`<h1>${s.resultsFor({ q })}</h1><p data-result-count="${total}">${s.resultCount({ n: total })}</p>`;
  if (!total) return html`${heading}<p>${s.noResult({ q })}</p><h2>${s.tryCollections}</h2>${collectionLinks(catalog, locale)}`;
  const section = (id: string, title: string, count: number, list: Html) =>
    count && list.value ? html`<section aria-labelledby="results-${id}"><h2 id="results-${id}">${title} (${count})</h2>${list}</section>` : '';
  const links = (items: ReadonlyArray<{ title: string; handle: string }>, path: (handle: string) => string) =>
    html`${items.length ? html`<ul class="posts">${items.map((r) => html`<li><a href="${localizedPath(locale, path(r.handle))}">${r.title}</a></li>`)}</ul>` : ''}`;
  return html`${heading}<div class="search-results">
${section('products', s.products, results.counts.product, html`${results.products.length ? html`<ul class="grid">${results.products.map((p) => productCard(locale, p))}</ul>` : ''}`)}
${section('collections', s.collections, results.counts.collection, links(results.collections, paths.collection))}
${section('pages', s.pages, results.counts.page, links(results.pages, paths.page))}
${section('articles', s.articles, results.counts.article, links(results.articles, paths.article))}
</div>${pagination(locale, q, results.page, results.pageCount)}`;
}

let shells: ShellFile | null | undefined;

/** The page frames Astro built, read once; null when missing (a build without the site: the minimal frame is used). */
function shellFile(): ShellFile | null {
  if (shells === undefined) {
    try {
      shells = JSON.parse(readFileSync(join(searchIndexDir(), SHELL_FILE), 'utf8')) as ShellFile;
    } catch {
      console.error(`search page: ${SHELL_FILE} is missing (run "npm run build"); using the minimal frame`);
      shells = null;
    }
  }
  return shells;
}

/**
 * A complete page: the locale's frame with the title, the query (in the header's search field
 * and the language switcher's links) and the main content.
 */
export function searchDocument(catalog: Catalog, locale: Locale, title: string, q: string, main: Html): string {
  const frame = shellFile()?.[locale];
  if (!frame) return minimalPage(locale, title, catalog.store.name, main);
  const values: Record<string, string> = {
    [SHELL_TOKENS.title]: html`${title}`.value,
    [SHELL_TOKENS.query]: html`${q}`.value,
    [SHELL_TOKENS.queryUrl]: encodeURIComponent(q),
    [SHELL_TOKENS.main]: main.value,
  };
  // One pass, so a query that looks like a placeholder is never replaced in turn.
  return frame.replace(/%%search-[a-z-]+%%|<!--%%search-main%%-->/g, (token) => values[token] ?? token);
}
