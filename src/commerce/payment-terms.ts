/**
 * Paying on invoice (docs/decisions.md "The store knows people": a payment method is more than a
 * card): an approved school or public body, or an organisation the merchant granted it to,
 * places an order without a card and pays by bank transfer within `PAYMENT_TERM_DAYS` of the
 * invoice date (code de commerce L441-10: at most 60 days between businesses; public bodies pay
 * within 30). The order is placed — stock held, invoice issued, shipping free to go — and its
 * payment follows: awaiting payment, partly paid (the merchant records each transfer), paid, or
 * overdue once the due date has passed. Pure.
 */
import { OrderRuleError } from './fulfillment';

/** Days to pay an invoice on terms, from its date. */
export const PAYMENT_TERM_DAYS = 30;

/** The payment handler of an order on invoice (beside the card's `sandbox_card`). */
export const INVOICE_HANDLER_ID = 'bank_transfer';

/**
 * The handler of the charge of an order whose discounts cover its whole total (issue 38: a 100 %
 * code needs no card): nothing is asked of the buyer and nothing is captured, a charge of 0 is
 * recorded under this name so that every paid order keeps its charge, and its invoice says so.
 */
export const NOTHING_DUE_HANDLER_ID = 'nothing_due';

/**
 * The ways of paying a checkout can select (UCP payment terms extension, 2026-08-25: one term
 * per way, its id on the wire): `card` now, the default; `bank_transfer` within
 * `PAYMENT_TERM_DAYS` of the invoice, for a business granted it.
 */
export const PAYMENT_TERM_IDS = ['card', 'bank_transfer'] as const;
export type PaymentTermId = (typeof PAYMENT_TERM_IDS)[number];

/** True for a term id the store offers. */
export const isPaymentTermId = (id: string): id is PaymentTermId => (PAYMENT_TERM_IDS as readonly string[]).includes(id);

/** Longest purchase-order number kept, in characters. */
export const MAX_PURCHASE_ORDER = 60;

/** One bank transfer the merchant recorded. Amount in cents. */
export interface Transfer {
  amount: number;
  /** What the bank statement says (the payer's reference). */
  reference: string;
  /** ISO 8601. */
  received_at: string;
}

/** The terms of an order on invoice, kept with the order. */
export interface InvoicePayment {
  method: 'bank_transfer';
  /** ISO 8601: the invoice date plus `PAYMENT_TERM_DAYS`. */
  due_at: string;
  /** What the payer quotes on the transfer: the order's number. */
  reference: string;
  /** The buyer's purchase order (a public body's "engagement juridique"), when given. */
  purchase_order: string | null;
  /** Transfers received, oldest first. */
  transfers: Transfer[];
  /** When the overdue reminder was queued (ISO 8601), once. */
  reminded_at?: string;
}

/** Where an order on invoice stands: nothing received yet, part of it, all of it, or due date passed without all of it. */
export type InvoicePaymentState = 'awaiting_payment' | 'partially_paid' | 'paid' | 'overdue';

/**
 * The due date of an invoice issued at `issuedAt`.
 * @param issuedAt epoch ms
 * @returns ISO 8601, `PAYMENT_TERM_DAYS` days later
 */
export function dueAt(issuedAt: number): string {
  return new Date(issuedAt + PAYMENT_TERM_DAYS * 86_400_000).toISOString();
}

/** Cents received so far. */
export const received = (payment: Pick<InvoicePayment, 'transfers'>): number => payment.transfers.reduce((sum, t) => sum + t.amount, 0);

/**
 * The state of an order's payment on invoice.
 * @param total the order's total, cents
 * @param now epoch ms
 */
export function invoicePaymentState(payment: InvoicePayment, total: number, now: number): InvoicePaymentState {
  const got = received(payment);
  if (got >= total) return 'paid';
  if (now > Date.parse(payment.due_at)) return 'overdue';
  return got > 0 ? 'partially_paid' : 'awaiting_payment';
}

/**
 * The payment with one more transfer recorded.
 * @param amount cents, > 0
 * @param total the order's total, cents
 * @throws OrderRuleError when the amount is not positive or would bring the received sum above the total
 */
export function withTransfer(payment: InvoicePayment, total: number, transfer: Transfer): InvoicePayment {
  if (!Number.isSafeInteger(transfer.amount) || transfer.amount <= 0) throw new OrderRuleError('A transfer must be of a positive amount.');
  const left = total - received(payment);
  if (left <= 0) throw new OrderRuleError('This order is paid in full already ({total}); nothing is left to receive.', { total });
  if (transfer.amount > left) throw new OrderRuleError('Only {left} is left to pay on this order, less than the {amount} recorded: check the amount.', { left, amount: transfer.amount });
  return { ...payment, transfers: [...payment.transfers, transfer] };
}

/**
 * Whether an order on invoice is due a reminder now: overdue, not paid in full, and none sent yet.
 * @param now epoch ms
 */
export function reminderDue(payment: InvoicePayment, total: number, now: number): boolean {
  return !payment.reminded_at && invoicePaymentState(payment, total, now) === 'overdue';
}
