/**
 * The function's router: one entry for every dynamic request. It strips and validates the
 * locale prefix (an unknown prefix is never served as French), answers CORS preflights,
 * refuses methods other than GET/HEAD on storefront paths, and never lets an exception become
 * an HTML 500: anything unexpected is a JSON 500 without internals.
 */
import type { Catalog } from '../catalog/types';
import { splitLocale } from '../catalog/locales';
import { catalogRoute } from './catalog-routes';
import { searchRoute } from './search-route';
import { methodNotAllowed, storefrontError } from './responses';
import { mcpRoute } from './mcp-route';
import type { UcpService } from '../ucp/service';

export interface HandlerDeps {
  catalog: Catalog;
  /** The UCP service behind POST /api/ucp/mcp (src/ucp/service.ts); without it that path is 404. */
  ucp?: UcpService;
}

/** Paths the function receives through netlify.toml rewrites: `/api/catalog/<locale>/<path>`. */
const REWRITE_PREFIX = /^\/api\/catalog\/([a-z]{2})(\/.*)$/;

/**
 * Creates the request handler.
 * @returns `(request) => Response`; never throws.
 */
export function createHandler(deps: HandlerDeps): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      const url = new URL(request.url);
      // The Netlify CLI hands a function the last static candidate it tried ("/x.json/index.htm").
      const requested = url.pathname.replace(/\/index\.html?$/, '');
      const rewritten = REWRITE_PREFIX.exec(requested);
      const pathname = rewritten ? (rewritten[1] === 'fr' ? rewritten[2] : `/${rewritten[1]}${rewritten[2]}`) : requested;
      if (pathname === '/api/ucp/mcp') return deps.ucp ? await mcpRoute(request, deps.ucp) : storefrontError(404, 'Not Found', 'the UCP endpoint is not configured');
      const located = splitLocale(pathname);
      if (!located) return storefrontError(404, 'Not Found', `unknown locale prefix in "${pathname}"`);
      if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsPreflight });
      if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed('GET, HEAD, OPTIONS');
      if (located.path === '/search/suggest.json') return searchRoute(deps.catalog, located.locale, url.searchParams);
      const response = catalogRoute(deps.catalog, located.locale, located.path, url.searchParams);
      return response ?? storefrontError(404, 'Not Found', `no endpoint at "${pathname}"`);
    } catch (error) {
      console.error('unhandled error', error);
      return storefrontError(500, 'Internal Server Error');
    }
  };
}

const corsPreflight = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, accept, mcp-protocol-version, mcp-session-id',
  'access-control-max-age': '86400',
};
