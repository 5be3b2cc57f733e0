/**
 * `[/<locale>]/account/quotes/<id>`: a business account's quote, for its members only (the
 * session is read against the database on every request; another business's id, or no
 * membership, reads as an unknown link):
 * - `GET`: the quote as a printable page (the documents' layout, src/documents/render/) with,
 *   while it holds, "order at these prices"; `GET …/<id>.pdf`: its PDF;
 * - `POST` (`action=order`): the quote's lines fill the browser's cart and its checkout is
 *   priced at the quote (src/checkout/quotes.ts), then 303 to the checkout page; or the page
 *   again with the sentence that says why not (409). Same-origin only (403), rate-limited (429).
 * Without a session, the sign-in (303 to the account page). A failing store answers 503.
 */
import type { Catalog } from '../catalog/types';
import { type Locale, localePrefix } from '../catalog/locales';
import type { Commerce } from '../checkout/commerce';
import type { CommerceContext } from '../checkout/context';
import { type QuoteRecord, quoteStatus } from '../commerce/quotes';
import { orderQuote, quoteOfMember } from '../checkout/quotes';
import { accountsOf } from '../checkout/account-service';
import { currentSession } from '../accounts/sign-in';
import { documentHtml } from '../documents/render/html';
import { quoteView } from '../documents/render/view';
import { documentsUi } from '../i18n/documents-ui';
import { quotesUi } from '../i18n/quotes-ui';
import { html } from '../views/html';
import { cartCookies, cartIdOf } from './cart-cookies';
import { invalidLinkPage } from './html/approval-page';
import { PAGE_HEADERS, page, pageResponse } from './html/shell';
import type { Limit } from './rate-limit';
import { crossSite } from './same-origin';

/** Largest form accepted, in bytes (one action). */
const MAX_FORM = 1024;

/** A 303 to `location` on this site, with cookies. */
function seeOther(location: string, cookies: readonly string[] = []): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store', 'referrer-policy': 'strict-origin' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/** The quote's page: the document, then the order button while it holds (or why it does not), and a notice. */
function quotePage(quote: QuoteRecord, locale: Locale, storeName: string, now: number, notice?: { kind: 'ok' | 'no'; text: string }): string {
  const view = quoteView(quote);
  const ui = quotesUi(locale);
  const here = `${localePrefix(locale)}/account/quotes/${quote.id}`;
  const status = quoteStatus(quote, now);
  const order = status === 'open'
    ? html`<form method="post" action="${here}" class="quote-order"><button type="submit" name="action" value="order" class="order-button">${ui.orderButton}</button></form>`
    : html`<p class="notice wait" data-quote-status="${status}">${status === 'ordered' ? ui.cannotOrderOrdered : ui.cannotOrderExpired}</p>`;
  const body = html`${notice ? html`<p class="notice ${notice.kind}" role="${notice.kind === 'no' ? 'alert' : 'status'}">${notice.text}</p>` : ''}
${order}
${documentHtml(view, `${here}.pdf`, documentsUi(locale).pdf)}
<p><a href="${localePrefix(locale)}/account">${ui.listTitle}</a></p>`;
  return page(locale, view.title, storeName, body);
}

/**
 * Answers a quote's path.
 * @param target the quote's id and whether its PDF is asked for (account-path.ts `quotePathOf`)
 */
export async function quoteRoute(request: Request, locale: Locale, target: { id: string; pdf: boolean }, catalog: Catalog, commerce: Commerce | undefined, limit: Limit): Promise<Response> {
  const url = new URL(request.url);
  const store = catalog.store;
  const unknown = () => pageResponse(404, invalidLinkPage(store, locale));
  if (!commerce) return unknown();
  const ctx: CommerceContext = commerce.context(url.origin);
  const posting = request.method === 'POST';
  if (!posting && request.method !== 'GET' && request.method !== 'HEAD') return pageResponse(405, invalidLinkPage(store, locale), { allow: 'GET, HEAD, POST' });
  if (posting && (target.pdf || crossSite(request, url, store.base_url))) return pageResponse(403, invalidLinkPage(store, locale));
  try {
    if (posting) {
      const decision = await limit();
      if (decision && !decision.allowed) return pageResponse(429, invalidLinkPage(store, locale), { 'retry-after': String(decision.retryAfter) });
    }
    const { session, setCookies } = await currentSession(await accountsOf(ctx), request.headers);
    if (!session) return seeOther(`${localePrefix(locale)}/account`, setCookies);
    const account = { user_id: session.userId, email: session.email };
    const quote = await quoteOfMember(ctx, account, target.id);
    if (!quote) return unknown();
    if (target.pdf) {
      const { documentPdf } = await import('../documents/render/pdf');
      const pdf = await documentPdf(quoteView(quote), store.legal_name, quote.issued_at);
      return new Response(new Uint8Array(pdf), { status: 200, headers: { ...PAGE_HEADERS, 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${quote.number}.pdf"` } });
    }
    const ui = quotesUi(locale);
    if (!posting) {
      const made = url.searchParams.has('made') && quoteStatus(quote, ctx.now()) === 'open';
      const notice = made ? { kind: 'ok' as const, text: ui.created({ number: quote.number, date: quoteView(quote).facts[1][1] }) } : undefined;
      const response = pageResponse(200, quotePage(quote, locale, store.name, ctx.now(), notice));
      for (const cookie of setCookies) response.headers.append('set-cookie', cookie);
      return response;
    }
    const text = await request.text();
    if (Buffer.byteLength(text) > MAX_FORM || new URLSearchParams(text).get('action') !== 'order') return pageResponse(400, quotePage(quote, locale, store.name, ctx.now()));
    const outcome = await orderQuote(ctx, account, quote.id, cartIdOf(request), locale);
    if (outcome.kind === 'ready') return seeOther(`${localePrefix(locale)}/checkout#shipping`, cartCookies(outcome.cartId, outcome.units));
    if (outcome.kind === 'not_found') return unknown();
    const why = outcome.kind === 'expired' ? ui.cannotOrderExpired : outcome.kind === 'ordered' ? ui.cannotOrderOrdered : ui.unavailable;
    return pageResponse(409, quotePage(quote, locale, store.name, ctx.now(), { kind: 'no', text: why }));
  } catch (error) {
    if ((error as { name?: string }).name !== 'StateError') throw error;
    console.error('quote page: store unavailable', error);
    return new Response('Service temporarily unavailable; retry in a moment.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5', 'cache-control': 'no-store' } });
  }
}
