/**
 * Issuing documents in the transactions that move the money (docs/decisions.md "Every sale has a
 * document"): the invoice of an order in the statement that makes it paid (src/state/checkouts.ts
 * `finishPaidCompletion`, with `paidInvoice`), or, when that request died after the charge, by
 * the sweep (`issueMissingInvoices`, netlify/functions/sweep.ts) once the completion was
 * recovered; a credit note in the transaction of each refund (`issueRefundCreditNote`). One
 * invoice per order and one credit note per refund: unique indexes, and the order row locked.
 */
import type { Store } from '../catalog/schema';
import type { OrderRecord } from '../commerce/records';
import { type Db, type Queryable, transaction } from '../state/db';
import { type NewDocument, invoiceOfOrder, issueDocument, newDocumentId, ordersWithoutInvoice } from '../state/documents';
import { loadCharge, loadOrder } from '../state/orders';
import { type ChargeFacts, type RefundFacts, type RefundedLines, creditNoteData, invoiceData, termsInvoiceData } from './issue-data';
import type { DocumentRecord } from '../commerce/documents';

/** What of content/store.yaml an invoice names: the seller, its contact and VAT rules. */
export type Seller = Pick<Store, 'legal_name' | 'seller' | 'contact' | 'vat'>;

/** The seller, read when an invoice must be issued (the merchant's command line reads content/ only then). */
export type SellerSource = () => Seller;

/** The invoice to issue with a paid order (its number is drawn when it is inserted). */
export function paidInvoice(store: Seller, order: OrderRecord, charge: ChargeFacts): NewDocument {
  return { id: newDocumentId(), data: invoiceData(store, order, charge) };
}

/** The invoice to issue with an order placed on invoice (the bank transfer it asks for). @param now epoch ms */
export function termsInvoice(store: Seller, order: OrderRecord, now: number): NewDocument {
  return { id: newDocumentId(), data: termsInvoiceData(store, order, now) };
}

/**
 * The invoice of a paid order, issued now in the caller's transaction if it has none yet (lock
 * the order row first).
 * @param now epoch ms
 * @returns the order's invoice, or null when the order has no charge (it was never paid) or its
 *          amounts do not add up to the charge (logged; a defect, never a buyer's input)
 */
export async function ensureInvoice(tx: Queryable, store: Seller | SellerSource, order: OrderRecord, now: number): Promise<DocumentRecord | null> {
  const existing = await invoiceOfOrder(tx, order.id);
  if (existing) return existing;
  const charge = await loadCharge(tx, order.id);
  if (!charge) return null;
  let invoice: NewDocument;
  try {
    invoice = paidInvoice(typeof store === 'function' ? store() : store, order, charge);
  } catch (error) {
    // An order whose amounts do not add up must not stop the sweep for the others: it is told, and tried again at the next sweep.
    console.error(`invoice of order ${order.label} not issued: ${(error as Error).message}`);
    return null;
  }
  return issueDocument(tx, invoice, now);
}

/**
 * The credit note of a refund, in the refund's transaction (the order row locked): it refers to
 * the order's invoice, which is issued first if the sweep has not issued it yet.
 * @param now epoch ms
 * @param lines for a refund of units of lines, which units (src/commerce/fulfillment.ts `planLineRefund`): the credit note lists them
 * @throws Error when the order has no charge (a refund needs one: src/state/refunds.ts)
 */
export async function issueRefundCreditNote(tx: Queryable, store: Seller | SellerSource, order: OrderRecord, refund: RefundFacts & { adjustment_id: string }, now: number, lines?: RefundedLines['units']): Promise<DocumentRecord> {
  const invoice = await ensureInvoice(tx, store, order, now);
  if (!invoice) throw new Error(`order ${order.label} has no charge: nothing to credit`);
  return issueDocument(tx, { id: newDocumentId(), data: creditNoteData(invoice, refund, refund.adjustment_id, lines ? { order, units: lines } : undefined) }, now);
}

/**
 * The credit note that cancels the whole invoice of an order on invoice that was never paid, in
 * the cancellation's transaction (the order row locked).
 * @param cancellation the amount (the order's total, cents), the reason, when, and the order's adjustment (its `id` is not a refund's)
 * @throws Error when the order has no invoice (an order on invoice has one from its placing)
 */
export async function issueCancellationCreditNote(tx: Queryable, store: Seller | SellerSource, order: OrderRecord, cancellation: RefundFacts & { adjustment_id: string }, now: number): Promise<DocumentRecord> {
  const invoice = await invoiceOfOrder(tx, order.id);
  if (!invoice) throw new Error(`order ${order.label} has no invoice to cancel`);
  const data = creditNoteData(invoice, cancellation, cancellation.adjustment_id);
  return issueDocument(tx, { id: newDocumentId(), data: { ...data, credit: { ...data.credit!, refund_id: null } } }, now);
}

/**
 * Issues the invoices of paid orders that have none (their completion was finished by a
 * recovery, after the request that charged them died), in one transaction; orders another
 * transaction holds are left to the next sweep.
 * @param now epoch ms
 * @returns how many invoices were issued
 */
export async function issueMissingInvoices(db: Db, store: Seller, now: number, limit = 100): Promise<number> {
  return transaction(db, async (tx) => {
    let issued = 0;
    for (const id of await ordersWithoutInvoice(tx, limit)) {
      const order = await loadOrder(tx, id, true);
      if (order && (await ensureInvoice(tx, store, order, now))) issued++;
    }
    return issued;
  });
}
