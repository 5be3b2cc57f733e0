/**
 * JSON responses of the function. Every answer is JSON with `charset=utf-8`, CORS open to
 * every origin (public, read-only data; docs/storefront.md "Public access") and an explicit
 * cache policy, because the Netlify CLI and CDN apply no headers of their own to function output.
 */
import { shopifyJson } from '../views/serialize';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Largest request body the UCP endpoints (MCP and REST) accept, in bytes. */
export const UCP_MAX_BODY = 1_000_000;

/** Cache policies, in seconds: catalog data changes only with a deploy; live data barely caches. */
export const CACHE = {
  catalog: 'public, max-age=300',
  live: 'public, max-age=10',
  none: 'no-store',
} as const;

/**
 * A JSON response with Shopify-style escaping.
 * @param status HTTP status
 * @param body any JSON-serialisable value
 * @param cache a Cache-Control value (default: no-store)
 */
export function json(status: number, body: unknown, cache: string = CACHE.none, extra: Record<string, string> = {}): Response {
  return new Response(shopifyJson(body), {
    status,
    headers: { 'content-type': JSON_TYPE, 'cache-control': cache, 'access-control-allow-origin': '*', ...extra },
  });
}

/** StorefrontError body of docs/storefront.md "Errors": `{status, message, description?}` with `status` an integer. */
export function storefrontError(status: number, message: string, description?: string, extra: Record<string, string> = {}): Response {
  return json(status, description === undefined ? { status, message } : { status, message, description }, CACHE.none, extra);
}

/** 405 for a method the path does not allow, with the `Allow` header. */
export function methodNotAllowed(allow: string): Response {
  return storefrontError(405, 'Method Not Allowed', `use ${allow}`, { allow });
}
