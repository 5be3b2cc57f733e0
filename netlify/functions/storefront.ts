/**
 * The one Netlify function (docs/design.md): it only wires the platform to src/http.
 * Static files win over it (`preferStatic`), so it answers what cannot be static: list
 * requests with a query string (rewritten here by netlify.toml), unknown product handles
 * (JSON 404), the live `.js` products, the MCP endpoint, and the buyer's approval and order
 * status pages.
 */
import type { Config, Context } from '@netlify/functions';
import { createHandler } from '../../src/http/router';
import type { Catalog } from '../../src/catalog/types';
// The function's slim snapshot (src/catalog/snapshot.ts functionSnapshot), not the build's catalog.json.
import snapshot from '../../.generated/function-catalog.json' with { type: 'json' };
import { createUcpService } from '../../src/ucp/service';
import { BlobsStateStore } from '../../src/state/blobs';

const catalog = snapshot as unknown as Catalog;
// Carts, checkouts, orders, stock and idempotency keys live in Netlify Blobs; http/loopback platform
// profiles, and buyer URLs on the request's own origin, only under `netlify dev` (NETLIFY_DEV).
const local = !!process.env.NETLIFY_DEV;
const ucp = createUcpService({
  catalog, state: new BlobsStateStore(), allowInsecureProfiles: local, useRequestOrigin: local,
  urlSecretKey: process.env.UCP_URL_SECRET_KEY || undefined,
});
const handler = createHandler({ catalog, ucp });

// The client IP is Netlify's `context.ip` (the rate limiter's key), never a request header.
export default (request: Request, context?: Pick<Context, 'ip'>): Promise<Response> => handler(request, { ip: context?.ip });

export const config: Config = {
  path: [
    '/api/catalog/*',
    '/products/*.json',
    '/products/*.js',
    '/:locale/products/*.json',
    '/:locale/products/*.js',
    '/search/suggest.json',
    '/:locale/search/suggest.json',
    '/api/ucp/mcp',
    '/checkout/approve/*',
    '/:locale/checkout/approve/*',
    '/orders/*',
    '/:locale/orders/*',
  ],
  preferStatic: true,
  // Enforced by Netlify's edge in production only (the CLI ignores it; the service limits itself,
  // src/http/rate-limit.ts). It covers every path of this one function, so it is set above the
  // service's own MCP limit (120 per 60 s) to leave room for search-as-you-type.
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
