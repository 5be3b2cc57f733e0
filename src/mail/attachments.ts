/**
 * The document an order's e-mail carries as a PDF (docs/decisions.md "Every sale has a
 * document"): the invoice with the order's confirmation, the credit note with the refund or the
 * cancellation that issued it (its `credit.adjustment_id` is the e-mail's adjustment).
 */
import type { DocumentRecord } from '../commerce/documents';
import { documentsOfOrder } from '../state/documents';
import type { Queryable } from '../state/db';
import { documentFile } from '../documents/render/file';
import type { MailMessage } from './transport';

/**
 * The document of an order's e-mail.
 * @param eventId the adjustment the e-mail tells about, or undefined for the confirmation
 * @returns the document, or null when the e-mail carries none (a shipment; a cancellation with nothing left to refund)
 * @throws Error for a confirmation whose invoice is not issued yet (the outbox retries it:
 *         the sweep issues the invoices of recovered completions before it delivers)
 */
export async function documentOfMail(db: Queryable, order: { id: string; label: string }, kind: 'confirmation' | 'refunded' | 'canceled' | 'other', eventId?: string): Promise<DocumentRecord | null> {
  if (kind === 'other') return null;
  const documents = await documentsOfOrder(db, order.id);
  if (kind === 'confirmation') {
    const invoice = documents.find((d) => d.data.kind === 'invoice');
    if (!invoice) throw new Error(`the invoice of order ${order.label} is not issued yet`);
    return invoice;
  }
  return documents.find((d) => d.data.credit?.adjustment_id === eventId) ?? null;
}

/** A document as an e-mail attachment: `FA-2026-000123.pdf`. @param producer the seller's name */
export async function documentAttachment(document: DocumentRecord, producer: string): Promise<NonNullable<MailMessage['attachments']>[number]> {
  return { ...(await documentFile(document, producer)), contentType: 'application/pdf' };
}
