// The merchant's command line (`npm run orders`, src/merchant/): list, show, ship (partial and
// whole), deliver, cancel (stock given back, charge refunded), refund (never more than paid),
// export --csv; every wrong use is one line on stderr, a non-zero exit and nothing written;
// each change locks the order row (concurrent refunds of everything: one wins). get_order,
// validated against the UCP order schema, tells the same story.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { checkoutHandler, callTool, line } from './helpers/checkout';
import { ITEMS } from './helpers/content';
import { ordersCli, paidOrder, snapshot } from './helpers/orders';
import { testDb } from './helpers/db';
import { refundOrder } from '../src/merchant/orders';

// What the orders buy (tests/helpers/content.ts roles); `paidOrder` without lines buys
// 3 × SMALL, 1 × STOCKED, 1 × DIGITAL, in that line order (tests/helpers/orders.ts).
const SMALL = ITEMS.small.variant.id;
const STOCKED = ITEMS.stocked.variant.id;
const DIGITAL = ITEMS.untrackedDigital.variant.id;
/** The merchant's commands list an order's lines by line id (src/state/orders.ts reads them ORDER BY line_id), not in line order. */
const byLineId = <T extends { id: string }>(items: T[]): T[] => [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

describe('npm run orders', () => {
  const db = testDb();
  const { handler } = checkoutHandler({ db });

  it('list, show and export --csv read paid orders; filters by status and date', async () => {
    const a = await paidOrder(handler, [line(SMALL)]);
    const b = await paidOrder(handler, [line(STOCKED)]);
    const listed = await ordersCli(db, ['list']);
    expect(listed.code, listed.err).toBe(0);
    const rows = listed.out.trim().split('\n');
    expect(rows[0]).toMatch(/^label\s+status\s+created \(UTC\)\s+total\s+refunded\s+shipped\s+buyer\s+id$/);
    expect(listed.out).toContain(a.label);
    expect(listed.out).toContain(b.label);
    const json = JSON.parse((await ordersCli(db, ['list', '--json'])).out);
    expect(json.find((o: { id: string }) => o.id === a.orderId)).toMatchObject({ label: a.label, status: 'processing', currency: 'EUR', total: a.ready.totals.at(-1).amount, refunded: 0, units: 1, shipped: 0 });
    const today = new Date().toISOString().slice(0, 10);
    expect(JSON.parse((await ordersCli(db, ['list', '--json', '--since', today, '--until', today])).out).length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse((await ordersCli(db, ['list', '--json', '--until', '2020-01-01'])).out)).toEqual([]);
    expect(JSON.parse((await ordersCli(db, ['list', '--json', '--status', 'delivered'])).out)).toEqual([]);

    const shown = await ordersCli(db, ['show', b.label]);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(b.orderId);
    expect(shown.out).toMatch(new RegExp(`li_${STOCKED}\\s+.+\\s+1\\s+0\\s+0`));
    expect(shown.out).toMatch(/mail order_confirmation/);
    expect(JSON.parse((await ordersCli(db, ['show', b.orderId, '--json'])).out).order.label).toBe(b.label);

    const exported = await ordersCli(db, ['export', '--csv']);
    const lines = exported.out.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,label,status,created_at,currency,total_cents,refunded_cents,buyer_email,country,locale,units,shipped,delivered');
    expect(lines.find((l) => l.startsWith(a.orderId))).toMatch(new RegExp(`^${a.orderId},${a.label},processing,\\S+,EUR,${a.ready.totals.at(-1).amount},0,camille\\+\\d+@example\\.org,FR,fr,1,0,0$`));
  });

  it('ships in parts, then delivers: statuses, line quantities and events with tracking, in get_order', async () => {
    const { orderId, label } = await paidOrder(handler);
    const first = await ordersCli(db, ['ship', label, '--carrier', 'Colissimo', '--tracking-number', '6A123', '--tracking-url', 'https://www.laposte.fr/outils/suivre-vos-envois?code=6A123', '--line', `li_${SMALL}:1`, '--line', `li_${STOCKED}:1`]);
    expect(first.code, first.err).toBe(0);
    const firstShipped = byLineId([{ id: `li_${SMALL}`, quantity: 1 }, { id: `li_${STOCKED}`, quantity: 1 }]);
    expect(first.out.trim()).toBe(`${label} shipped ${firstShipped.map((l) => `${l.quantity} × ${l.id}`).join(', ')} with Colissimo 6A123 (status partially_shipped); buyer e-mail queued`);
    let order = await callTool(handler, 'get_order', { id: orderId });
    expect(order.line_items.map((li: any) => [li.id, li.quantity, li.status])).toEqual([
      [`li_${SMALL}`, { original: 3, total: 3, fulfilled: 1 }, 'partial'],
      [`li_${STOCKED}`, { original: 1, total: 1, fulfilled: 1 }, 'fulfilled'],
      [`li_${DIGITAL}`, { original: 1, total: 1, fulfilled: 0 }, 'processing'],
    ]);
    expect(order.fulfillment.events[1]).toEqual({
      id: 'evt_2', occurred_at: expect.any(String), type: 'shipped', line_items: firstShipped,
      carrier: 'Colissimo', tracking_number: '6A123', tracking_url: 'https://www.laposte.fr/outils/suivre-vos-envois?code=6A123',
    });
    // Without --line: every unit left of the lines that ship (the digital line ships nothing).
    expect((await ordersCli(db, ['ship', orderId, '--carrier', 'DHL', '--tracking-number', 'JJD01'])).out).toContain(`shipped 2 × li_${SMALL} with DHL JJD01 (status shipped)`);
    expect((await ordersCli(db, ['deliver', label])).out).toContain(`${label} delivered (status delivered)`);
    order = await callTool(handler, 'get_order', { id: orderId });
    expect(order.fulfillment.events.map((e: any) => e.type)).toEqual(['processing', 'shipped', 'shipped', 'delivered']);
    expect(order.fulfillment.events[3].line_items).toEqual(byLineId([{ id: `li_${SMALL}`, quantity: 3 }, { id: `li_${STOCKED}`, quantity: 1 }]));
    expect((await (await db.raw()).query('SELECT status FROM orders WHERE id = $1', [orderId])).rows[0].status).toBe('delivered');
  });

  it('cancel: only before anything shipped; gives the stock back, refunds the whole charge, lines removed', async () => {
    const raw = await db.raw();
    const sold = async () => ((await raw.query('SELECT sold FROM stock_levels WHERE variant_id = $1', [SMALL])).rows[0]?.sold ?? 0) as number;
    const before = await sold();
    const { orderId, label, ready } = await paidOrder(handler);
    expect(await sold()).toBe(before + 3);
    const canceled = await ordersCli(db, ['cancel', label, '--reason', 'out of stock at the supplier']);
    expect(canceled.code, canceled.err).toBe(0);
    expect(await sold()).toBe(before);
    const total = ready.totals.at(-1).amount;
    expect((await raw.query('SELECT amount, refunded FROM charges WHERE order_id = $1', [orderId])).rows[0]).toEqual({ amount: total, refunded: total });
    expect((await raw.query('SELECT amount, reason FROM refunds WHERE order_id = $1', [orderId])).rows).toEqual([{ amount: total, reason: 'out of stock at the supplier' }]);
    const order = await callTool(handler, 'get_order', { id: orderId });
    expect(order.line_items.every((li: any) => li.quantity.total === 0 && li.status === 'removed')).toBe(true);
    expect(order.adjustments).toEqual([{
      id: 'adj_1', type: 'cancellation', occurred_at: expect.any(String), status: 'completed', description: 'out of stock at the supplier',
      line_items: byLineId([{ id: `li_${SMALL}`, quantity: -3 }, { id: `li_${STOCKED}`, quantity: -1 }, { id: `li_${DIGITAL}`, quantity: -1 }]), totals: [{ type: 'total', amount: -total }],
    }]);
    expect(order.fulfillment.expectations).toEqual([]);
  });

  it('refund: partial, then the rest; never more than what was paid, also under concurrent refunds', async () => {
    const raw = await db.raw();
    const { orderId, label, ready } = await paidOrder(handler, [line(SMALL)]);
    const total = ready.totals.at(-1).amount;
    expect((await ordersCli(db, ['refund', label, '--amount', '500', '--reason', 'damaged box'])).out).toContain(`${label} refunded 500 cents (status processing)`);
    const rest = await ordersCli(db, ['refund', label, '--reason', 'goodwill']);
    expect(rest.out).toContain(`refunded ${total - 500} cents`);
    const order = await callTool(handler, 'get_order', { id: orderId });
    expect(order.adjustments.map((a: any) => [a.type, a.totals, a.description])).toEqual([
      ['refund', [{ type: 'total', amount: -500 }], 'damaged box'], ['refund', [{ type: 'total', amount: -(total - 500) }], 'goodwill'],
    ]);
    // The database refuses what the rules would: more refunded than captured.
    await expect(raw.query('UPDATE charges SET refunded = amount + 1 WHERE order_id = $1', [orderId])).rejects.toThrow(/charges_refunded_within_amount/);

    const other = await paidOrder(handler, [line(SMALL)]);
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => refundOrder(db, other.orderId, { reason: 'race' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await raw.query('SELECT refunded, amount FROM charges WHERE order_id = $1', [other.orderId])).rows[0]).toEqual({ refunded: other.ready.totals.at(-1).amount, amount: other.ready.totals.at(-1).amount });
  });

  it('every wrong use: one line on stderr, a non-zero exit, nothing written', async () => {
    const raw = await db.raw();
    const { label } = await paidOrder(handler);
    const canceled = await paidOrder(handler, [line(SMALL)]);
    expect((await ordersCli(db, ['cancel', canceled.label])).code).toBe(0);
    const shipped = await paidOrder(handler, [line(SMALL)]);
    expect((await ordersCli(db, ['ship', shipped.label, '--carrier', 'DHL', '--tracking-number', 'X1'])).code).toBe(0);
    const cases: Array<[string[], number, RegExp]> = [
      [['ship', 'PP-20200101-AAAAAA', '--carrier', 'DHL', '--tracking-number', '1'], 1, /unknown order "PP-20200101-AAAAAA"/],
      [['show', `ord_${'A'.repeat(32)}`], 1, /unknown order/],
      [['ship', canceled.label, '--carrier', 'DHL', '--tracking-number', '1'], 1, /canceled: nothing can ship/],
      [['ship', label, '--carrier', 'DHL', '--tracking-number', '1', '--line', `li_${SMALL}:4`], 1, new RegExp(`cannot ship 4 × li_${SMALL} .*ordered 3, already shipped 0, 3 left to ship`)],
      [['ship', label, '--carrier', 'DHL', '--tracking-number', '1', '--line', 'li_999:1'], 1, /no line li_999/],
      [['ship', label, '--carrier', 'DHL', '--tracking-number', '1', '--tracking-url', 'javascript:alert(1)'], 1, /--tracking-url .* is not an absolute http\(s\) URL/],
      [['ship', shipped.label, '--carrier', 'DHL', '--tracking-number', '2'], 1, /nothing is left to ship/],
      [['deliver', label], 1, /no shipped unit is waiting for delivery/],
      [['cancel', shipped.label], 1, /already shipped: it can no longer be canceled; refund instead/],
      [['cancel', canceled.label], 1, /already canceled/],
      [['refund', label, '--amount', '99999999', '--reason', 'x'], 1, /cannot refund 99999999 cents: .* at most \d+ can be/],
      [['refund', canceled.label, '--reason', 'x'], 1, /nothing is left to refund/],
      [['refund', label, '--amount', '12.50', '--reason', 'x'], 2, /--amount "12.50" must be a whole number of cents/],
      [['refund', label], 2, /refund needs --reason/],
      [['ship', label, '--tracking-number', '1'], 2, /ship needs --carrier/],
      [['ship', label, '--carrier', 'DHL', '--tracking-number', '1', '--line', `li_${STOCKED}`], 2, new RegExp(`--line "li_${STOCKED}" must be <line id>:<quantity>`)],
      [['ship', label, '--carrier', 'DHL', '--tracking-number', '1', '--bogus'], 2, /Unknown option '--bogus'/],
      [['ship'], 2, /ship needs an order id or label/],
      [['list', '--carrier', 'DHL'], 2, /list takes no --carrier/],
      [['list', '--status', 'lost'], 2, /--status "lost" is not a status/],
      [['list', '--since', 'yesterday'], 2, /--since "yesterday" is not a date/],
      [['export'], 2, /export needs --csv/],
      [['fly'], 2, /unknown command "fly"/],
      [[], 2, /^usage: npm run orders/],
    ];
    for (const [args, code, message] of cases) {
      const before = await snapshot(raw);
      const run = await ordersCli(db, args);
      expect([run.code, run.out], args.join(' ')).toEqual([code, '']);
      if (args.length) expect(run.err.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(run.err, args.join(' ')).toMatch(message);
      expect(await snapshot(raw), `${args.join(' ')} wrote nothing`).toBe(before);
    }
  });

  it('scripts/orders.ts runs on a deployed database given by DATABASE_URL, with the same exit codes', async () => {
    const { label } = await paidOrder(handler, [line(SMALL)]);
    const url = await db.url();
    const run = (args: string[]) => spawnSync('npx', ['tsx', 'scripts/orders.ts', ...args], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: url } });
    const listed = run(['list']);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(label);
    const refused = run(['refund', label, '--amount', '999999999', '--reason', 'too much']);
    expect(refused.status).toBe(1);
    expect(refused.stderr.split('\n').filter((l) => l.startsWith('orders:'))).toEqual([expect.stringMatching(/^orders: cannot refund 999999999 cents/)]);
    const bad = spawnSync('npx', ['tsx', 'scripts/orders.ts', 'list', '--database-url', 'postgres://nobody@127.0.0.1:1/none'], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^orders: database: /m);
  }, 60_000);
});
