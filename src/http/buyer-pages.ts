/**
 * The buyer's pages served by the function, under any locale prefix:
 * - `GET /checkout/approve/<checkout id>?s=<secret>`: the approval page (the checkout's
 *   `continue_url`);
 * - `POST /checkout/approve/<checkout id>` (form: `s`, `terms`, `action`):
 *   `action=send` stores a one-time code and queues its mail to the buyer, delivered after the
 *   response (429 with Retry-After past the limits; the page says when a delivery failed);
 *   `action=confirm` with `code` records the approval of the terms shown when the code is right
 *   (src/checkout/approval.ts); `action=refuse` cancels the checkout as refused by the buyer
 *   ("this is not right"); each redirects (303) back to the page on success. A
 *   wrong, dead or expired code gets 422 and the page saying so; terms that changed, 409;
 * - `GET /orders/<order id>?s=<secret>`: the order status page (the order's `permalink_url`),
 *   which links its invoice and credit notes;
 * - `GET /orders/<order id>/documents/<document id>[.pdf]?s=<secret>`: one of them, as a
 *   printable page or as a PDF (src/documents/render/), with the order page's secret.
 * A wrong secret and an unknown id both get the same 404 page. A POST from another site
 * (`Origin`, `Sec-Fetch-Site`) is refused (403) on top of the secret and terms hash the form carries;
 * every POST counts against the client's per-IP rate limit (429 with Retry-After past it).
 */
import type { Catalog } from '../catalog/types';
import { type Locale, localePrefix } from '../catalog/locales';
import type { Commerce } from '../checkout/commerce';
import { reviewCheckout } from '../checkout/review';
import { buyerDocument, buyerOrderDocuments } from '../checkout/order-documents';
import type { DocumentRecord } from '../commerce/documents';
import { documentView } from '../documents/render/view';
import { documentPaths } from '../checkout/urls';
import { documentHtml } from '../documents/render/html';
import { documentFile } from '../documents/render/file';
import { documentsUi } from '../i18n/documents-ui';
import { confirmApprovalCode, refuseCheckout, sendApprovalCode } from '../checkout/approval';
import { type ApprovalNotice, approvalPage, invalidLinkPage, rateLimitedPage } from './html/approval-page';
import { type DocumentLink, orderPage } from './html/order-page';
import { PAGE_HEADERS, page, pageResponse } from './html/shell';
import { APPROVE, ORDER, ORDER_DOCUMENT } from './buyer-pages-path';
import { crossSite } from './same-origin';
import type { Limit } from './rate-limit';

/** Headers of a document's PDF: the buyer pages' own, but for its type. */
const PDF_HEADERS = { ...PAGE_HEADERS, 'content-type': 'application/pdf' };

/** The links of a document from its order's page: its page and its PDF, with the order's secret. */
function documentLink(document: DocumentRecord, orderId: string, secret: string, locale: Locale): DocumentLink {
  const words = documentsUi(locale);
  const title = document.data.kind === 'invoice' ? words.invoiceNumbered({ number: document.number }) : words.creditNoteNumbered({ number: document.number });
  return { title, ...documentPaths(orderId, document.id, secret, locale), pdfLabel: words.pdf };
}

/** Largest approval form accepted, in bytes. */
const MAX_FORM = 4096;

export { isBuyerPage } from './buyer-pages-path';

/**
 * Answers a buyer page.
 * @param path the path without its locale prefix
 * @param limit counts one request of the client against its rate limit (null: not limited)
 * @returns an HTML response (never throws for bad input; a failing store gives 503)
 */
export async function buyerPagesRoute(request: Request, locale: Locale, path: string, catalog: Catalog, commerce: Commerce | undefined, limit: Limit): Promise<Response> {
  const url = new URL(request.url);
  const store = catalog.store;
  const invalid = (status = 404) => pageResponse(status, invalidLinkPage(store, locale));
  if (!commerce) return invalid();
  const env = commerce.context(url.origin);
  try {
    const approve = APPROVE.exec(path);
    if (approve) {
      const id = approve[1];
      if (request.method === 'GET' || request.method === 'HEAD') {
        const secret = url.searchParams.get('s') ?? '';
        const review = await reviewCheckout(env, id, secret, locale);
        const notice: ApprovalNotice = { kind: review?.code?.delayed ? 'delayed' : 'none' };
        return review ? pageResponse(200, approvalPage(review, store, locale, secret, notice)) : invalid();
      }
      if (request.method !== 'POST') return pageResponse(405, invalidLinkPage(store, locale), { allow: 'GET, HEAD, POST' });
      if (crossSite(request, url, store.base_url)) return invalid(403);
      // Every post (send, confirm, refuse) counts against the client's limit, as the shop's do.
      const decision = await limit();
      if (decision && !decision.allowed) {
        const page = `${localePrefix(locale)}/checkout/approve/${encodeURIComponent(id)}`;
        return pageResponse(429, rateLimitedPage(store, locale, page), { 'retry-after': String(decision.retryAfter) });
      }
      const type = request.headers.get('content-type') ?? '';
      const text = await request.text();
      if (!/^application\/x-www-form-urlencoded\b/i.test(type) || Buffer.byteLength(text) > MAX_FORM) return invalid(400);
      const form = new URLSearchParams(text);
      const secret = form.get('s') ?? '';
      const terms = form.get('terms') ?? '';
      const here = `${localePrefix(locale)}/checkout/approve/${encodeURIComponent(id)}?s=${encodeURIComponent(secret)}`;
      const back = (query = '') => new Response(null, { status: 303, headers: { location: `${here}${query}`, 'cache-control': 'no-store', 'referrer-policy': 'strict-origin' } });
      const again = async (status: number, notice: ApprovalNotice, headers: Record<string, string> = {}) => {
        const review = await reviewCheckout(env, id, secret, locale);
        return review ? pageResponse(status, approvalPage(review, store, locale, secret, notice), headers) : invalid();
      };
      if (form.get('action') === 'send') {
        const sent = await sendApprovalCode(env, id, secret, terms, locale);
        if (sent.kind === 'not_found') return invalid();
        if (sent.kind === 'too_many') return again(429, sent, { 'retry-after': String(sent.retryAfterSeconds) });
        if (sent.kind !== 'sent') return again(409, { kind: sent.kind === 'changed' ? 'changed' : 'none' });
        // The code is stored and its message queued: the router delivers it after this response
        // (src/http/router.ts), and the page says so if that attempt failed.
        return back();
      }
      if (form.get('action') === 'refuse') {
        const refused = await refuseCheckout(env, id, secret, terms);
        switch (refused.kind) {
          case 'refused': return back();
          case 'not_found': return invalid();
          case 'changed': return again(409, { kind: 'changed' });
          default: return again(409, { kind: 'none' });
        }
      }
      const confirmed = await confirmApprovalCode(env, id, secret, terms, form.get('code') ?? '');
      switch (confirmed.kind) {
        case 'approved': return back();
        case 'not_found': return invalid();
        case 'closed': case 'incomplete': return again(409, { kind: 'none' });
        case 'changed': return again(409, { kind: 'changed' });
        case 'wrong': return again(422, confirmed);
        default: return again(422, { kind: confirmed.kind });
      }
    }
    const order = ORDER.exec(path);
    const document = ORDER_DOCUMENT.exec(path);
    if ((order || document) && request.method !== 'GET' && request.method !== 'HEAD') return pageResponse(405, invalidLinkPage(store, locale), { allow: 'GET, HEAD' });
    const secret = url.searchParams.get('s') ?? '';
    if (order) {
      const found = await buyerOrderDocuments(env, order[1], secret);
      if (!found) return invalid();
      const payment = found.documents.find((d) => d.data.kind === 'invoice')?.data.payment;
      return pageResponse(200, orderPage(found.order, store, locale, found.documents.map((d) => documentLink(d, found.order.id, secret, locale)), payment));
    }
    if (document) {
      const found = await buyerDocument(env, document[1], secret, document[2]);
      if (!found) return invalid();
      const link = documentLink(found.document, found.order.id, secret, locale);
      const view = documentView(found.document);
      if (!document[3]) return pageResponse(200, page(locale, view.title, store.name, documentHtml(view, link.pdfUrl, documentsUi(locale).pdf)));
      const file = await documentFile(found.document, store.legal_name);
      return new Response(new Uint8Array(file.content), { status: 200, headers: { ...PDF_HEADERS, 'content-disposition': `inline; filename="${file.filename}"` } });
    }
    return invalid();
  } catch (error) {
    if ((error as { name?: string }).name !== 'StateError' && (error as { name?: string }).name !== 'CheckoutBusyError') throw error;
    console.error('buyer page: store unavailable', error);
    return new Response('Service temporarily unavailable; retry in a moment.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5', 'cache-control': 'no-store' } });
  }
}
