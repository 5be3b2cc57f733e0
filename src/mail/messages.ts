/**
 * The e-mails the store sends, queued in the outbox (kind `mail`) by the transaction of the
 * change they report, and rendered when they are delivered:
 * - `approval_code`: the buyer's one-time code (src/commerce/approval-code.ts), sealed while it
 *   waits (src/mail/sealed.ts) and dropped from the stored payload once sent;
 * - `order_confirmation`: the order as paid, with its lines, totals with VAT, address,
 *   shipping, the order page link and the withdrawal page link (Directive 2011/83/EU art. 8(7):
 *   the confirmation on a durable medium);
 * - `order_update` (shipped with tracking, delivered, canceled, refunded) and the merchant's
 *   `new_order`: src/mail/order-updates.ts;
 * - `sign_in_code` and `new_device`, of accounts: src/mail/account-mail.ts.
 * Each buyer's message is in the locale of its checkout or order; the merchant's is in the
 * store's default locale.
 */
import { documentAttachment, documentOfMail } from './attachments';
import { documentsUi } from '../i18n/documents-ui';
import type { Store } from '../catalog/schema';
import { type Locale, localeOr } from '../catalog/locales';
import { addressLines, formatPrice } from '../views/format';
import { absoluteUrl, localizedPath, paths } from '../catalog/urls';
import { checkoutUi } from '../i18n/checkout-ui';
import { mailUi } from '../i18n/mail-ui';

import type { Queryable } from '../state/db';
import { enqueue, type OutboxMessage } from '../state/outbox';
import { loadOrder, type OrderRecord } from '../state/orders';
import { type Block, labelled, renderMail, type MailContent } from './layout';
import type { AppliedDiscount } from '../commerce/discounts';
import { rebateLabel } from '../documents/render/view';
import type { OrderEventKind } from '../commerce/fulfillment';
import { newOrderContent, orderUpdateContent } from './order-updates';
import { seal, unseal } from './sealed';
import { type AccountMailPayload, businessDecisionContent, memberInvitationContent, newDeviceContent, signInCodeContent } from './account-mail';
import type { Mailer } from './transport';
import { totalAmount } from '../commerce/totals';
import { totalLineText } from '../i18n/totals';
import type { DocumentPayment } from '../commerce/documents';
import { invoiceOfOrder } from '../state/documents';
import { orderPaymentText, totalStillDue } from './payment-text';
import { type ReminderMailPayload, overdueContent, reminderContent } from './payment-reminders';

export type MailPayload =
  /** `discounts`: the offers the `amount` is after (absent without any, and in messages queued before discounts). */
  | { template: 'approval_code'; locale: string; to: string; checkout_id: string; amount: number; discounts?: MailDiscount[]; sealed_code?: string }
  | { template: 'order_confirmation'; locale: string; to: string; order_id: string }
  /** `event_id`: the fulfillment event or adjustment the message tells about. */
  | { template: 'order_update'; locale: string; to: string; order_id: string; event: Exclude<OrderEventKind, 'created'>; event_id: string }
  /** To content/store.yaml `mail.merchant`, read when sent. */
  | { template: 'new_order'; locale: string; order_id: string }
  | AccountMailPayload
  | ReminderMailPayload;

/** A discount as an e-mail tells it: the offer's titles by locale, its code (null: automatic) and the cents it took off (> 0). */
export type MailDiscount = Pick<AppliedDiscount, 'title' | 'code' | 'amount'>;

/** One row per discount that took something off: its title in `locale` (French when it has none) with its code, and its amount, negative. */
function discountRows(discounts: readonly MailDiscount[], locale: Locale): Array<{ label: string; amount: number }> {
  return discounts.filter((d) => d.amount > 0).map((d) => ({ label: rebateLabel(d, locale), amount: -d.amount }));
}

/** What rendering and sending need. */
export interface MailDeps {
  db: Queryable;
  store: Store;
  mailer: Mailer;
  /** Base URL of the links (content/store.yaml `base_url`, or the local origin). */
  baseUrl: string;
  /** The key that seals secrets waiting in the outbox (32 bytes). */
  sealKey: () => Promise<Buffer>;
  /** The order status page of an order, with its secret (the order's `permalink_url`). */
  orderUrl: (order: OrderRecord, locale: Locale) => Promise<string>;
}

/**
 * The lines and totals of an order as a mail table, with the labels of the approval page; the
 * totals' `discount` entry is told as one row per discount (title, code, negative amount).
 */
export function orderTable(order: OrderRecord, locale: Locale): Block {
  const cui = checkoutUi(locale);
  // A paid order's total is what was paid, as its order page says ("Total payé"); an order on invoice's is still to pay.
  const label = (type: string, fallback?: string) => ({ subtotal: cui.subtotal, fulfillment: order.shipping ? `${cui.shipping} (${order.shipping.title})` : cui.shipping, total: totalStillDue(order) ? cui.totalDue : cui.totalPaid })[type] ?? fallback ?? type;
  return {
    kind: 'table', head: [cui.item, cui.quantity, cui.lineTotal],
    rows: order.lines.map((l) => ({ label: l.title, quantity: l.quantity, amount: l.total })),
    totals: order.totals.flatMap((x) => [
      ...(x.type === 'discount' && order.discounts?.length ? discountRows(order.discounts, locale) : [{ label: label(x.type, x.display_text), amount: x.amount }]),
      ...(x.lines ?? []).map((l) => ({ label: totalLineText(l, locale), amount: l.amount, minor: true })),
    ]),
  };
}

/**
 * Queues the approval code of a checkout, sealed under `sealKey` (32 bytes).
 * @param amount the total to pay, cents
 * @param discounts the discounts applied to it (src/commerce/discounts.ts `AppliedDiscount`), told under the amount
 * @param now epoch ms
 * @returns the outbox message id
 */
export async function queueApprovalCode(q: Queryable, sealKey: Buffer, mail: { checkoutId: string; codeId: string; to: string; locale: Locale; amount: number; discounts?: readonly MailDiscount[]; code: string }, now: number): Promise<number | null> {
  const discounts = (mail.discounts ?? []).filter((d) => d.amount > 0).map(({ title, code, amount }) => ({ title, code, amount }));
  const payload: MailPayload = {
    template: 'approval_code', locale: mail.locale, to: mail.to, checkout_id: mail.checkoutId, amount: mail.amount,
    ...(discounts.length ? { discounts } : {}),
    sealed_code: seal(sealKey, mail.code),
  };
  return enqueue(q, { kind: 'mail', dedupeKey: `mail:approval_code:${mail.checkoutId}:${mail.codeId}`, payload }, now);
}

/**
 * Queues the confirmation of a paid order (once per order: the dedupe key is the order id).
 * @param now epoch ms
 * @returns the outbox message id, or null when already queued or the order has no buyer e-mail
 */
export async function queueOrderConfirmation(q: Queryable, order: Pick<OrderRecord, 'id' | 'locale' | 'buyer'>, now: number): Promise<number | null> {
  const to = order.buyer.email;
  if (!to) return null;
  const payload: MailPayload = { template: 'order_confirmation', locale: order.locale, to, order_id: order.id };
  return enqueue(q, { kind: 'mail', dedupeKey: `mail:order_confirmation:${order.id}`, payload }, now);
}

function approvalCodeContent(payload: Extract<MailPayload, { template: 'approval_code' }>, code: string, store: Store, locale: Locale) {
  const ui = mailUi(locale);
  const blocks: Block[] = [
    { kind: 'text', text: ui.codeIntro({ store: store.name, amount: formatPrice(payload.amount, locale) }) },
    { kind: 'code', code },
    // The amount above is after the discounts: each is told, so the buyer confirms knowing them.
    ...(payload.discounts?.length ? [{ kind: 'section' as const, heading: ui.codeDiscounts, lines: discountRows(payload.discounts, locale).map((r) => labelled(r.label, formatPrice(r.amount, locale), locale)) }] : []),
    { kind: 'text', text: ui.codeValidity },
    { kind: 'text', text: ui.codeNotYou },
  ];
  return { to: payload.to, subject: ui.codeSubject({ code, store: store.name }), blocks };
}

async function orderConfirmationContent(order: OrderRecord, deps: MailDeps, locale: Locale) {
  const ui = mailUi(locale);
  const cui = checkoutUi(locale);
  const backordered = order.lines.filter((l) => (order.backordered[l.id] ?? 0) > 0).map((l) => `${Math.min(order.backordered[l.id], l.quantity)} × ${l.title}`);
  const total = totalAmount(order.totals);
  const blocks: Block[] = [
    ...(total === 0 && !order.invoice_payment
      // Discounts covered it all: nothing was charged, and the mail says so rather than "your payment of 0,00 €".
      ? [{ kind: 'text' as const, text: ui.confirmIntroNothingDue({ label: order.label }) }, { kind: 'text' as const, text: cui.orderNothingPaid }]
      : [{ kind: 'text' as const, text: (order.invoice_payment ? ui.confirmIntroOnInvoice : ui.confirmIntro)({ label: order.label, amount: formatPrice(total, locale) }) }]),
    orderTable(order, locale),
    { kind: 'section', heading: cui.deliveryAddress, lines: addressLines(order.destination, locale) },
    ...(order.shipping ? [{ kind: 'section' as const, heading: cui.deliveryMethod, lines: [`${order.shipping.title} (${order.shipping.carrier}) — ${order.shipping.description}`] }] : []),
    // The delivery time above holds for what is in stock: units sold beyond it ship when restocked.
    ...(backordered.length ? [{ kind: 'section' as const, heading: cui.backorder, lines: backordered }] : []),
    // Only an order on invoice says how to pay (its invoice read for the account); a card order's invoice, attached, says it.
    ...(order.invoice_payment ? paymentBlock(order, await invoicePayment(deps, order), locale) : []),
    { kind: 'link', label: ui.orderLink, href: await deps.orderUrl(order, locale) },
    // The right of withdrawal is a consumer's (Directive 2011/83/EU art. 2(1)): not told to an organisation.
    ...(order.business ? [] : [withdrawalBlock(deps, locale)]),
  ];
  return { to: order.buyer.email!, subject: ui.confirmSubject({ label: order.label, store: deps.store.name }), blocks };
}

/** The payment of an order on invoice (the transfer asked for), as a section; none for a card (its invoice, attached, says it). */
function paymentBlock(order: OrderRecord, payment: DocumentPayment | undefined, locale: Locale): Block[] {
  if (!order.invoice_payment) return [];
  return [{ kind: 'section', heading: mailUi(locale).reminderHowTo, lines: orderPaymentText(order, payment, locale) }];
}

/** The payment the order's invoice states, when it has one. */
async function invoicePayment(deps: MailDeps, order: OrderRecord): Promise<DocumentPayment | undefined> {
  return (await invoiceOfOrder(deps.db, order.id))?.data.payment;
}

/** "You may withdraw …" with the link to the withdrawal page (Directive 2011/83/EU art. 6(1)(h)). */
export function withdrawalBlock(deps: Pick<MailDeps, 'baseUrl' | 'store'>, locale: Locale): Block {
  const ui = mailUi(locale);
  return { kind: 'link', text: ui.withdrawal, label: ui.withdrawalLink, href: absoluteUrl(deps.baseUrl, localizedPath(locale, paths.page(deps.store.pages.returns))) };
}

/**
 * The outbox handler of `mail` messages: renders the message in its locale and sends it.
 * @returns for an approval code, the payload to keep without its sealed code
 * @throws when the message cannot be rendered (unknown order) or the server refuses it
 */
export function mailHandler(deps: MailDeps): (message: OutboxMessage) => Promise<{ keepPayload?: unknown } | void> {
  return async (message) => {
    const payload = message.payload as MailPayload;
    const locale = localeOr(payload.locale);
    // A one-time code waits sealed; the payload kept once it is sent no longer holds it.
    if (payload.template === 'approval_code' || payload.template === 'sign_in_code') {
      if (!payload.sealed_code) throw new Error(`${payload.template} already sent or missing`);
      const code = unseal(await deps.sealKey(), payload.sealed_code);
      const content = payload.template === 'approval_code' ? approvalCodeContent(payload, code, deps.store, locale) : signInCodeContent(payload.to, code, deps.store, locale);
      await deps.mailer(renderMail(content, deps.store, locale, deps.baseUrl));
      const { sealed_code: _sent, ...kept } = payload;
      return { keepPayload: kept };
    }
    if (payload.template === 'new_device') return deps.mailer(renderMail(newDeviceContent(payload, deps.store, locale, deps.baseUrl), deps.store, locale, deps.baseUrl));
    if (payload.template === 'business_decision') return deps.mailer(renderMail(businessDecisionContent(payload, deps.store, locale, deps.baseUrl), deps.store, locale, deps.baseUrl));
    if (payload.template === 'member_invitation') return deps.mailer(renderMail(memberInvitationContent(payload, deps.store, locale, deps.baseUrl), deps.store, locale, deps.baseUrl));
    const order = await loadOrder(deps.db, payload.order_id);
    if (!order) throw new Error(`order ${payload.order_id} not found`);
    if (payload.template === 'payment_reminder') return deps.mailer(renderMail(reminderContent(order, await invoicePayment(deps, order), deps.store.name, locale), deps.store, locale, deps.baseUrl));
    if (payload.template === 'payment_overdue') return deps.mailer(renderMail(overdueContent(order, deps.store.mail.merchant, locale), deps.store, locale, deps.baseUrl));
    const content = payload.template === 'order_confirmation' ? await orderConfirmationContent(order, deps, locale)
      : payload.template === 'order_update' ? await orderUpdateContent(order, payload, deps, locale)
        : newOrderContent(order, deps, locale);
    const kind = payload.template === 'order_confirmation' ? 'confirmation' : payload.template === 'order_update' && (payload.event === 'refunded' || payload.event === 'canceled') ? payload.event : 'other';
    const document = await documentOfMail(deps.db, order, kind, payload.template === 'order_update' ? payload.event_id : undefined);
    if (!document) return deps.mailer(renderMail(content, deps.store, locale, deps.baseUrl));
    const attached: MailContent = { ...content, blocks: [...content.blocks, { kind: 'text', text: documentsUi(locale).attached({ number: document.number }) }] };
    await deps.mailer({ ...renderMail(attached, deps.store, locale, deps.baseUrl), attachments: [await documentAttachment(document, deps.store.legal_name)] });
  };
}
