/**
 * Quotes as the database keeps them (table `quotes`, migration 20261206090000_quotes). A quote
 * takes the next number of the `DV` series of its year (Europe/Paris) by raising
 * `document_sequences` in the statement that inserts it, as invoices do (documents.ts). Every
 * read is scoped by the business account, so a member of one organisation never reads
 * another's quote, whatever id they send. `order_id` is set once, by the claim of the checkout
 * that orders at the quote's prices (src/checkout/complete.ts), and given back if that
 * payment is undone (src/checkout/completion.ts).
 */
import { randomBytes } from 'node:crypto';
import type { QuoteRecord } from '../commerce/quotes';
import { at, iso, type Queryable } from './db';
import { parisYear } from './documents';

/** A new quote id: `qt_` + 16 random bytes, base64url (the capability in its URL, beside the session). */
export function newQuoteId(): string {
  return `qt_${randomBytes(16).toString('base64url')}`;
}

type Row = Omit<QuoteRecord, 'issued_at' | 'valid_until' | 'accepted_at'> & { issued_at: Date; valid_until: Date; accepted_at: Date | null };
const COLUMNS = 'id, number, business_account_id, created_by, issued_at, valid_until, terms, data, order_id, accepted_at';
const fromRow = (r: Row): QuoteRecord => ({ ...r, issued_at: iso(r.issued_at), valid_until: iso(r.valid_until), accepted_at: r.accepted_at ? iso(r.accepted_at) : null });

/**
 * Inserts a quote with the next number of its year.
 * @param now epoch ms: its issue date and the year of its number
 * @param validUntil epoch ms
 * @returns the quote as stored (its number set in `number` and in `data.order.label`)
 * @throws StateError when the database fails
 */
export async function insertQuote(q: Queryable, quote: Omit<QuoteRecord, 'number' | 'issued_at' | 'valid_until' | 'order_id' | 'accepted_at'>, now: number, validUntil: number): Promise<QuoteRecord> {
  const { rows: [row] } = await q.query<Row>(
    `WITH seq AS (
       INSERT INTO document_sequences (series, year, last_number) VALUES ('DV', $1, 1)
       ON CONFLICT (series, year) DO UPDATE SET last_number = document_sequences.last_number + 1
       RETURNING 'DV-' || year || '-' || lpad(last_number::text, 6, '0') AS number
     )
     INSERT INTO quotes (id, number, business_account_id, created_by, issued_at, valid_until, gross, terms, data)
     SELECT $2, number, $3, $4, $5, $6, $7, $8::jsonb,
            jsonb_set($9::jsonb, '{order,label}', to_jsonb(number)) FROM seq
     RETURNING ${COLUMNS}`,
    [parisYear(now), quote.id, quote.business_account_id, quote.created_by, at(now), at(validUntil), quote.data.totals.gross, JSON.stringify(quote.terms), JSON.stringify(quote.data)],
  );
  return fromRow(row);
}

/** One quote of a business account, or null (another account's id reads as none). */
export async function quoteOfAccount(q: Queryable, businessAccountId: string, id: string): Promise<QuoteRecord | null> {
  const { rows: [row] } = await q.query<Row>(`SELECT ${COLUMNS} FROM quotes WHERE business_account_id = $1 AND id = $2`, [businessAccountId, id]);
  return row ? fromRow(row) : null;
}

/** The quotes of a business account, newest first (at most `limit`). */
export async function quotesOfAccount(q: Queryable, businessAccountId: string, limit = 20): Promise<QuoteRecord[]> {
  const { rows } = await q.query<Row>(`SELECT ${COLUMNS} FROM quotes WHERE business_account_id = $1 ORDER BY issued_at DESC, number DESC LIMIT $2`, [businessAccountId, limit]);
  return rows.map(fromRow);
}

/**
 * Claims a quote for the order being placed at its prices, in the claim's transaction: only an
 * open quote (no order yet, not expired at `now`) is claimed; the row lock orders two checkouts
 * of one quote, and the second finds it taken.
 * @returns true when claimed
 */
export async function claimQuote(q: Queryable, id: string, orderId: string, now: number): Promise<boolean> {
  const { rowCount } = await q.query('UPDATE quotes SET order_id = $2, accepted_at = $3 WHERE id = $1 AND order_id IS NULL AND valid_until > $3', [id, orderId, at(now)]);
  return (rowCount ?? 0) > 0;
}

/** Gives back the quote an undone payment had claimed (its order voided). */
export async function releaseQuote(q: Queryable, orderId: string): Promise<void> {
  await q.query('UPDATE quotes SET order_id = NULL, accepted_at = NULL WHERE order_id = $1', [orderId]);
}
