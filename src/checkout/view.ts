/**
 * Where a checkout stands, for every reader (agents through src/ucp/, the approval page):
 * - `incomplete` while something is missing or wrong (the error problems say what);
 * - `needs_buyer` when everything is set but the buyer has not approved these exact terms in
 *   the last 15 minutes (`approval_required`, with the approval page's URL; `declined` when a
 *   declined payment voided the approval), or the payment asked the buyer to authenticate
 *   (`authentication_required`): docs/decisions.md "Buyer approval is enforced by the server";
 * - `ready` once the buyer approved the current terms;
 * - `paying` while complete_checkout runs; `completed` with the order as paid (never re-priced);
 *   `canceled` (also once `expires_at` has passed; `refused_by_buyer` when the buyer refused it
 *   on the approval page).
 */
import type { Locale } from '../catalog/locales';
import { approvalValid } from '../commerce/approval';
import type { CheckoutRecord, OrderRecord } from '../commerce/records';
import { isExpired } from '../state/checkouts';
import { loadOrder } from '../state/orders';
import type { CommerceContext } from './context';
import { type PricedCheckout, priceCheckout } from './pricing';
import { type Problem, error, info } from './problems';
import { type PolicyLink, approvalUrl, checkoutLocale, orderUrl, policyLinks } from './urls';
import { type WordedTotal, wordedTotals } from '../i18n/totals';
import { orderLocale, orderReaderTotals } from './order-story';

export type CheckoutStatus = 'incomplete' | 'needs_buyer' | 'ready' | 'paying' | 'completed' | 'canceled';

export interface CheckoutView {
  record: CheckoutRecord;
  status: CheckoutStatus;
  locale: Locale;
  /** The pricing of a checkout that is not completed. */
  priced?: PricedCheckout;
  /** The order of a completed checkout, as paid. */
  order?: OrderRecord;
  /** Whether `order` was read from the database (not just written by this request): its members are then in `jsonb` order. */
  orderRead?: boolean;
  /** The state's problems, then the request's. */
  problems: Problem[];
  /** The approval page, when the buyer must act (`needs_buyer`). */
  approvalUrl?: string;
  /** The order status page of a completed checkout. */
  orderUrl?: string;
  links: PolicyLink[];
}

/**
 * The totals of a checkout (its order's once completed) as its buyer and platform read them:
 * the lines under the total worded in the language the checkout was priced in (its order's).
 */
export function readerTotals(view: Pick<CheckoutView, 'order' | 'orderRead' | 'priced'>): WordedTotal[] {
  if (view.order) return view.orderRead ? orderReaderTotals(view.order) : wordedTotals(view.order.totals, orderLocale(view.order));
  return view.priced ? wordedTotals(view.priced.totals, view.priced.locale) : [];
}

export interface ViewOptions {
  /** Problems of the request that produced this state, listed after the checkout's own. */
  extra?: readonly Problem[];
  /** A pricing already computed for this record (same request). */
  priced?: PricedCheckout;
  /** The order of a completed record as this request just wrote it (not read again). */
  order?: OrderRecord;
}

/** The status of an open, complete checkout and the problem that says what the buyer must do. */
function openStatus(record: CheckoutRecord, priced: PricedCheckout, nowSeconds: number): { status: CheckoutStatus; problem?: Problem } {
  if (!priced.complete) return { status: 'incomplete' };
  if (record.escalation?.reason === 'requires_3ds') return { status: 'needs_buyer', problem: error('authentication_required', undefined, undefined, 'requires_buyer_input') };
  if (!record.escalation && approvalValid(record.approval ?? null, priced.termsHash, nowSeconds)) return { status: 'ready' };
  const declined = record.escalation?.reason === 'payment_declined';
  return { status: 'needs_buyer', problem: error('approval_required', { lapsed: !!record.approval && !declined, declined }, undefined, 'requires_buyer_review') };
}

/**
 * Where a checkout stands now.
 * @throws StateError when the database fails
 */
export async function viewCheckout(ctx: CommerceContext, record: CheckoutRecord, options: ViewOptions = {}): Promise<CheckoutView> {
  const extra = options.extra ?? [];
  const locale = checkoutLocale(record);
  const links = policyLinks(ctx, locale);
  if (record.state === 'completed' && record.order) {
    const written = options.order?.id === record.order.id ? options.order : undefined;
    const order = written ?? (await loadOrder(ctx.db, record.order.id));
    if (order) return { record, status: 'completed', locale, order, orderRead: !written, problems: [...extra], orderUrl: await orderUrl(ctx, record.order, locale), links };
  }
  const priced = options.priced ?? (await priceCheckout(ctx, record));
  const base = { record, locale, priced, links };
  if (record.state === 'canceled' || isExpired(record, ctx.now())) {
    const why = record.state === 'canceled' && record.cancel_reason === 'refused_by_buyer' ? info('refused_by_buyer') : info('checkout_canceled', { expired: record.state !== 'canceled' });
    return { ...base, status: 'canceled', problems: [why, ...extra] };
  }
  if (record.state === 'completing') return { ...base, status: 'paying', problems: [info('payment_in_progress'), ...extra] };
  const { status, problem } = openStatus(record, priced, Math.floor(ctx.now() / 1000));
  const problems = [...priced.view.shopper.problems.filter((p) => p.level !== 'warning'), ...priced.problems, ...(problem ? [problem] : []), ...extra];
  return { ...base, status, problems, ...(status === 'needs_buyer' ? { approvalUrl: await approvalUrl(ctx, record) } : {}) };
}
