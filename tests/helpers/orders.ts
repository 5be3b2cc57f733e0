/**
 * Orders after payment in tests: a paid order made through the real checkout flow (approval
 * code read from the test mailbox), the merchant's command line run in-process on the test
 * file's database (the same `runOrdersCli` as `npm run orders`), and a snapshot of every row an
 * order's change could touch, to prove that a refused command wrote nothing.
 */
import type pg from 'pg';
import { runOrdersCli } from '../../src/merchant/cli';
import type { Db } from '../../src/state/db';
import { approve, callTool, line, payment, readyCheckout, uuid } from './checkout';
import { ITEMS } from './content';
import type { Handler } from './ucp';

/**
 * What `paidOrder` buys unless told otherwise, in line order (roles of tests/helpers/content.ts):
 * 3 × `ITEMS.small`, 1 × `ITEMS.stocked` (two parcels) and 1 × `ITEMS.untrackedDigital` (nothing to ship).
 */
export const PAID_ORDER_LINES = [line(ITEMS.small.variant.id, 3), line(ITEMS.stocked.variant.id), line(ITEMS.untrackedDigital.variant.id)];

/** A checkout completed and paid (default lines: `PAID_ORDER_LINES`); returns the checkout as approved and the completed one. */
export async function paidOrder(handler: Handler, lines = PAID_ORDER_LINES, opts: Parameters<typeof readyCheckout>[2] = {}) {
  const ready = await readyCheckout(handler, lines, opts);
  await approve(handler, ready);
  const done = await callTool(handler, 'complete_checkout', { meta: { ...opts.meta, 'idempotency-key': uuid() }, id: ready.id, checkout: { payment: payment() } });
  if (done.status !== 'completed') throw new Error(`not completed: ${JSON.stringify(done.messages)}`);
  return { ready, done, orderId: done.order.id as string, label: done.order.label as string };
}

/** Runs `npm run orders -- …args` in-process on `db`; returns the exit code and what it printed. */
export async function ordersCli(db: Db, args: string[], now?: () => number): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runOrdersCli(args, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`) }, {
    open: async () => ({ db, where: 'test database', close: async () => undefined }), env: {}, now,
  });
  return { code, out, err };
}

/** Every row an order's change may write (order, lines, charge, refunds, outbox, stock), as one comparable value. */
export async function snapshot(raw: pg.Pool): Promise<string> {
  const tables = ['SELECT id, status, data FROM orders ORDER BY id', 'SELECT * FROM order_lines ORDER BY order_id, line_id', 'SELECT * FROM charges ORDER BY order_id',
    'SELECT * FROM refunds ORDER BY id', 'SELECT id, kind, dedupe_key FROM outbox ORDER BY id', 'SELECT * FROM stock_levels ORDER BY variant_id', 'SELECT * FROM stock_movements ORDER BY order_id, variant_id'];
  const results = await Promise.all(tables.map((q) => raw.query(q)));
  return JSON.stringify(results.map((r) => r.rows));
}
