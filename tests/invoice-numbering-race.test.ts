// The numbering of invoices is a property of the database, not of one process: 50 buyers whose
// checkouts 5 OS processes pay at once (each its own handler and pool, on a real PostgreSQL
// server) get 50 invoices numbered FA-<year>-000001 to 000050, one each, none skipped, none twice
// (src/state/documents.ts: the sequence row is raised in the statement that inserts the invoice).
import { describe, expect, it } from 'vitest';
import { approve, checkoutHandler, findVariant, line, readyCheckout } from './helpers/checkout';
import { testDb } from './helpers/db';
import { completeInProcess } from './helpers/race';
import { parisYear } from '../src/state/documents';

const untracked = findVariant((p, v) => v.inventory === null && v.grams > 0 && v.grams < 8000 && !p.freight);

describe('invoice numbers under concurrent completions (real PostgreSQL, several OS processes)', () => {
  it('50 completions in 5 processes: 50 invoices, numbered 1 to 50 of the year without a gap, one per order', { timeout: 240_000 }, async () => {
    const db = testDb();
    const { handler } = checkoutHandler({ db });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const ready = await readyCheckout(handler, [line(untracked.variant.id)]);
      await approve(handler, ready);
      ids.push(ready.id);
    }
    const pool = await db.raw();
    const shares = [0, 1, 2, 3, 4].map((k) => ids.filter((_, i) => i % 5 === k));
    const results = (await Promise.all(shares.map((share) => completeInProcess(pool.options.connectionString!, share)))).flat();
    expect(results.map((r) => r.status)).toEqual(Array(50).fill('completed'));

    const year = parisYear(Date.now());
    const { rows } = await pool.query<{ number: string; seq: number; order_id: string }>(`SELECT number, seq, order_id FROM documents WHERE kind = 'invoice' ORDER BY seq`);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 50 }, (_, i) => `FA-${year}-${String(i + 1).padStart(6, '0')}`));
    const { rows: orders } = await pool.query<{ id: string }>(`SELECT id FROM orders WHERE status = 'processing' ORDER BY id`);
    expect(rows.map((r) => r.order_id).sort()).toEqual(orders.map((o) => o.id));
    expect((await pool.query(`SELECT last_number FROM document_sequences WHERE series = 'FA'`)).rows).toEqual([{ last_number: 50 }]);
  });
});
