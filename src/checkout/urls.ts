/**
 * The buyer's URLs of a checkout and an order: the approval page (where the buyer approves the
 * terms of an agent's checkout), the order status page, and the store's policy pages. The first
 * two carry an unguessable secret (secrets.ts), so only who was given the link can read them.
 */
import { type Locale, localePrefix } from '../catalog/locales';
import type { CheckoutRecord, SecretRef } from '../commerce/records';
import { absoluteUrl, localizedPath, paths } from '../catalog/urls';
import type { CommerceContext } from './context';
import { localeOfLanguage } from './shopper';

/** Locale of a checkout's pages and e-mails: its language hint, French by default. */
export function checkoutLocale(record: Pick<CheckoutRecord, 'context'>): Locale {
  return localeOfLanguage(record.context?.language);
}

/** URL of the approval page: `<base>[/<locale>]/checkout/approve/<id>?s=<secret>`. */
export async function approvalUrl(ctx: Pick<CommerceContext, 'secrets' | 'baseUrl'>, record: Pick<CheckoutRecord, 'id' | 'approval_secret' | 'context'>, locale: Locale = checkoutLocale(record)): Promise<string> {
  const secret = await ctx.secrets.secret('approve', record.id, record.approval_secret);
  return `${ctx.baseUrl}${localePrefix(locale)}/checkout/approve/${record.id}?s=${secret}`;
}

/** URL of the order status page: `<base>[/<locale>]/orders/<id>?s=<secret>`. */
export async function orderUrl(ctx: Pick<CommerceContext, 'secrets' | 'baseUrl'>, order: { id: string; secret: SecretRef }, locale: Locale): Promise<string> {
  const secret = await ctx.secrets.secret('order', order.id, order.secret);
  return `${ctx.baseUrl}${localePrefix(locale)}/orders/${order.id}?s=${secret}`;
}

/**
 * Paths of an order's document (invoice or credit note), as a printable page and as a PDF:
 * `[/<locale>]/orders/<order id>/documents/<document id>[.pdf]?s=<the order page's secret>`.
 * @param secret the order page's secret (not its digest)
 */
export function documentPaths(orderId: string, documentId: string, secret: string, locale: Locale): { url: string; pdfUrl: string } {
  const path = `${localePrefix(locale)}/orders/${encodeURIComponent(orderId)}/documents/${encodeURIComponent(documentId)}`;
  const query = `?s=${encodeURIComponent(secret)}`;
  return { url: `${path}${query}`, pdfUrl: `${path}.pdf${query}` };
}

/** A link to one of the store's policies. */
export interface PolicyLink {
  type: 'terms_of_service' | 'refund_policy' | 'privacy_policy' | 'shipping_policy';
  url: string;
}

/** The policies a buyer agrees to (terms, right of withdrawal, privacy, shipping), in the locale (content/store.yaml `pages`). */
export function policyLinks(ctx: Pick<CommerceContext, 'catalog' | 'baseUrl'>, locale: Locale): PolicyLink[] {
  const { pages } = ctx.catalog.store;
  const page = (handle: string) => absoluteUrl(ctx.baseUrl, localizedPath(locale, paths.page(handle)));
  return [
    { type: 'terms_of_service', url: page(pages.terms) },
    { type: 'refund_policy', url: page(pages.returns) },
    { type: 'privacy_policy', url: page(pages.privacy) },
    { type: 'shipping_policy', url: page(pages.shipping) },
  ];
}
