// The merchant's command line (`npm run orders`, src/merchant/): list, show, ship (partial and
// whole), deliver, cancel (stock given back, charge refunded), refund (never more than paid),
// export --csv; amounts in euros as a French merchant writes them ("8,90 €"; `--amount 8,90` or
// `8.90`, cents only with `--cents`), cents in JSON and CSV; every wrong use is one whole
// sentence on stderr, a non-zero exit and nothing written; each change locks the order row
// (concurrent refunds of everything: one wins). get_order, validated against the UCP order
// schema, tells the same story.
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

/**
 * Cents as French prices are written (content/store.yaml `default_locale: fr`; CLDR fr: a narrow
 * no-break space between thousands, a decimal comma, a no-break space before "€"): 123456 → "1 234,56 €".
 * Written out here rather than taken from src/views/format.ts, so a wrong format fails.
 */
const frEuros = (cents: number) => `${String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, '\u202f')},${String(cents % 100).padStart(2, '0')}\u00a0€`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
    expect(rows.find((r) => r.startsWith(a.label))).toMatch(new RegExp(`^${a.label}\\s+processing\\s+\\S+ \\S+\\s+${escape(frEuros(a.ready.totals.at(-1).amount))}\\s+0/1\\s`));
    expect(listed.out, 'no amount with a decimal point').not.toMatch(/\d\.\d\d\s?€/);
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
    const bTotal = b.ready.totals.at(-1).amount;
    expect(shown.out).toContain(`\ntotal     ${frEuros(bTotal)}\n`);
    expect(shown.out).toMatch(new RegExp(`\\npaid      ${escape(frEuros(bTotal))} by .+, refunded ${escape(frEuros(0))}\\n`));
    expect(shown.out).toMatch(new RegExp(`li_${STOCKED}\\s+.+\\s+1\\s+0\\s+0\\s+\\d+,\\d\\d\u00a0€\\n`));
    expect(shown.out, 'no amount with a decimal point').not.toMatch(/\d\.\d\d\s?€/);
    expect(JSON.parse((await ordersCli(db, ['show', b.orderId, '--json'])).out).order.label).toBe(b.label);

    const exported = await ordersCli(db, ['export', '--csv']);
    const lines = exported.out.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,label,status,created_at,currency,total_cents,refunded_cents,buyer_email,country,locale,units,shipped,delivered,net_cents,vat_cents,vat_rate,shipping_cents,buyer_name,shipping_method,payment_method,discount_cents,discount_codes');
    expect(lines.find((l) => l.startsWith(a.orderId))).toMatch(new RegExp(`^${a.orderId},${a.label},processing,\\S+,EUR,${a.ready.totals.at(-1).amount},0,camille\\+\\d+@example\\.org,FR,fr,1,0,0,\\d+,\\d+,20,\\d+,Camille Martin,[^,]+,card visa,0,$`));
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
    expect(canceled.out.trim()).toBe(`${label} canceled, stock given back, ${frEuros(total)} refunded (status canceled); buyer e-mail queued`);
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
    expect((await ordersCli(db, ['refund', label, '--amount', '5', '--reason', 'damaged box'])).out).toContain(`${label} refunded ${frEuros(500)} (status processing)`);
    const rest = await ordersCli(db, ['refund', label, '--reason', 'goodwill']);
    expect(rest.out).toContain(`refunded ${frEuros(total - 500)} (status processing)`);
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

  it('refund --amount reads euros (8,90, 8.90, 8, 8,9), --cents reads cents; what is left is told in euros', async () => {
    const raw = await db.raw();
    const { orderId, label, ready } = await paidOrder(handler, [line(STOCKED)]);
    const total = ready.totals.at(-1).amount;
    const refunds: Array<[string[], number]> = [[['--amount', '8,90'], 890], [['--amount', '8.90'], 890], [['--cents', '890'], 890], [['--amount', '8'], 800], [['--amount', '8,9'], 890]];
    let refunded = 0;
    for (const [args, cents] of refunds) {
      const run = await ordersCli(db, ['refund', label, ...args, '--reason', 'damaged box']);
      expect([run.code, run.err, run.out.trim()], args.join(' ')).toEqual([0, '', `${label} refunded ${frEuros(cents)} (status processing); buyer e-mail queued`]);
      refunded += cents;
    }
    // Refund ids are random: compare the amounts recorded, in any order (each run's line above names its own).
    expect((await raw.query('SELECT amount FROM refunds WHERE order_id = $1', [orderId])).rows.map((r) => r.amount).sort()).toEqual([800, 890, 890, 890, 890]);
    // 890 is euros: refused on an order of less than that, with what is left in euros.
    expect(total - refunded).toBeLessThan(89_000);
    const tooMuch = await ordersCli(db, ['refund', label, '--amount', '890', '--reason', 'x']);
    expect([tooMuch.code, tooMuch.out]).toEqual([1, '']);
    expect(tooMuch.err).toBe(`orders: Cannot refund ${frEuros(89_000)}: ${frEuros(total)} was paid and ${frEuros(refunded)} already refunded, so at most ${frEuros(total - refunded)} can be refunded.\n`);
    // What is left, given in euros with a decimal comma, is refunded to the cent.
    const left = total - refunded;
    const exact = await ordersCli(db, ['refund', label, '--amount', `${Math.floor(left / 100)},${String(left % 100).padStart(2, '0')}`, '--reason', 'the rest']);
    expect(exact.out.trim()).toBe(`${label} refunded ${frEuros(left)} (status processing); buyer e-mail queued`);
    expect((await raw.query('SELECT refunded, amount FROM charges WHERE order_id = $1', [orderId])).rows[0]).toEqual({ refunded: total, amount: total });
    const none = await ordersCli(db, ['refund', label, '--reason', 'x']);
    expect([none.code, none.err]).toEqual([1, `orders: Nothing is left to refund: the ${frEuros(total)} paid has all been refunded.\n`]);
  });

  it('--help says the reason is sent to the buyer word for word, and how amounts are written', async () => {
    const help = await ordersCli(db, ['--help']);
    expect([help.code, help.err]).toEqual([0, '']);
    expect(help.out).toMatch(/--reason <text>: sent to the buyer word for word, in the e-mail and on the order page/);
    expect(help.out).toMatch(/refund <id\|label> --reason <text> \[--amount <euros> \| --cents <cents> \| --line <line id>:<qty> …\]/);
    expect(help.out).toMatch(/refund --line: what those units were charged, after the order's discounts/);
    expect(help.out).toMatch(/--amount <euros>: 8,90 or 8\.90/);
    expect(help.out).toMatch(/export --csv .*amounts in cents/);
  });

  it('every wrong use: one whole sentence on stderr, a non-zero exit, nothing written', async () => {
    const raw = await db.raw();
    const { label, ready } = await paidOrder(handler);
    const total = ready.totals.at(-1).amount;
    const canceled = await paidOrder(handler, [line(SMALL)]);
    expect((await ordersCli(db, ['cancel', canceled.label])).code).toBe(0);
    const shipped = await paidOrder(handler, [line(SMALL)]);
    expect((await ordersCli(db, ['ship', shipped.label, '--carrier', 'DHL', '--tracking-number', 'X1'])).code).toBe(0);
    const cases: Array<[string[], number, RegExp]> = [
      [['ship', 'PP-20200101-AAAAAA', '--carrier', 'DHL', '--tracking-number', '1'], 1, /Unknown order "PP-20200101-AAAAAA": give an order id \(ord_…\) or a label \(PP-…\)\./],
      [['show', `ord_${'A'.repeat(32)}`], 1, /Unknown order/],
      [['ship', canceled.label, '--carrier', 'DHL', '--tracking-number', '1'], 1, /The order is canceled: nothing can ship\./],
      [['ship', label, '--carrier', 'DHL', '--tracking-number', '1', '--line', `li_${SMALL}:4`], 1, new RegExp(`Cannot ship 4 × li_${SMALL} .*ordered 3, already shipped 0, 3 left to ship\\.`)],
      [['ship', label, '--carrier', 'DHL', '--tracking-number', '1', '--line', 'li_999:1'], 1, /no line li_999/],
      [['ship', label, '--carrier', 'DHL', '--tracking-number', '1', '--tracking-url', 'javascript:alert(1)'], 1, /The tracking URL "javascript:alert\(1\)" \(--tracking-url\) is not an absolute http\(s\) URL\./],
      [['ship', label, '--carrier', ' ', '--tracking-number', '1'], 1, /The carrier \(--carrier\) must not be empty\./],
      [['ship', shipped.label, '--carrier', 'DHL', '--tracking-number', '2'], 1, /Nothing is left to ship in this order\./],
      [['deliver', label], 1, /No shipped unit is waiting for delivery: ship first\./],
      [['cancel', shipped.label], 1, /The order can no longer be canceled, as 1 unit\(s\) already shipped: refund instead\./],
      [['cancel', canceled.label], 1, /The order is already canceled\./],
      [['refund', label, '--amount', '99999999', '--reason', 'x'], 1, new RegExp(`Cannot refund ${escape(frEuros(9_999_999_900))}: ${escape(frEuros(total))} was paid and ${escape(frEuros(0))} already refunded, so at most ${escape(frEuros(total))} can be refunded\\.`)],
      [['refund', canceled.label, '--reason', 'x'], 1, /Nothing is left to refund: the \d+,\d\d\u00a0€ paid has all been refunded\./],
      [['refund', label, '--reason', ' '], 1, /The reason \(--reason\) must not be empty: the buyer is told why\./],
      [['refund', label, '--amount', '8,901', '--reason', 'x'], 2, /Option --amount "8,901" has more than two decimals: write the euros to refund as 8,90 or 8\.90/],
      [['refund', label, '--amount', '-1', '--reason', 'x'], 2, /Option --amount "-1" is negative/],
      [['refund', label, '--amount=-1', '--reason', 'x'], 2, /Option --amount "-1" is negative/],
      [['refund', label, '--amount', 'x', '--reason', 'x'], 2, /Option --amount "x" is not an amount in euros/],
      [['refund', label, '--amount', '0', '--reason', 'x'], 2, /Option --amount "0" is zero/],
      [['refund', label, '--amount', '1 234,50', '--reason', 'x'], 2, /Option --amount "1 234,50" is not an amount in euros/],
      [['refund', label, '--amount', '1', '--cents', '1', '--reason', 'x'], 2, /Give the amount to refund once, in euros with --amount or in cents with --cents, not both\./],
      [['refund', label, '--cents', '8,90', '--reason', 'x'], 2, /Option --cents "8,90" must be a whole number of cents above 0, like 890 for 8,90\u00a0€\./],
      [['refund', label, '--cents', '-890', '--reason', 'x'], 2, /Option --cents "-890" must be a whole number of cents/],
      [['cancel', label, '--amount', '1'], 2, /The cancel command takes no --amount\./],
      [['refund', label], 2, /The refund command needs --reason, which is sent to the buyer word for word\./],
      [['refund', label, '--reason'], 2, /Option --reason needs a value\./],
      [['refund', label, '--reason', '-x'], 2, /Option --reason is followed by a value starting with a dash: write it as --reason=<value>\./],
      [['ship', label, '--tracking-number', '1'], 2, /The ship command needs --carrier\./],
      [['ship', label, '--carrier', 'DHL', '--tracking-number', '1', '--line', `li_${STOCKED}`], 2, new RegExp(`Option --line "li_${STOCKED}" must be <line id>:<quantity>`)],
      [['ship', label, '--carrier', 'DHL', '--tracking-number', '1', '--bogus'], 2, /Unknown option '--bogus'\./],
      [['ship'], 2, /The ship command needs an order id or label\./],
      [['show', label, label], 2, /The show command takes one order, got 2\./],
      [['list', 'x'], 2, /The list command takes no argument "x"\./],
      [['list', '--carrier', 'DHL'], 2, /The list command takes no --carrier\./],
      [['list', '--status', 'lost'], 2, /Option --status "lost" is not a status/],
      [['list', '--since', 'yesterday'], 2, /Option --since "yesterday" is not a date/],
      [['export'], 2, /The export command needs --csv, the only export format\./],
      [['fly'], 2, /Unknown command "fly"/],
      [[], 2, /^usage: npm run orders/],
    ];
    for (const [args, code, message] of cases) {
      const before = await snapshot(raw);
      const run = await ordersCli(db, args);
      expect([run.code, run.out], args.join(' ')).toEqual([code, '']);
      if (args.length) {
        // One whole sentence: a capital, one line, a full stop at the end and none inside, amounts in euros.
        expect(run.err, args.join(' ')).toMatch(/^orders: [A-Z][^\n]*\.\n$/);
        expect(run.err, args.join(' ')).not.toMatch(/[.!?] [A-Z]/);
        expect(run.err, args.join(' ')).not.toMatch(/\d cents|\d\.\d\d\s?€/);
      }
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
    expect(refused.stderr.split('\n').filter((l) => l.startsWith('orders:'))).toEqual([expect.stringMatching(new RegExp(`^orders: Cannot refund ${escape(frEuros(99_999_999_900))}: .* can be refunded\\.$`))]);
    const bad = spawnSync('npx', ['tsx', 'scripts/orders.ts', 'list', '--database-url', 'postgres://nobody@127.0.0.1:1/none'], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^orders: database: /m);
  }, 60_000);
});
