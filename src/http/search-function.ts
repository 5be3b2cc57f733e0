/**
 * The predictive search as a function of its own (netlify/functions/search.ts): search as you
 * type starts a function instance more often than anything else, and an instance that loads only
 * the search code and the locale's index answers its first request several times sooner than the
 * storefront function, whose bundle also holds the UCP service, the MCP SDK, the database
 * client and the pages (docs/search.md "Benchmarks"). It answers exactly what the main router
 * answers for these paths: the same route, the same locale and method rules, JSON errors.
 */
import { splitLocale } from '../catalog/locales';
import { readOnlyRefusal, resourcePath } from './read-only';
import { storefrontError } from './responses';
import { searchRoute, SUGGEST_PATH } from './search-route';

/**
 * Answers `[/<locale>]/search/suggest.json`.
 * @returns 200 with the suggestions; 422 for an invalid parameter; 404 StorefrontError for an
 *          unknown locale prefix or another path; 204/405 for other methods (src/http/read-only.ts);
 *          a JSON 500 without internals if the locale's search files cannot be read. Never throws.
 */
export async function answerSearch(request: Request): Promise<Response> {
  try {
    const url = new URL(request.url);
    const pathname = resourcePath(url.pathname);
    const located = splitLocale(pathname);
    if (!located) return storefrontError(404, 'Not Found', `unknown locale prefix in "${pathname}"`);
    if (located.path !== SUGGEST_PATH) return storefrontError(404, 'Not Found', `no endpoint at "${pathname}"`);
    return readOnlyRefusal(request) ?? searchRoute(located.locale, url.searchParams);
  } catch (error) {
    console.error('unhandled error', error);
    return storefrontError(500, 'Internal Server Error');
  }
}
