/**
 * What the buyer's pages need from checkouts and orders: reading a
 * checkout for its approval page, recording the approval, reading an order for its status
 * page. Every access needs the URL's secret (checked in constant time against its stored
 * digest, src/ucp/checkout/secrets.ts); a wrong secret and an unknown id look the same.
 *
 * An approval is recorded only when the form's terms hash equals the hash of the checkout's
 * current terms (src/commerce/approval.ts `termsHash`, which includes the checkout id), the
 * checkout is complete and still open, and it is stored on that checkout with the time, so it
 * cannot be forged through the API, moved to another checkout, or outlive a change of terms,
 * 15 minutes, or the completion (which removes it).
 */
import { approvalValid, APPROVAL_TTL_SECONDS } from '../../commerce/approval';
import type { Locale } from '../../catalog/locales';
import { LOCALE_TAGS } from '../../catalog/locales';
import type { ToolEnv } from '../tools/types';
import type { Checkout } from '../wire/checkout';
import type { Order } from '../wire/order';
import { loadOrder, type OrderRecord } from '../../state/orders';
import { transaction } from '../../state/db';
import { type CheckoutRecord, loadCheckout, saveCheckout } from '../../state/checkouts';
import { renderOrder } from '../order/view';
import { loadCheckoutRecovered } from './completion';
import { priceCheckout } from './pricing';
import { lockedMessage } from './tools';
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
  return {
    record, checkout, termsHash: priced.termsHash,
    approvedUntil: valid ? (record.approval!.approved_at + APPROVAL_TTL_SECONDS) * 1000 : null,
    ...(record.order ? { orderUrl: await orderUrl(env, record.order, locale) } : {}),
  };
}

export type ApprovalOutcome = 'approved' | 'not_found' | 'closed' | 'incomplete' | 'changed';

/**
 * Records the buyer's approval of the terms shown on the page.
 * @param termsHash the hash the page showed (hidden form field)
 * @returns `approved`; `not_found` (unknown id or wrong secret); `closed` (completed, canceled,
 *          expired or being completed); `incomplete`; `changed` (the terms are no longer those shown)
 */
export async function approveCheckout(env: ToolEnv, id: string, secret: string, termsHash: string): Promise<ApprovalOutcome> {
  await loadCheckoutRecovered(env, id);
  return transaction(env.db, async (tx) => {
    const record = await loadCheckout(tx, id, { forUpdate: true });
    if (!record || !env.secrets.matches(secret, record.approval_secret)) return 'not_found';
    if (lockedMessage(record, env.now())) return 'closed';
    const priced = await priceCheckout(record, env);
    if (!priced.complete) return 'incomplete';
    if (termsHash !== priced.termsHash) return 'changed';
    // Approving again is also how the buyer answers a 3-D Secure request of the payment.
    const { escalation: _answered, ...rest } = record;
    await saveCheckout(tx, { ...rest, approval: { terms_hash: priced.termsHash, approved_at: Math.floor(env.now() / 1000) } }, env.now());
    return 'approved';
  });
}

/**
 * An order for its status page.
 * @returns null when the id is unknown, the order was never paid, or the secret does not match
 */
export async function buyerOrder(env: ToolEnv, id: string, secret: string): Promise<{ record: OrderRecord; order: Order } | null> {
  const order = await loadOrder(env.db, id);
  if (!order || order.status !== 'processing' || !env.secrets.matches(secret, order.secret)) return null;
  return { record: order, order: await renderOrder(order, env) };
}
