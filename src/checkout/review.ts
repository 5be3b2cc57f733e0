/**
 * What the buyer's pages read: a checkout for its approval page (with the state of its
 * one-time code and the payment handlers the store accepts) and an order for its status page. Every access needs the URL's secret
 * (checked in constant time against its stored digest, secrets.ts); a wrong secret and an
 * unknown id look the same. Recording an approval takes the code mailed to the buyer
 * (approval.ts).
 */
import { type OfferedTerm, offeredTerms } from './payment-terms';
import { APPROVAL_TTL_SECONDS, approvalValid } from '../commerce/approval';
import { LOCALE_TAGS, type Locale } from '../catalog/locales';
import { loadVersionedRecovered } from './completion';
import type { CommerceContext } from './context';
import { type PaidOrder, getOrder } from './orders';
import { ACCEPTED_HANDLERS } from './payment/sandbox';
import { priceCheckout, usageRead } from './pricing';
import { orderUrl } from './urls';
import { type CheckoutView, viewCheckout } from './view';

export interface CheckoutReview {
  /** The checkout priced in the page's locale. */
  view: CheckoutView;
  /** Hash of the current terms: the value the approval form posts back. */
  termsHash: string;
  /** When the current approval lapses (epoch ms), or null when the terms are not approved. */
  approvedUntil: number | null;
  /** The order status page of a completed checkout, in the page's locale. */
  orderUrl?: string;
  /**
   * The one-time code waiting to be typed (sent for the current terms, not expired), or null;
   * `delayed` when mailing it failed so far (the outbox retries it).
   */
  code: { sentAt: number; expiresAt: number; delayed: boolean } | null;
  /** The payment handlers the store accepts with their instrument types and brands (listed when the checkout names no instrument). */
  acceptedPayment: typeof ACCEPTED_HANDLERS;
  /** The payment term a platform selected when it is not the card (the bank transfer on invoice, with its due date), or null. */
  deferredTerm: OfferedTerm | null;
}

/**
 * A checkout for its approval page.
 * @returns null when the id is unknown or the secret does not match
 */
export async function reviewCheckout(ctx: CommerceContext, id: string, secret: string, locale: Locale): Promise<CheckoutReview | null> {
  const loaded = await loadVersionedRecovered(ctx, id, undefined, { withOpenCode: true, discounts: usageRead(ctx) });
  const record = loaded?.record;
  if (!record || !ctx.secrets.matches(secret, record.approval_secret)) return null;
  const priced = await priceCheckout(ctx, record, LOCALE_TAGS[locale]);
  const view = await viewCheckout(ctx, record, { priced });
  const valid = record.state === 'open' && !record.escalation && approvalValid(record.approval ?? null, priced.termsHash, Math.floor(ctx.now() / 1000));
  const open = record.state === 'open' ? (loaded.openCode ?? null) : null;
  const live = open && open.terms_hash === priced.termsHash && open.expires_at > ctx.now() ? open : null;
  const terms = offeredTerms(view, ctx.now());
  const deferredTerm = terms?.terms.find((t) => t.id === terms.selected && t.schedule.type !== 'immediate') ?? null;
  return {
    deferredTerm,
    view, termsHash: priced.termsHash, code: live ? { sentAt: live.created_at, expiresAt: live.expires_at, delayed: live.mail_failed } : null, acceptedPayment: ACCEPTED_HANDLERS,
    approvedUntil: valid ? (record.approval!.approved_at + APPROVAL_TTL_SECONDS) * 1000 : null,
    ...(record.order ? { orderUrl: await orderUrl(ctx, record.order, locale) } : {}),
  };
}

/**
 * An order for its status page.
 * @returns null when the id is unknown, the order was never paid, or the secret does not match
 */
export async function buyerOrder(ctx: CommerceContext, id: string, secret: string): Promise<PaidOrder | null> {
  const order = await getOrder(ctx, undefined, id);
  return order && ctx.secrets.matches(secret, order.secret) ? order : null;
}
