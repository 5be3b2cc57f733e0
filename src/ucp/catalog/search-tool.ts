/**
 * `search_catalog` (UCP 2026-04-08 catalog search; docs/agent-commerce.md "Catalog tools"): free-text query
 * and/or filters, cursor pagination bound to the query and context (limit default 10, clamped
 * to 50), products in the buyer's locale with prices and availability for the destination.
 * No hits → `products: []` without a message. A request for what the store does not sell (live
 * fish, turnkey farms; docs/storefront.md "What the store sells") carries an info message
 * `out_of_scope` pointing to the contact page, in the request's language (`context.language`).
 */
import { createHash } from 'node:crypto';
import { publishedProducts } from '../../catalog/query';
import type { Catalog, CatalogProduct } from '../../catalog/types';
import type { Locale } from '../../catalog/locales';
import { isOutOfScope } from '../../search/scope';
import { absoluteUrl, localizedPath, paths } from '../../catalog/urls';
import { infoMessage } from '../messages';
import { ucpProduct } from '../../views/ucp-product';
import { invalidParams } from '../errors';
import { canonicalJson } from '../../commerce/canonical-json';
import { OPERATION, defineTool } from '../tools/types';
import { CAPABILITY } from '../version';
import { type SearchRequest, type SearchResponse, SearchRequest as SearchRequestSchema, SearchResponse as SearchResponseSchema } from '../wire/catalog';
import type { Message } from '../wire/common';
import { defaultMatcher, type ProductMatcher } from './matcher';
import { applyFilters, catalogCall, hasFilters, shippingWarnings } from './shared';

/** Page sizes (docs/agent-commerce.md "Catalog tools": default 10, accept at least 10, clamp silently). */
export const SEARCH_PAGING = { defaultLimit: 10, maxLimit: 50 } as const;

/** The matcher in use; replaceable for tests and when src/search changes. */
export const searchConfig: { matcher: ProductMatcher } = { matcher: defaultMatcher };

const fingerprintOf = (request: SearchRequest, locale: string, destination: unknown) =>
  createHash('sha256')
    .update(canonicalJson({ q: request.query?.trim() ?? '', f: request.filters ?? null, l: locale, d: destination ?? null, cur: request.context?.currency ?? null }))
    .digest('base64url')
    .slice(0, 16);

/**
 * The info message of an out-of-scope request, in the locale: the title of the page on what the
 * store does not sell, then the contact page's title and URL (content/store.yaml `pages`).
 */
export function outOfScopeMessage(catalog: Catalog, locale: Locale, baseUrl: string): Message {
  const { pages } = catalog.store;
  const title = (handle: string) => {
    const page = catalog.pages.find((p) => p.handle === handle);
    return (page?.locales[locale] ?? page?.locales.fr)?.meta.title ?? handle;
  };
  const contact = absoluteUrl(baseUrl, localizedPath(locale, paths.page(pages.contact)));
  return infoMessage('out_of_scope', `${title(pages.not_sold)} — ${title(pages.contact)}: ${contact}`);
}

/** Opaque cursor: the offset of the next page and the fingerprint of the query it belongs to. */
export function encodeCursor(offset: number, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprint })).toString('base64url');
}

function decodeCursor(cursor: string, fingerprint: string): number {
  let parsed: { o?: unknown; f?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidParams('search_catalog', 'catalog.pagination.cursor', 'is not a cursor returned by search_catalog');
  }
  if (typeof parsed?.o !== 'number' || !Number.isSafeInteger(parsed.o) || parsed.o < 0) {
    throw invalidParams('search_catalog', 'catalog.pagination.cursor', 'is not a cursor returned by search_catalog');
  }
  if (parsed.f !== fingerprint) {
    throw invalidParams('search_catalog', 'catalog.pagination.cursor', 'belongs to another query, filter or context; start again without a cursor');
  }
  return parsed.o;
}

export const searchCatalogTool = defineTool<SearchRequest>({
  name: 'search_catalog',
  title: 'Search the catalog',
  description:
    'Search products by free text (any of the 12 store languages) and/or filters (categories, price in cents). ' +
    'Returns products with variants, prices in EUR cents (VAT included inside the EU, net of French VAT for CH, NO, GB) and availability for context.address_country. ' +
    'Use variants[].id as line_items[].item.id in create_cart. Paginate with pagination.cursor.',
  capability: CAPABILITY.search,
  payloadKey: 'catalog',
  payload: SearchRequestSchema,
  ...OPERATION.query,
  output: SearchResponseSchema,
  async run({ payload }, env): Promise<SearchResponse> {
    const query = payload.query?.trim() ?? '';
    if (!query && !hasFilters(payload.filters)) {
      throw invalidParams('search_catalog', 'catalog.query', 'give a query or at least one filter (filters.categories, filters.price)');
    }
    const call = catalogCall(env, payload.context);
    const messages: Message[] = [...call.buyer.messages];
    if (query && isOutOfScope(env.catalog, call.buyer.locale, query)) messages.push(outOfScopeMessage(env.catalog, call.buyer.locale, env.baseUrl));
    const candidates = query ? searchConfig.matcher(env.catalog, query, call.buyer.locale) : (publishedProducts(env.catalog) as CatalogProduct[]);
    const matches = applyFilters(candidates, payload.filters, call, messages, payload.context?.currency);
    const limit = Math.min(payload.pagination?.limit ?? SEARCH_PAGING.defaultLimit, SEARCH_PAGING.maxLimit);
    const fingerprint = fingerprintOf(payload, call.buyer.locale, call.buyer.destination);
    const offset = payload.pagination?.cursor ? decodeCursor(payload.pagination.cursor, fingerprint) : 0;
    const page = matches.slice(offset, offset + limit);
    const view = await call.view(page);
    const next = offset + limit < matches.length;
    messages.push(...shippingWarnings(page, call, (i) => `$.products[${i}]`));
    return {
      ucp: env.ucp([CAPABILITY.search]),
      products: page.map((p) => ucpProduct(p, call.ctx, view)),
      pagination: { has_next_page: next, ...(next ? { cursor: encodeCursor(offset + limit, fingerprint) } : {}), total_count: matches.length },
      ...(messages.length ? { messages } : {}),
    };
  },
});
