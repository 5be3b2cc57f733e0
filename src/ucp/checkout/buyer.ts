/**
 * What the buyer's pages read: a checkout for its approval page (with the state of its
 * one-time code) and an order for its status page. Every access needs the URL's secret
 * (checked in constant time against its stored digest, src/ucp/checkout/secrets.ts); a wrong
 * secret and an unknown id look the same. Recording an approval takes the code mailed to the
 * buyer: src/ucp/checkout/buyer-approval.ts.
 */
import { approvalValid, APPROVAL_TTL_SECONDS } from '../../commerce/approval';
import type { Locale } from '../../catalog/locales';
import { LOCALE_TAGS } from '../../catalog/locales';
import type { ToolEnv } from '../tools/types';
import type { Checkout } from '../wire/checkout';
import type { Order } from '../wire/order';
import { isPaid, loadOrder, type OrderRecord } from '../../state/orders';
import type { CheckoutRecord } from '../../state/checkouts';
import { openCodeOf } from '../../state/approval-codes';
import { renderOrder } from '../order/view';
import { loadCheckoutRecovered } from './completion';
import { priceCheckout } from './pricing';
import { orderUrl, renderCheckout } from './view';

export interface CheckoutReview {
  record: CheckoutRecord;
  /** The checkout rendered in the page's locale. */
  checkout: Checkout;
  /** Hash of the current terms: the value the approval form posts back. */
  termsHash: string;
  /** When the current approval lapses (epoch ms), or null when the terms are not approved. */
  approvedUntil: number | null;
  /** The order status page of a completed checkout. */
  orderUrl?: string;
  /** The one-time code waiting to be typed (sent for the current terms, not expired), or null. */
  code: { sentAt: number; expiresAt: number } | null;
}

/**
 * A checkout for its approval page.
 * @returns null when the id is unknown or the secret does not match
 */
export async function reviewCheckout(env: ToolEnv, id: string, secret: string, locale: Locale): Promise<CheckoutReview | null> {
  const record = await loadCheckoutRecovered(env, id);
  if (!record || !env.secrets.matches(secret, record.approval_secret)) return null;
  const priced = await priceCheckout(record, env, LOCALE_TAGS[locale]);
  const checkout = await renderCheckout(record, env, { priced });
  const valid = record.state === 'open' && !record.escalation && approvalValid(record.approval ?? null, priced.termsHash, Math.floor(env.now() / 1000));
  const open = record.state === 'open' ? await openCodeOf(env.db, id) : null;
  const live = open && open.terms_hash === priced.termsHash && open.expires_at > env.now() ? open : null;
  return {
    record, checkout, termsHash: priced.termsHash, code: live ? { sentAt: live.created_at, expiresAt: live.expires_at } : null,
    approvedUntil: valid ? (record.approval!.approved_at + APPROVAL_TTL_SECONDS) * 1000 : null,
    ...(record.order ? { orderUrl: await orderUrl(env, record.order, locale) } : {}),
  };
}

/**
 * An order for its status page.
 * @returns null when the id is unknown, the order was never paid, or the secret does not match
 */
export async function buyerOrder(env: ToolEnv, id: string, secret: string): Promise<{ record: OrderRecord; order: Order } | null> {
  const order = await loadOrder(env.db, id);
  if (!order || !isPaid(order.status) || !env.secrets.matches(secret, order.secret)) return null;
  return { record: order, order: await renderOrder(order, env) };
}
