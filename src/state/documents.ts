/**
 * Issued invoices and credit notes (tables `documents`, `document_sequences`; migration
 * 20261202090000_documents). A document takes the next number of its series and year by raising
 * the sequence row in the statement that inserts it, so a number is used once, and a rolled-back
 * transaction gives it back: the numbers of a year have no gap (CGI annex II art. 242 nonies A).
 * The row lock on the sequence orders concurrent issuers, in any process. Issued rows never
 * change (a trigger refuses it).
 */
import { randomBytes } from 'node:crypto';
import { at, iso, type Queryable } from './db';
import type { DocumentData, DocumentKind, DocumentRecord } from '../commerce/documents';

/** Series of each kind: `FA` (facture) and `AV` (avoir). */
export const SERIES: Record<DocumentKind, 'FA' | 'AV'> = { invoice: 'FA', credit_note: 'AV' };

/** A new document id: `doc_` + 16 random bytes, base64url. */
export function newDocumentId(): string {
  return `doc_${randomBytes(16).toString('base64url')}`;
}

/** The year of a date in France (Europe/Paris), the year of its number's series. */
export function parisYear(epochMs: number): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Paris', year: 'numeric' }).format(epochMs));
}

/** What is inserted: the document and the rows it refers to. */
export interface NewDocument {
  id: string;
  data: DocumentData;
}

/**
 * The SQL of one issue, to run alone or as data-modifying CTEs (`seq`, `doc`) of a larger
 * statement: the sequence is raised and the document inserted only when `guard` (an SQL
 * boolean, e.g. `EXISTS (SELECT 1 FROM ord)`) holds.
 * @param first the number of its first parameter (`$first`)
 * @returns `ctes` (without a leading WITH or comma) and their parameters
 */
export function issueStatement(doc: NewDocument, now: number, first: number, guard = 'true'): { ctes: string; values: unknown[] } {
  const p = (i: number) => `$${first + i}`;
  const credit = doc.data.credit;
  const values = [SERIES[doc.data.kind], parisYear(now), doc.id, doc.data.kind, doc.data.order.id, credit?.invoice_id ?? null, credit?.refund_id ?? null, at(now), doc.data.totals.gross, JSON.stringify(doc.data)];
  const ctes = `seq AS (
       INSERT INTO document_sequences (series, year, last_number) SELECT ${p(0)}, ${p(1)}, 1 WHERE ${guard}
       ON CONFLICT (series, year) DO UPDATE SET last_number = document_sequences.last_number + 1
       RETURNING series, year, last_number
     ), doc AS (
       INSERT INTO documents (id, kind, series, year, seq, number, order_id, invoice_id, refund_id, issued_at, gross, data)
       SELECT ${p(2)}, ${p(3)}, series, year, last_number, series || '-' || year || '-' || lpad(last_number::text, 6, '0'),
              ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, ${p(9)}::jsonb FROM seq
       RETURNING id, number, issued_at
     )`;
  return { ctes, values };
}

/**
 * Issues a document in the caller's transaction (its number the next of its series and year).
 * @param now epoch ms: the issue date, and the year of the number
 * @returns the issued document
 * @throws StateError when the database fails, or refuses a second invoice of one order or a
 *         second credit note of one refund (unique indexes)
 */
export async function issueDocument(q: Queryable, doc: NewDocument, now: number): Promise<DocumentRecord> {
  const { ctes, values } = issueStatement(doc, now, 1);
  const { rows } = await q.query<{ id: string; number: string; issued_at: Date }>(`WITH ${ctes} SELECT id, number, issued_at FROM doc`, values);
  return { id: rows[0].id, number: rows[0].number, issued_at: iso(rows[0].issued_at), data: doc.data };
}

type Row = { id: string; number: string; issued_at: Date; data: DocumentData };
const fromRow = (r: Row): DocumentRecord => ({ id: r.id, number: r.number, issued_at: iso(r.issued_at), data: r.data });

/** The documents of an order, in the order they were issued (the invoice first). */
export async function documentsOfOrder(q: Queryable, orderId: string): Promise<DocumentRecord[]> {
  const { rows } = await q.query<Row>('SELECT id, number, issued_at, data FROM documents WHERE order_id = $1 ORDER BY issued_at, series DESC, seq', [orderId]);
  return rows.map(fromRow);
}

/** The invoice of an order, or null when none was issued (yet). */
export async function invoiceOfOrder(q: Queryable, orderId: string): Promise<DocumentRecord | null> {
  const { rows } = await q.query<Row>(`SELECT id, number, issued_at, data FROM documents WHERE order_id = $1 AND kind = 'invoice'`, [orderId]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/**
 * The documents issued from `from` (inclusive) to `to` (exclusive), by series then number:
 * the merchant's books.
 * @param from epoch ms
 * @param to epoch ms
 */
export async function documentsIssuedBetween(q: Queryable, from: number, to: number): Promise<DocumentRecord[]> {
  const { rows } = await q.query<Row>('SELECT id, number, issued_at, data FROM documents WHERE issued_at >= $1 AND issued_at < $2 ORDER BY series DESC, year, seq', [at(from), at(to)]);
  return rows.map(fromRow);
}

/**
 * Locks and lists paid orders that have a charge and no invoice (a completion finished by a
 * recovery), oldest first, skipping orders another transaction holds.
 */
export async function ordersWithoutInvoice(q: Queryable, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT o.id FROM orders o JOIN charges c ON c.order_id = o.id
      WHERE o.status NOT IN ('pending_payment', 'voided')
        AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.order_id = o.id AND d.kind = 'invoice')
      ORDER BY o.created_at LIMIT $1 FOR UPDATE OF o SKIP LOCKED`,
    [limit],
  );
  return rows.map((r) => r.id);
}
