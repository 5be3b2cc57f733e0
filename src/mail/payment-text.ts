/**
 * How an order was or is to be paid, in words, for the order page and the e-mails: the card that
 * paid it, nothing (its discounts covered it all), or — for an order on invoice (src/commerce/payment-terms.ts) — the bank transfer asked
 * for (by when, to which account, with which reference), what was received and what is left, and
 * the purchase order.
 */
import type { Locale } from '../catalog/locales';
import type { DocumentPayment } from '../commerce/documents';
import { received } from '../commerce/payment-terms';
import type { OrderRecord } from '../commerce/records';
import { totalAmount } from '../commerce/totals';
import { checkoutUi } from '../i18n/checkout-ui';
import { brandName, formatDate, formatPrice } from '../views/format';

/**
 * The sentences of an order's payment, in `locale`.
 * @param payment the payment its invoice states (the card, or the transfer asked for), when it has one
 * @returns none when nothing is known of the payment yet
 */
export function orderPaymentText(order: Pick<OrderRecord, 'invoice_payment' | 'totals'>, payment: DocumentPayment | undefined, locale: Locale): string[] {
  const ui = checkoutUi(locale);
  const terms = order.invoice_payment;
  if (terms) {
    const total = totalAmount(order.totals);
    const got = received(terms);
    const lines: string[] = [];
    if (got >= total) lines.push(ui.orderPaidByTransfer({ received: formatPrice(got, locale) }));
    else {
      if (payment?.method === 'bank_transfer') lines.push(ui.orderDueBy({ date: formatDate(terms.due_at, locale), iban: payment.iban, bic: payment.bic, reference: terms.reference }));
      if (got > 0) lines.push(ui.orderTransfersReceived({ received: formatPrice(got, locale), left: formatPrice(total - got, locale) }));
    }
    if (terms.purchase_order) lines.push(ui.orderPurchaseOrder({ number: terms.purchase_order }));
    return lines;
  }
  if (payment?.method === 'none') return [ui.orderNothingPaid];
  if (payment?.method !== 'card') return [];
  return [ui.orderPaidBy({ date: formatDate(payment.at, locale), brand: brandName(payment.brand), last4: payment.last_digits ?? '····' })];
}

/** True when the order's total is still to be paid (an order on invoice not paid in full): its total reads "to pay", not "paid". */
export function totalStillDue(order: Pick<OrderRecord, 'invoice_payment' | 'totals'>): boolean {
  return !!order.invoice_payment && received(order.invoice_payment) < totalAmount(order.totals);
}
