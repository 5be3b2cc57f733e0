/**
 * The buyer's pages served by the function (issue #6 points 4 and 7), under any locale prefix:
 * - `GET /checkout/approve/<checkout id>?s=<secret>`: the approval page (the checkout's
 *   `continue_url`);
 * - `POST /checkout/approve/<checkout id>` (form: `s`, `terms`): records the approval of the
 *   terms shown, then redirects (303) to the page, which now says the order is confirmed; a
 *   stale `terms` gets 409 and the page with the current terms;
 * - `GET /orders/<order id>?s=<secret>`: the order status page (the order's `permalink_url`).
 * A wrong secret and an unknown id both get the same 404 page. A POST from another site
 * (`Origin`, `Sec-Fetch-Site`) is refused (403) on top of the secret and terms hash the form carries.
 */
import type { Catalog } from '../catalog/types';
import { type Locale, localePrefix } from '../catalog/locales';
import type { UcpService } from '../ucp/service';
import { approveCheckout, buyerOrder, reviewCheckout } from '../ucp/checkout/buyer';
import { approvalPage, invalidLinkPage } from './html/approval-page';
import { orderPage } from './html/order-page';
import { pageResponse } from './html/shell';
import { APPROVE, ORDER } from './buyer-pages-path';

/** Largest approval form accepted, in bytes. */
const MAX_FORM = 4096;

/**
 * True when a POST comes from another site: an `Origin` other than this one (a privacy-minded
 * "null" is tolerated), or a browser's `Sec-Fetch-Site` other than same-origin.
 */
function crossSite(request: Request, url: URL, baseUrl: string): boolean {
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null' && origin !== url.origin && origin !== new URL(baseUrl).origin) return true;
  const site = request.headers.get('sec-fetch-site');
  return site !== null && site !== 'same-origin';
}

export { isBuyerPage } from './buyer-pages-path';

/**
 * Answers a buyer page.
 * @param path the path without its locale prefix
 * @returns an HTML response (never throws for bad input; a failing store gives 503)
 */
export async function buyerPagesRoute(request: Request, locale: Locale, path: string, catalog: Catalog, service: UcpService | undefined): Promise<Response> {
  const url = new URL(request.url);
  const store = catalog.store;
  const invalid = (status = 404) => pageResponse(status, invalidLinkPage(store, locale));
  if (!service) return invalid();
  const env = service.pageEnv(url.origin);
  try {
    const approve = APPROVE.exec(path);
    if (approve) {
      const id = approve[1];
      if (request.method === 'GET' || request.method === 'HEAD') {
        const secret = url.searchParams.get('s') ?? '';
        const review = await reviewCheckout(env, id, secret, locale);
        return review ? pageResponse(200, approvalPage(review, store, locale, secret)) : invalid();
      }
      if (request.method !== 'POST') return pageResponse(405, invalidLinkPage(store, locale), { allow: 'GET, HEAD, POST' });
      if (crossSite(request, url, store.base_url)) return invalid(403);
      const type = request.headers.get('content-type') ?? '';
      const text = await request.text();
      if (!/^application\/x-www-form-urlencoded\b/i.test(type) || Buffer.byteLength(text) > MAX_FORM) return invalid(400);
      const form = new URLSearchParams(text);
      const secret = form.get('s') ?? '';
      const outcome = await approveCheckout(env, id, secret, form.get('terms') ?? '');
      if (outcome === 'not_found') return invalid();
      const here = `${localePrefix(locale)}/checkout/approve/${encodeURIComponent(id)}?s=${encodeURIComponent(secret)}`;
      if (outcome === 'approved') return new Response(null, { status: 303, headers: { location: here, 'cache-control': 'no-store', 'referrer-policy': 'strict-origin' } });
      const review = await reviewCheckout(env, id, secret, locale);
      return review ? pageResponse(409, approvalPage(review, store, locale, secret, outcome === 'changed' ? 'changed' : 'none')) : invalid();
    }
    const order = ORDER.exec(path);
    if (order) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return pageResponse(405, invalidLinkPage(store, locale), { allow: 'GET, HEAD' });
      const found = await buyerOrder(env, order[1], url.searchParams.get('s') ?? '');
      return found ? pageResponse(200, orderPage(found.record, found.order, store, locale)) : invalid();
    }
    return invalid();
  } catch (error) {
    if ((error as { name?: string }).name !== 'StateError' && (error as { name?: string }).name !== 'UcpProtocolError') throw error;
    console.error('buyer page: store unavailable', error);
    return new Response('Service temporarily unavailable; retry in a moment.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5', 'cache-control': 'no-store' } });
  }
}
