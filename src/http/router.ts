/**
 * The function's router: one entry for every dynamic request. It strips and validates the
 * locale prefix (an unknown prefix is never served as French), answers CORS preflights,
 * refuses methods other than GET/HEAD on storefront paths, and never lets an exception become
 * an HTML 500: anything unexpected is a JSON 500 without internals.
 */
import type { Catalog } from '../catalog/types';
import { splitLocale, type Locale } from '../catalog/locales';
import { catalogRoute } from './catalog-routes';
import { searchRoute, SUGGEST_PATH } from './search-route';
import { readOnlyRefusal, resourcePath } from './read-only';
import { storefrontError } from './responses';
import { isBuyerPage } from './buyer-pages-path';
import { accountPageOf, isConsentPath, quotePathOf } from './account-path';
import { shopPath } from './shop-paths';
import { isOAuthPath } from './oauth-paths';
import { isLoopbackHost } from '../net/loopback';
import type { UcpService } from '../ucp/service';
import type { StockLedger } from '../commerce/inventory';
import { RateLimiter, rateLimitConfig } from './rate-limit';
import { JSON_TYPE } from './responses';
import { restJson } from './rest-reply';
import type { Db } from '../state/db';
import { collectQueued } from '../state/outbox';

export interface HandlerDeps {
  catalog: Catalog;
  /**
   * The catalog of one locale (src/catalog/locale-catalogs.ts: the function's snapshot with
   * French product text, and that locale's text loaded on first use). Default: `catalog`.
   */
  catalogFor?: (locale: Locale) => Catalog;
  /**
   * The UCP service behind POST /api/ucp/mcp and the buyer's pages (src/ucp/service.ts), or a
   * function creating it on first use (the function's cold start, docs/search.md "Benchmarks"); without it those
   * paths are 404 / have no state.
   */
  ucp?: UcpService | (() => Promise<UcpService>);
  /**
   * Units sold per variant, cached a few seconds (src/commerce/inventory.ts `soldCached`): the live
   * stock of `.js` products and of lists answered here. Default: the ledger of `ucp` when it is a service object.
   * Search suggestions never read it: they show the build's stock, as the product pages do, and
   * load no database client.
   */
  stock?: Pick<StockLedger, 'soldCached'>;
  /** The database of the rate limiter; without it (and without `rateLimiter`) nothing is limited. */
  db?: Db;
  /** Per-IP limiter of POST /api/ucp/mcp (default: RATE_LIMIT_* env over `db`, src/http/rate-limit.ts). */
  rateLimiter?: RateLimiter;
  /**
   * Where work after the response goes when the platform gives no `waitUntil` (in-process
   * callers: tests, benches). Default `runDetached`: the work runs on, unawaited, its failure logged.
   */
  waitUntil?: (work: Promise<unknown>) => void;
}

/** What the platform knows about the request: the client IP comes from Netlify's `context.ip`, never from a header. */
export interface RequestInfo {
  ip?: string;
  /**
   * Keeps the function instance alive for work done after the response (Netlify's
   * `context.waitUntil`, in production and under `netlify dev`): the delivery of the messages the
   * request queued. Default: HandlerDeps `waitUntil`.
   */
  waitUntil?: (work: Promise<unknown>) => void;
}

/**
 * Work after the response without a platform to wait for it: started, not awaited, its failure
 * logged (the outbox keeps what it did not deliver).
 * @param work a started promise
 */
export function runDetached(work: Promise<unknown>): void {
  work.catch((error) => console.error('work after the response failed', error));
}

/**
 * A module loaded on first use and then held: `import()` of a module already loaded still goes
 * through the loader's resolution on every call (measurable per request), and code, unlike
 * request state, may live as long as the instance. A failed load is retried by the next call.
 * @param load the dynamic import
 */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
}

// Loaded on first use: a search or catalog request never loads the MCP SDK, the UCP tools or the
// HTML pages (cold start, docs/search.md "Benchmarks").
const restModule = onFirstUse(() => import('./rest-route'));
const mcpModule = onFirstUse(() => import('./mcp-route'));
const shopModule = onFirstUse(() => import('./shop-route'));
const buyerPagesModule = onFirstUse(() => import('./buyer-pages'));
const accountModule = onFirstUse(() => import('./account-route'));
const quoteModule = onFirstUse(() => import('./quote-route'));
const searchPageModule = onFirstUse(() => import('./search-page'));
const oauthModule = onFirstUse(() => import('./oauth-route'));
const consentModule = onFirstUse(() => import('./oauth-consent-route'));

/** Paths the function receives through netlify.toml rewrites: `/api/catalog/<locale>/<path>`. */
const REWRITE_PREFIX = /^\/api\/catalog\/([a-z]{2})(\/.*)$/;

/**
 * Creates the request handler.
 * @returns `(request) => Response`; never throws.
 */
export function createHandler(deps: HandlerDeps): (request: Request, info?: RequestInfo) => Promise<Response> {
  const limiter = deps.rateLimiter ?? (deps.db ? new RateLimiter(rateLimitConfig(), deps.db) : undefined);
  const ucpService = async () => (typeof deps.ucp === 'function' ? deps.ucp() : deps.ucp);
  const stock = deps.stock ?? (typeof deps.ucp === 'object' ? deps.ucp.stock : undefined);
  const catalogOf = deps.catalogFor ?? (() => deps.catalog);
  /**
   * Runs `answer` (a UCP call or a buyer page), then hands the delivery of the messages it queued
   * (approval code, order confirmation, order webhooks) to `waitUntil`: the client gets its
   * response as soon as the messages are stored, and delivery runs behind it. A delivery that
   * fails or never runs leaves them in the outbox, retried by the scheduled sweep
   * (src/outbox/deliver.ts), so nothing is lost.
   */
  const answerThenDeliver = async (answer: () => Promise<Response>, origin: string, info: RequestInfo): Promise<Response> => {
    const queued: number[] = [];
    const response = await collectQueued(queued, answer);
    if (queued.length) {
      const delivery = ucpService().then((service) => service?.deliverOutbox({ ids: queued, origin }));
      (info.waitUntil ?? deps.waitUntil ?? runDetached)(delivery.catch((error) => console.error('outbox: delivery after the response failed; the sweep retries', error)));
    }
    return response;
  };
  return async (request, info = {}) => {
    try {
      const url = new URL(request.url);
      const requested = resourcePath(url.pathname);
      const rewritten = REWRITE_PREFIX.exec(requested);
      const pathname = rewritten ? (rewritten[1] === 'fr' ? rewritten[2] : `/${rewritten[1]}${rewritten[2]}`) : requested;
      // The REST binding's base path and everything under it but the MCP endpoint (a path naming no operation: its JSON 404).
      const rest = (pathname === REST_PREFIX || pathname.startsWith(`${REST_PREFIX}/`)) && pathname !== MCP_ENDPOINT;
      if (pathname === MCP_ENDPOINT || rest) {
        if (!deps.ucp) return storefrontError(404, 'Not Found', 'the UCP endpoint is not configured');
        const refuse = rest ? restRefusal(request) : rpcRefusal;
        if (!allowedHost(url.hostname, deps.catalog.store.base_url)) return refuse(403, 'forbidden', `this endpoint is not served for the host "${url.host}"`);
        // Limited per platform-reported IP, both transports in one count; a request without one did not come through Netlify (in-process tests).
        if (request.method !== 'OPTIONS' && (rest || request.method === 'POST') && info.ip && limiter) {
          const decision = await limiter.hit(info.ip);
          if (!decision.allowed) return tooManyRequests(refuse, decision.retryAfter);
        }
        if (rest) {
          const { restRoute } = await restModule();
          return await answerThenDeliver(async () => restRoute(request, pathname.slice(REST_PREFIX.length), (await ucpService())!), url.origin, info);
        }
        const { mcpRoute } = await mcpModule();
        return await answerThenDeliver(async () => mcpRoute(request, (await ucpService())!), url.origin, info);
      }
      // The OAuth authorization server of the accounts and its metadata (src/http/oauth-route.ts).
      if (isOAuthPath(pathname)) {
        const { oauthRoute } = await oauthModule();
        const limit = async () => (limiter && info.ip ? limiter.hit(info.ip) : null);
        return await oauthRoute(request, pathname, (await ucpService())?.commerce, limit);
      }
      const located = splitLocale(pathname);
      if (!located) return storefrontError(404, 'Not Found', `unknown locale prefix in "${pathname}"`);
      // The cart and checkout pages and the Ajax cart (HTML and JSON, GET and form posts).
      const shop = shopPath(located.path);
      const limit = async () => (limiter && info.ip ? limiter.hit(info.ip) : null);
      if (shop) {
        const { shopRoute } = await shopModule();
        return await answerThenDeliver(async () => shopRoute(request, located.locale, shop, catalogOf(located.locale), (await ucpService())?.commerce, limit), url.origin, info);
      }
      // The buyer's approval and order status pages (HTML, GET and the approval form's POST).
      if (isBuyerPage(located.path)) {
        const { buyerPagesRoute } = await buyerPagesModule();
        return await answerThenDeliver(async () => buyerPagesRoute(request, located.locale, located.path, catalogOf(located.locale), (await ucpService())?.commerce, limit), url.origin, info);
      }
      // The consent a platform asks of a signed-in account holder (src/http/oauth-consent-route.ts).
      if (isConsentPath(located.path)) {
        const { consentRoute } = await consentModule();
        return await consentRoute(request, located.locale, catalogOf(located.locale), (await ucpService())?.commerce, limit);
      }
      // The sign-in and account pages (HTML, GET and form posts; src/http/account-route.ts).
      const accountPage = accountPageOf(located.path);
      if (accountPage) {
        const { accountRoute } = await accountModule();
        return await answerThenDeliver(async () => accountRoute(request, located.locale, accountPage, catalogOf(located.locale), (await ucpService())?.commerce, limit), url.origin, info);
      }
      // A business account's quote: its page, its PDF, and "order at these prices" (src/http/quote-route.ts).
      const quotePath = quotePathOf(located.path);
      if (quotePath) {
        const { quoteRoute } = await quoteModule();
        return await answerThenDeliver(async () => quoteRoute(request, located.locale, quotePath, catalogOf(located.locale), (await ucpService())?.commerce, limit), url.origin, info);
      }
      const refusal = readOnlyRefusal(request);
      if (refusal) return refusal;
      // Suggestions read the locale's search files only, never the catalog. Netlify sends them to
      // their own function (netlify/functions/search.ts); this route answers them in-process.
      if (located.path === SUGGEST_PATH) return searchRoute(located.locale, url.searchParams);
      // The search results page (HTML); build-time stock, as the suggestions.
      if (located.path === '/search' || located.path === '/search/') {
        const { searchPageRoute } = await searchPageModule();
        return searchPageRoute(catalogOf(located.locale), located.locale, url.searchParams);
      }
      // Live stock of `.js` products and lists: units sold from the database, cached a few seconds.
      const sold = stock ? (ids: readonly number[]) => stock.soldCached(ids) : undefined;
      const response = await catalogRoute(catalogOf(located.locale), located.locale, located.path, url.searchParams, sold);
      return response ?? storefrontError(404, 'Not Found', `no endpoint at "${pathname}"`);
    } catch (error) {
      console.error('unhandled error', error);
      return storefrontError(500, 'Internal Server Error');
    }
  };
}

/**
 * DNS-rebinding protection of the MCP endpoint (MCP "Security best practices"): only the store's
 * own host, Netlify deploy hosts and loopback names may address it. Origins stay open (CORS *):
 * the endpoint is public and needs no credential.
 */
export function allowedHost(hostname: string, baseUrl: string): boolean {
  const host = hostname.toLowerCase();
  return host === new URL(baseUrl).hostname || host.endsWith('.netlify.app') || isLoopbackHost(host);
}

/** Path of the MCP endpoint and base path of the REST binding (src/ucp/version.ts MCP_PATH, REST_PATH; not imported: the storefront paths load no UCP code). */
const MCP_ENDPOINT = '/api/ucp/mcp';
const REST_PREFIX = '/api/ucp';

type Refusal = (status: number, code: string, content: string, extra?: Record<string, string>) => Response;

/** A refusal of the MCP endpoint: JSON-RPC -32000 with `data: {code, content}` (docs/agent-commerce.md "Errors"). */
const rpcRefusal: Refusal = (status, code, content, extra = {}) => {
  const data = code === 'rate_limited' ? { retry_after: Number(extra['retry-after']) } : { code, content };
  const body = { jsonrpc: '2.0', id: null, error: { code: -32000, message: code === 'rate_limited' ? 'Too many requests: rate limit per client IP reached; retry later with exponential backoff' : `Forbidden: ${content}`, data } };
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store', 'access-control-allow-origin': '*', ...extra } });
};

/** A refusal of the REST binding: `{code, content}` (UCP overview "Error Handling", REST). */
const restRefusal = (request: Request): Refusal => (status, code, content, extra) => restJson(status, { code, content }, request.headers.get('request-id'), extra);

/** 429 of the UCP endpoints: a `Retry-After` header in seconds, and `data.retry_after` over MCP (docs/agent-commerce.md "Rate limiting"). */
function tooManyRequests(refuse: Refusal, retryAfter: number): Response {
  return refuse(429, 'rate_limited', 'rate limit per client IP reached; retry later with exponential backoff', { 'retry-after': String(retryAfter) });
}
