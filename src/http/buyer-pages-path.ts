/**
 * The paths of the buyer's pages (src/http/buyer-pages.ts), apart from their handler so the
 * router can recognise them without loading the UCP checkout code (cold start, docs/search.md "Benchmarks").
 */

/** `/checkout/approve/<checkout id>` (without locale prefix); group 1 is the checkout id. */
export const APPROVE = /^\/checkout\/approve\/([^/]+)$/;
/** `/orders/<order id>` (without locale prefix); group 1 is the order id. */
export const ORDER = /^\/orders\/([^/]+)$/;

/** `/orders/<order id>/documents/<document id>[.pdf]`: an invoice or credit note, as a page or a PDF; groups: order id, document id, `.pdf`. */
export const ORDER_DOCUMENT = /^\/orders\/([^/]+)\/documents\/([^/.]+)(\.pdf)?$/;

/** True for the paths of the buyer's pages (without locale prefix). */
export function isBuyerPage(path: string): boolean {
  return APPROVE.test(path) || ORDER.test(path) || ORDER_DOCUMENT.test(path);
}
