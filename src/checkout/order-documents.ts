/**
 * The invoice and credit notes of an order for its buyer (issue and rules: src/documents/): only
 * with the secret of the order's status page, the same capability as that page; a document id
 * of another order is unknown here.
 */
import type { DocumentRecord } from '../commerce/documents';
import { documentsOfOrder } from '../state/documents';
import type { CommerceContext } from './context';
import type { PaidOrder } from './orders';
import { buyerOrder } from './review';

/**
 * A paid order with its documents, oldest first.
 * @returns null when the order is unknown, was never paid, or the secret does not match
 */
export async function buyerOrderDocuments(ctx: CommerceContext, orderId: string, secret: string): Promise<{ order: PaidOrder; documents: DocumentRecord[] } | null> {
  const order = await buyerOrder(ctx, orderId, secret);
  return order ? { order, documents: await documentsOfOrder(ctx.db, order.id) } : null;
}

/**
 * One document of a paid order.
 * @returns null when the order or the document is unknown, the document is another order's, or the secret does not match
 */
export async function buyerDocument(ctx: CommerceContext, orderId: string, secret: string, documentId: string): Promise<{ order: PaidOrder; document: DocumentRecord } | null> {
  const found = await buyerOrderDocuments(ctx, orderId, secret);
  const document = found?.documents.find((d) => d.id === documentId);
  return found && document ? { order: found.order, document } : null;
}
