/**
 * The payment terms a checkout offers, as the UCP payment terms extension presents them
 * (`dev.ucp.common.payment.terms`, 2026-08-25; docs/ucp.md §14): "Pay now by card" always,
 * "Bank transfer within 30 days" to a business granted it (src/commerce/payment-terms.ts), each
 * one schedule covering the whole total, worded for the buyer in the checkout's language. A
 * completed checkout states only the term its order was placed on. Pure over the view.
 */
import type { Locale } from '../catalog/locales';
import { type PaymentTermId, dueAt } from '../commerce/payment-terms';
import { totalAmount } from '../commerce/totals';
import { shopUi } from '../i18n/shop-ui';
import { formatDate } from '../views/format';
import type { CheckoutView } from './view';

/** One payment term: its id, buyer-facing title, and its one schedule (amount in cents, due date ISO 8601). */
export interface OfferedTerm {
  id: PaymentTermId;
  title: string;
  schedule: { type: 'immediate' | 'deferred'; description: string; due_at?: string; amount: number };
}

/**
 * The terms of a checkout and the one selected.
 * @param now epoch ms: an order on invoice placed now is due `PAYMENT_TERM_DAYS` later
 * @returns the terms (the selected one among them), or null for a checkout neither priced nor completed
 */
export function offeredTerms(view: Pick<CheckoutView, 'priced' | 'order'>, now: number): { terms: OfferedTerm[]; selected: PaymentTermId } | null {
  if (view.order) {
    const { order } = view;
    const amount = totalAmount(order.totals);
    const locale = order.locale as Locale;
    const term = order.invoice_payment ? transferTerm(amount, order.invoice_payment.due_at, locale) : cardTerm(amount, locale);
    return { terms: [term], selected: term.id };
  }
  const { priced } = view;
  if (!priced) return null;
  const amount = totalAmount(priced.totals);
  const granted = priced.payOnInvoice.granted;
  const terms = [cardTerm(amount, priced.locale), ...(granted ? [transferTerm(amount, dueAt(now), priced.locale)] : [])];
  // A transfer selected but not granted is reported by the pricing; the card stays the term shown selected.
  return { terms, selected: granted ? priced.paymentTerm : 'card' };
}

function cardTerm(amount: number, locale: Locale): OfferedTerm {
  const ui = shopUi(locale);
  return { id: 'card', title: ui.termCard, schedule: { type: 'immediate', description: ui.termCardDue, amount } };
}

function transferTerm(amount: number, due: string, locale: Locale): OfferedTerm {
  const ui = shopUi(locale);
  return { id: 'bank_transfer', title: ui.termTransfer, schedule: { type: 'deferred', description: ui.termTransferDue({ date: formatDate(due, locale) }), due_at: due, amount } };
}
