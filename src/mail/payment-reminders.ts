/**
 * The e-mails of an order on invoice that is overdue (src/commerce/payment-terms.ts), queued
 * once by the sweep (src/checkout/invoice-reminders.ts) and rendered when sent:
 * - `payment_reminder` to the buyer, in the order's locale: what is left to pay, by when it was
 *   due, and how to pay it (the account and the reference);
 * - `payment_overdue` to the merchant, in the store's default locale: the same facts and the
 *   command that records a transfer.
 */
import type { Locale } from '../catalog/locales';
import type { DocumentPayment } from '../commerce/documents';
import { received } from '../commerce/payment-terms';
import type { OrderRecord } from '../commerce/records';
import { totalAmount } from '../commerce/totals';
import { mailUi } from '../i18n/mail-ui';
import type { Queryable } from '../state/db';
import { enqueue } from '../state/outbox';
import { formatDate, formatPrice } from '../views/format';
import type { MailContent } from './layout';
import { orderPaymentText } from './payment-text';

export type ReminderMailPayload =
  | { template: 'payment_reminder'; locale: string; to: string; order_id: string }
  | { template: 'payment_overdue'; locale: string; order_id: string };

/**
 * Queues the buyer's reminder and the merchant's note of an overdue order (once each per order).
 * @param merchantLocale the store's default locale
 * @param now epoch ms
 */
export async function queueOverdueMails(q: Queryable, order: Pick<OrderRecord, 'id' | 'locale' | 'buyer'>, merchantLocale: Locale, now: number): Promise<void> {
  if (order.buyer.email) {
    const reminder: ReminderMailPayload = { template: 'payment_reminder', locale: order.locale, to: order.buyer.email, order_id: order.id };
    await enqueue(q, { kind: 'mail', dedupeKey: `mail:payment_reminder:${order.id}`, payload: reminder }, now);
  }
  const note: ReminderMailPayload = { template: 'payment_overdue', locale: merchantLocale, order_id: order.id };
  await enqueue(q, { kind: 'mail', dedupeKey: `mail:payment_overdue:${order.id}`, payload: note }, now);
}

/** What is left to pay and when it was due, in `locale`. */
function overdueFacts(order: OrderRecord, locale: Locale) {
  const terms = order.invoice_payment!;
  return { label: order.label, date: formatDate(terms.due_at, locale), left: formatPrice(totalAmount(order.totals) - received(terms), locale) };
}

/** The buyer's reminder. @param payment what the order's invoice asks for (the account, the reference) */
export function reminderContent(order: OrderRecord, payment: DocumentPayment | undefined, storeName: string, locale: Locale): MailContent {
  const ui = mailUi(locale);
  const facts = overdueFacts(order, locale);
  return {
    to: order.buyer.email!,
    subject: ui.reminderSubject({ label: order.label, store: storeName }),
    blocks: [
      { kind: 'text', text: ui.reminderIntro(facts) },
      { kind: 'section', heading: ui.reminderHowTo, lines: orderPaymentText(order, payment, locale) },
      { kind: 'text', text: ui.reminderAlreadyPaid },
    ],
  };
}

/** The merchant's note of an overdue order. @param to content/store.yaml `mail.merchant` */
export function overdueContent(order: OrderRecord, to: string, locale: Locale): MailContent {
  const ui = mailUi(locale);
  const facts = overdueFacts(order, locale);
  return {
    to,
    subject: ui.overdueSubject(facts),
    blocks: [
      { kind: 'text', text: ui.overdueIntro({ ...facts, buyer: order.business?.legal_name ?? order.buyer.email ?? '' }) },
      { kind: 'section', heading: ui.overdueRecord, lines: [`npm run orders -- paid ${order.label} --amount … --reference …`] },
    ],
  };
}
