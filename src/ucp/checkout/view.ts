/**
 * The UCP checkout of a stored checkout (UCP 2026-04-08 `shopping/checkout.json` +
 * `fulfillment.json`; docs/ucp.md §3–§6): priced line items and totals, the fulfillment
 * extension (one shipping method, its destination and one group of options with
 * distinguishable titles), policy links, `ucp.payment_handlers`, and the status of the
 * lifecycle in docs/ucp.md §4:
 * - `incomplete` while something is missing or wrong (recoverable errors say what);
 * - `requires_escalation` when everything is set but the buyer has not approved these exact
 *   terms in the last 15 minutes: a `buyer_approval_required` error with severity
 *   `requires_buyer_review` and the `continue_url` of the store's approval page (docs/ucp.md §5
 *   lever 1; docs/design.md "Buyer approval is enforced by the server");
 * - `ready_for_complete` once the buyer approved the current terms;
 * - `complete_in_progress`, `completed` (rendered from the order's snapshot, never re-priced)
 *   and `canceled` (also once `expires_at` has passed).
 */
import { localePrefix, type Locale } from '../../catalog/locales';
import { approvalValid } from '../../commerce/approval';
import { absoluteUrl, localizedPath, paths } from '../../storefront/urls';
import { localeOfLanguage } from '../context';
import { errorMessage, infoMessage } from '../messages';
import { paymentHandlers } from '../payment/sandbox';
import { loadOrder, type CheckoutSnapshot } from '../../state/orders';
import type { ToolEnv } from '../tools/types';
import { CAPABILITY } from '../version';
import type { Checkout, CheckoutStatus, Fulfillment } from '../wire/checkout';
import type { Message } from '../wire/common';

type Link = { type: string; url: string; title?: string };
import { type PricedCheckout, priceCheckout } from './pricing';
import { ADDRESS_FIELDS } from '../../commerce/address';
import { type CheckoutRecord, isExpired } from '../../state/checkouts';

/** Ids the store assigns in the fulfillment extension (one method, destination and group). */
export const FULFILLMENT_IDS = { method: 'shipping_1', destination: 'destination_1', group: 'group_1' } as const;

/** The `ucp` block of checkout responses: capabilities of the operation and the payment handlers (docs/ucp.md §1, §12 trap 3). */
export function checkoutUcp(env: ToolEnv): Checkout['ucp'] {
  return { ...env.ucp([CAPABILITY.checkout, CAPABILITY.fulfillment]), payment_handlers: paymentHandlers(env.catalog.store) };
}

/** Locale of a checkout's pages: its `context.language`, French by default. */
export function checkoutLocale(record: Pick<CheckoutRecord, 'context'>): Locale {
  return localeOfLanguage(record.context?.language);
}

/** URL of the approval page: `<base>[/<locale>]/checkout/approve/<id>?s=<secret>`. */
export async function approvalUrl(env: ToolEnv, record: CheckoutRecord, locale: Locale = checkoutLocale(record)): Promise<string> {
  const secret = await env.secrets.secret('approve', record.id, record.approval_secret);
  return `${env.baseUrl}${localePrefix(locale)}/checkout/approve/${record.id}?s=${secret}`;
}

/** URL of the order status page: `<base>[/<locale>]/orders/<id>?s=<secret>`. */
export async function orderUrl(env: Pick<ToolEnv, 'secrets' | 'baseUrl'>, order: { id: string; secret: CheckoutRecord['approval_secret'] }, locale: Locale): Promise<string> {
  const secret = await env.secrets.secret('order', order.id, order.secret);
  return `${env.baseUrl}${localePrefix(locale)}/orders/${order.id}?s=${secret}`;
}

/** Policy links of a checkout (terms, right of withdrawal, privacy, shipping), in the locale (content/store.yaml `pages`). */
export function policyLinks(env: ToolEnv, locale: Locale): Link[] {
  const { pages } = env.catalog.store;
  const page = (handle: string) => absoluteUrl(env.baseUrl, localizedPath(locale, paths.page(handle)));
  return [
    { type: 'terms_of_service', url: page(pages.terms) },
    { type: 'refund_policy', url: page(pages.returns) },
    { type: 'privacy_policy', url: page(pages.privacy) },
    { type: 'shipping_policy', url: page(pages.shipping) },
  ];
}

/** The fulfillment extension of a priced checkout. */
export function renderFulfillment(record: CheckoutRecord, priced: PricedCheckout): Fulfillment {
  const ids = priced.lines.map((l) => l.lineItem.id);
  const address = record.address;
  return {
    methods: [{
      id: FULFILLMENT_IDS.method,
      type: 'shipping',
      line_item_ids: ids,
      destinations: address ? [{ id: FULFILLMENT_IDS.destination, ...Object.fromEntries(ADDRESS_FIELDS.flatMap((f) => (address[f] ? [[f, address[f]]] : []))) }] : [],
      selected_destination_id: address ? FULFILLMENT_IDS.destination : null,
      groups: [{
        id: FULFILLMENT_IDS.group,
        line_item_ids: ids,
        options: priced.quotes.map((q) => ({
          id: q.id,
          title: q.title,
          description: q.description,
          carrier: q.carrier,
          totals: [{ type: 'total', amount: priced.optionPrices.get(q.id) ?? q.price }],
        })),
        selected_option_id: priced.option?.id ?? null,
      }],
    }],
  };
}

/**
 * The UCP status of an open checkout, with the approval message and continue_url it needs.
 * @param nowSeconds epoch seconds
 */
function openStatus(record: CheckoutRecord, priced: PricedCheckout, nowSeconds: number): { status: CheckoutStatus; message?: Message } {
  if (!priced.complete) return { status: 'incomplete' };
  if (record.escalation) {
    return {
      status: 'requires_escalation',
      message: errorMessage('requires_3ds', 'The payment needs the buyer to authenticate it (3-D Secure). Give the buyer the continue_url: once they have approved the order again there, call complete_checkout with a new idempotency key.', 'requires_buyer_input'),
    };
  }
  if (approvalValid(record.approval ?? null, priced.termsHash, nowSeconds)) return { status: 'ready_for_complete' };
  const lapsed = record.approval
    ? 'The buyer\'s earlier approval no longer applies (the order changed, or 15 minutes passed). '
    : '';
  return {
    status: 'requires_escalation',
    message: errorMessage(
      'buyer_approval_required',
      `${lapsed}The buyer must review and approve this order (items, totals with VAT, address, shipping) on the store's page at continue_url before it can be paid. Give the buyer that link; the approval is valid for 15 minutes and only for these exact terms. Then call complete_checkout.`,
      'requires_buyer_review',
    ),
  };
}

export interface RenderOptions {
  /** Messages of the request that produced this state, listed after the checkout's own. */
  extra?: readonly Message[];
  /** A pricing already computed for this record (same request). */
  priced?: PricedCheckout;
}

/** Renders a checkout for a tool result. */
export async function renderCheckout(record: CheckoutRecord, env: ToolEnv, options: RenderOptions = {}): Promise<Checkout> {
  const ucp = checkoutUcp(env);
  const extra = options.extra ?? [];
  const locale = checkoutLocale(record);
  if (record.state === 'completed' && record.order) {
    const order = await loadOrder(env.db, record.order.id);
    if (order) return completedView(ucp, order.checkout, record, env, extra, locale);
  }
  const priced = options.priced ?? (await priceCheckout(record, env));
  const base = {
    ucp,
    id: record.id,
    currency: env.catalog.store.currency,
    line_items: priced.lines.map((l) => l.lineItem),
    ...(record.buyer ? { buyer: record.buyer } : {}),
    ...(record.context ? { context: record.context } : {}),
    fulfillment: renderFulfillment(record, priced),
    totals: priced.totals,
    links: policyLinks(env, locale),
    expires_at: record.expires_at,
  };
  const withMessages = (status: CheckoutStatus, messages: Message[], continueUrl?: string): Checkout => ({
    ...base, status, ...(messages.length ? { messages } : {}), ...(continueUrl ? { continue_url: continueUrl } : {}),
  });
  if (record.state === 'canceled' || isExpired(record, env.now())) {
    const why = record.state === 'canceled' ? 'The checkout was canceled.' : 'The checkout expired 6 hours after its creation and was canceled.';
    return withMessages('canceled', [infoMessage('checkout_canceled', `${why} Create a new checkout to buy these items.`), ...extra]);
  }
  if (record.state === 'completing') {
    return withMessages('complete_in_progress', [infoMessage('complete_in_progress', 'The payment of this checkout is being processed; read it again in a few seconds.'), ...extra]);
  }
  const { status, message } = openStatus(record, priced, Math.floor(env.now() / 1000));
  const messages = [...priced.call.buyer.messages.filter((m) => m.type !== 'warning'), ...priced.messages, ...(message ? [message] : []), ...extra];
  return withMessages(status, messages, status === 'requires_escalation' ? await approvalUrl(env, record) : undefined);
}

async function completedView(ucp: Checkout['ucp'], snapshot: CheckoutSnapshot, record: CheckoutRecord, env: ToolEnv, extra: readonly Message[], locale: Locale): Promise<Checkout> {
  const order = record.order!;
  return {
    ucp,
    ...snapshot,
    status: 'completed',
    ...(extra.length ? { messages: [...extra] } : {}),
    order: { id: order.id, label: order.label, permalink_url: await orderUrl(env, order, locale) },
  };
}
