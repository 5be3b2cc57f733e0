/**
 * `GET /search/suggest.json` in every locale (docs/storefront.md "Predictive search"; docs/search.md): reads and
 * validates the query string the way Shopify's Predictive Search API does
 * (docs/storefront.md "Predictive search"), then answers from the locale's prebuilt index. Every invalid
 * parameter is a 422 StorefrontError `{"status":422,"message":"Invalid parameter error","description":...}`
 * whose description names the parameter and why (docs/storefront.md "Errors").
 */
import type { Locale } from '../catalog/locales';
import { RESOURCE_TYPES, SEARCH_FIELDS, type ResourceType, type SearchField } from '../search/documents';
import { localeIndex, localeResults } from '../search/index-store';
import { suggest, type SuggestRequest } from '../search/suggest';
import { CACHE, json, storefrontError } from './responses';

/** Path of the predictive search, after the locale prefix (docs/storefront.md "Predictive search"). */
export const SUGGEST_PATH = '/search/suggest.json';

/** Types searched when `resources[type]` is absent (docs/storefront.md "Predictive search"; Shopify's default adds `query`). */
export const DEFAULT_TYPES: ResourceType[] = ['product', 'collection', 'page', 'article'];
/** `resources[limit]` range and default (docs/storefront.md "Limits"). */
export const LIMIT = { min: 1, max: 10, default: 10 } as const;
/** Longest `q` accepted, in characters: enough for any search, and bounds the work per request. */
export const MAX_QUERY_LENGTH = 200;

/** A parameter error: becomes the 422 body's `description`. */
class ParamError extends Error {}

const missing = (name: string) => new ParamError(`param is missing or the value is empty: ${name}`);
const oneOf = (name: string, value: string, allowed: readonly string[]) =>
  new ParamError(`Invalid value for \`${name}\`: ${JSON.stringify(value)} is not one of ${allowed.join(', ')}`);

/** First non-blank value among the given parameter names; null when all are absent; "" when present but blank. */
function param(params: URLSearchParams, ...names: string[]): string | null {
  let seen: string | null = null;
  for (const name of names) {
    const value = params.get(name);
    if (value === null) continue;
    if (value.trim()) return value;
    seen = '';
  }
  return seen;
}

/** A comma-separated list of allowed values, trimmed, lower-cased, without duplicates. */
function list<T extends string>(name: string, raw: string, allowed: readonly T[]): T[] {
  const items = [...new Set(raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))];
  if (!items.length) throw missing(name);
  for (const item of items) if (!(allowed as readonly string[]).includes(item)) throw oneOf(name, item, allowed);
  return items as T[];
}

/**
 * Reads a predictive-search request from a query string.
 * Accepted: `q` (or the legacy `s`), `resources[type]` (or the legacy `resources[types]`),
 * `resources[limit]`, `resources[limit_scope]`, `resources[options][unavailable_products]`
 * (`bury` is the legacy name of `last`), `resources[options][fields]`; anything else is ignored.
 * @throws ParamError naming the parameter and why, e.g. "param is missing or the value is empty: q"
 */
export function parseSuggestParams(params: URLSearchParams): SuggestRequest {
  const q = param(params, 'q', 's');
  if (!q) throw missing('q');
  if (q.length > MAX_QUERY_LENGTH) throw new ParamError(`Invalid value for \`q\`: longer than ${MAX_QUERY_LENGTH} characters`);

  const rawTypes = param(params, 'resources[type]', 'resources[types]');
  if (rawTypes === '') throw missing('resources[type]');
  const types = rawTypes === null ? DEFAULT_TYPES : list('resources[type]', rawTypes, RESOURCE_TYPES);

  let limit: number = LIMIT.default;
  const rawLimit = params.get('resources[limit]');
  if (rawLimit !== null) {
    const n = /^\s*\d{1,3}\s*$/.test(rawLimit) ? Number(rawLimit) : NaN;
    if (!(n >= LIMIT.min && n <= LIMIT.max)) {
      throw new ParamError(`Invalid value for \`resources[limit]\`: ${JSON.stringify(rawLimit)} is not an integer from ${LIMIT.min} to ${LIMIT.max}`);
    }
    limit = n;
  }

  const rawScope = params.get('resources[limit_scope]');
  const scope = rawScope === null ? 'all' : rawScope.trim().toLowerCase();
  if (scope !== 'all' && scope !== 'each') throw oneOf('resources[limit_scope]', rawScope ?? '', ['all', 'each']);

  const rawUnavailable = params.get('resources[options][unavailable_products]');
  const unavailable = rawUnavailable === null ? 'last' : rawUnavailable.trim().toLowerCase();
  const unavailableProducts = unavailable === 'bury' ? 'last' : unavailable;
  if (unavailableProducts !== 'show' && unavailableProducts !== 'hide' && unavailableProducts !== 'last') {
    throw new ParamError(`Invalid option for \`unavailable_products\` parameter: ${JSON.stringify(rawUnavailable)} is not one of show, hide, last (resources[options][unavailable_products])`);
  }

  const rawFields = params.get('resources[options][fields]');
  const fields = rawFields === null ? undefined : list<SearchField>('resources[options][fields]', rawFields, SEARCH_FIELDS);

  return { q, types, limit, limitScope: scope, unavailableProducts, fields };
}

/**
 * Answers `/search/suggest.json` (path already stripped of its locale prefix by the router) from
 * the locale's index and result records alone: it never reads the catalog snapshot.
 * @returns 200 with `{"resources":{"results":{...}}}`, or 422 with a StorefrontError
 * @throws Error only when the locale's index or results file is missing or corrupt (a build problem; the router answers a JSON 500)
 */
export function searchRoute(locale: Locale, params: URLSearchParams): Response {
  let request: SuggestRequest;
  try {
    request = parseSuggestParams(params);
  } catch (e) {
    if (e instanceof ParamError) return storefrontError(422, 'Invalid parameter error', e.message);
    throw e;
  }
  return json(200, suggest(localeResults(locale), localeIndex(locale), locale, request), CACHE.live);
}
