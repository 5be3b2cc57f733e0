/**
 * The Netlify function (docs/decisions.md "Static first"): it only wires the platform to src/http.
 * Static files win over it (`preferStatic`), so it answers what cannot be static: list
 * requests with a query string (rewritten here by netlify.toml), every other JSON path without
 * a file (unknown handles, collections, locale prefixes: JSON answers), the live `.js` products,
 * the search results page (suggestions have their own function, `search.ts`), the UCP endpoints (MCP and REST), and the buyer's approval and order status pages. `storefront-methods.ts` and
 * `storefront-encoded.ts` are two more entries to this same handler, for the requests
 * `preferStatic` would leave to the static server.
 */
import type { Config, Context } from '@netlify/functions';
import { createHandler } from '../../src/http/router';
import type { UcpService } from '../../src/ucp/service';
import { netlifyDatabase } from '../../src/state/netlify-database';
import { stockLedger } from '../../src/state/stock';
import { lazyCatalog, localeCatalogs, readFunctionCatalog } from '../../src/catalog/locale-catalogs';

// The function's slim snapshot (src/catalog/snapshot.ts writeFunctionSnapshot), not the build's catalog.json: French
// product text only, other locales' text read on first use (src/catalog/locale-catalogs.ts, included_files).
// Read on the first request that needs it: search reads its own files (src/search/index-store.ts).
const catalog = lazyCatalog(() => readFunctionCatalog());
const catalogs = localeCatalogs(catalog);
// Carts, checkouts, orders, stock, idempotency keys and rate limits live in Netlify Database; the
// client is imported on the first query, so search suggestions and the search page never load it.
// http/loopback platform profiles, and buyer URLs on the request's own origin, only under `netlify dev` (NETLIFY_DEV).
const local = !!process.env.NETLIFY_DEV;
const db = netlifyDatabase();
// Live stock of `.js` products and lists; the UCP service shares this ledger. Made on first use: it indexes the catalog's variants.
let ledger: ReturnType<typeof stockLedger> | undefined;
const stock = () => (ledger ??= stockLedger(db, catalog));
// The UCP service (tools, schemas) is loaded on the first MCP or buyer-page request, not at cold start.
let ucp: Promise<UcpService> | undefined;
const ucpService = () => (ucp ??= import('../../src/ucp/service').then(({ createUcpService }) => createUcpService({
  catalog: catalogs.complete(), db, stock: stock(), allowInsecureProfiles: local, useRequestOrigin: local,
  urlSecretKey: process.env.UCP_URL_SECRET_KEY || undefined,
})));
const handler = createHandler({ catalog, catalogFor: catalogs.catalogFor, ucp: ucpService, stock: { soldCached: (ids) => stock().soldCached(ids) }, db });

// The client IP is Netlify's `context.ip` (the rate limiter's key), never a request header.
// `context.waitUntil` keeps the instance alive after the response for the delivery of the
// messages a request queued (src/http/router.ts), in production and under `netlify dev`.
export default (request: Request, context?: Partial<Pick<Context, 'ip' | 'waitUntil'>>): Promise<Response> =>
  handler(request, { ip: context?.ip, waitUntil: context?.waitUntil ? (work) => context.waitUntil!(work) : undefined });

export const config: Config = {
  path: [
    '/api/catalog/*',
    // Every JSON path without a static file (unknown handles, collections and locale prefixes,
    // search): a JSON answer, never the HTML 404 page.
    '/*.json',
    '/products/*.js',
    '/:locale/products/*.js',
    '/search',
    '/:locale/search',
    '/api/ucp/mcp',
    // The UCP REST binding (src/http/rest-route.ts): its endpoint and every path under it, known or not, answers JSON.
    '/api/ucp',
    '/api/ucp/*',
    '/checkout/approve/*',
    '/:locale/checkout/approve/*',
    '/orders/*',
    '/:locale/orders/*',
    // The cart and checkout pages and Shopify's Ajax cart (src/http/shop-route.ts).
    '/cart',
    '/cart.js',
    '/cart/*',
    '/:locale/cart',
    '/:locale/cart.js',
    '/:locale/cart/*',
    '/checkout',
    '/:locale/checkout',
    // Sign-in and the account page (src/http/account-route.ts).
    '/account',
    '/:locale/account',
    '/account/business',
    '/:locale/account/business',
    // A business account's quotes (src/http/quote-route.ts).
    '/account/quotes/*',
    '/:locale/account/quotes/*',
    // The OAuth authorization server of the accounts, its metadata and its consent page (src/http/oauth-route.ts, oauth-consent-route.ts).
    '/api/auth/oauth2/*',
    '/.well-known/oauth-authorization-server',
    '/.well-known/oauth-authorization-server/*',
    '/.well-known/oauth-protected-resource',
    '/.well-known/oauth-protected-resource/*',
    '/account/authorize',
    '/:locale/account/authorize',
  ],
  preferStatic: true,
  // The predictive search has its own function (netlify/functions/search.ts).
  excludedPath: ['/search/suggest.json', '/:locale/search/suggest.json'],
  // Enforced by Netlify's edge in production only (the CLI ignores it; the service limits itself,
  // src/http/rate-limit.ts). It covers every path of this one function, so it is set above the
  // service's own MCP limit (120 per 60 s) to leave room for search-as-you-type.
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
