/**
 * What every read-only storefront path shares, in the main router (src/http/router.ts) and in
 * the search function (src/http/search-function.ts): the path as the platform hands it over,
 * reduced to the resource it names, and the answer to a method other than GET and HEAD.
 * Kept apart from the router so the search function's bundle holds only search code.
 */
import { methodNotAllowed } from './responses';

/**
 * The resource a request path names. The Netlify CLI hands a function the last static
 * candidate it tried (`/x.json/index.htm`), and a JSON or `.js` name with a slash after it
 * (`/products/x.json/`) is the same resource: Netlify routes the two alike at every layer (the
 * static lookup finds `x.json` for both in netlify-cli and @netlify/static; redirect rules
 * "cannot add or remove a trailing slash", Netlify docs, redirect options; a function path
 * matches with or without one, zip-it-and-ship-it compiles every path to `…\/?$`). So a known
 * product or list with a slash is its static file, and the function answers the unknown ones as
 * it answers them without the slash, in production as under the CLI.
 * @param pathname the request's pathname
 * @returns it without `/index.html` at the end, and without the slash after a `.json` or `.js` name
 */
export function resourcePath(pathname: string): string {
  return pathname.replace(/\/index\.html?$/, '').replace(/(\.json|\.js)\/$/, '$1');
}

/** CORS preflight answer of the read-only storefront paths (docs/storefront.md "Public access"). */
const PREFLIGHT = {
  'access-control-allow-origin': '*',
  // Storefront paths are read-only: the MCP endpoint and the buyer's pages answer their own preflights.
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'content-type, accept, mcp-protocol-version, mcp-session-id',
  'access-control-max-age': '86400',
};

/**
 * The answer to a method a read-only path does not serve (docs/storefront.md "Errors").
 * @returns 204 with the CORS preflight headers for OPTIONS, a 405 StorefrontError with `Allow`
 *          for any method but GET and HEAD, undefined for GET and HEAD (answer the request)
 */
export function readOnlyRefusal(request: Request): Response | undefined {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: PREFLIGHT });
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed('GET, HEAD, OPTIONS');
  return undefined;
}
