// Issue 38 "Usage limits hold under races": the uses of a limited code are counted when the
// order is completed, in the completion's transaction (src/checkout/complete.ts, the claim's
// `takeDiscountUses`), so completions racing for the last uses in separate OS processes (as
// separate function instances would) take exactly what is left; the others are answered
// re-priced without the code, with a message saying so, and are never charged with it. And a
// code that expired or ran out between the buyer's approval and the payment voids the approval,
// as any changed term does. Everything on a real PostgreSQL server (tests/setup/postgres.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CatalogDiscount } from '../src/catalog/discount-schema';
import { approve, buyerEmail, callTool, checkoutHandler, complete, findVariant, line, readyCheckout, stateOf, testClock } from './helpers/checkout';
import { catalog } from './helpers/content';
import { testDb } from './helpers/db';
import { expectConsistent, tally } from './helpers/invariants';
import { completeInProcess } from './helpers/race';

/** A parcel without counted stock: only the code is scarce. */
const parcel = findVariant((p, v) => v.inventory === null && v.grams > 0 && v.grams < 8000 && !p.freight && !p.ships_to, 'an untracked parcel shipped everywhere');

/** Test offers as loaded (amounts in cents), besides the content's. */
const offer = (handle: string, extra: Partial<CatalogDiscount>): CatalogDiscount => ({
  handle, code: handle.toUpperCase(), title: { fr: `Offre ${handle}` }, value: { percentage: 15 }, applies_to: 'all', method: 'across', once_per_buyer: false, combines: false, priority: 1, ...extra,
});
const LIMIT = 100;
const LAST_THREE = offer('derniers-trois', { usage_limit: LIMIT });
const ONCE = offer('une-fois', { once_per_buyer: true });
const CLOCK_START = Date.parse('2026-11-20T10:00:00Z');
/** Ends five minutes after the test clock starts (11:05 in Paris, UTC+1 in November): within an approval's 15 minutes. */
const ENDING = offer('bientot-fini', { ends_at: '2026-11-20T11:05' });
const ONE_LEFT = offer('un-seul', { usage_limit: 1 });
const OFFERS = [LAST_THREE, ONCE, ENDING, ONE_LEFT];
const testCatalog = { ...catalog, discounts: [...catalog.discounts, ...OFFERS] };

/** The file the racers read the same offers from (tests/race/complete-racer.ts RACER_DISCOUNTS). */
const offersFile = join(mkdtempSync(join(tmpdir(), 'discount-race-')), 'offers.json');
writeFileSync(offersFile, JSON.stringify(OFFERS));

/** A handler pricing with the test offers, on `db`, with the clock `now` (default: the real one). */
function store(db = testDb(), now?: () => number) {
  return { db, handler: checkoutHandler({ db, catalog: testCatalog, ...(now ? { now } : {}) }).handler };
}

/** A checkout of the parcel with `code`, ready and approved by its buyer, the code applied in the terms approved. */
async function approvedWith(handler: Parameters<typeof readyCheckout>[0], code: string, email = buyerEmail()) {
  const ready = await readyCheckout(handler, [line(parcel.variant.id)], { email });
  const coded = await callTool(handler, 'update_checkout', { id: ready.id, checkout: { ...stateOf(ready), discounts: { codes: [code] } } });
  expect(coded.discounts.applied.map((d: { code: string }) => d.code), JSON.stringify(coded.messages)).toEqual([code.toUpperCase()]);
  await approve(handler, coded);
  return coded;
}

const totalOf = (checkout: { totals: Array<{ type: string; amount: number }> }) => checkout.totals.find((t) => t.type === 'total')!.amount;

/** Splits `ids` over `n` racing OS processes. */
const race = (url: string, ids: readonly string[], n = 4) => Promise.all(Array.from({ length: n }, (_, k) => completeInProcess(url, ids.filter((_, i) => i % n === k), { discounts: offersFile }))).then((r) => r.flat());

describe('racing completions for the last uses of a code, in 4 OS processes on a real PostgreSQL server', () => {
  it('50 buyers for the last 3 uses: 3 orders with the discount, 47 told the code ran out, re-priced without it and charged nothing, the counter at its cap', { timeout: 240_000 }, async () => {
    const { handler, db } = store();
    const pool = await db.raw();
    await pool.query('INSERT INTO discount_counts (offer, used, cap) VALUES ($1, $2, $3)', [LAST_THREE.handle, LIMIT - 3, LIMIT]);
    const approved = new Map<string, any>();
    for (let i = 0; i < 50; i++) {
      const checkout = await approvedWith(handler, 'derniers-trois');
      approved.set(checkout.id, checkout);
    }

    const results = await race(pool.options.connectionString!, [...approved.keys()]);

    expect(results).toHaveLength(50);
    expect(results.every((r) => r.http === 200)).toBe(true);
    const won = results.filter((r) => r.status === 'completed');
    expect(won).toHaveLength(3);
    for (const r of won) {
      expect(r.applied).toEqual(['DERNIERS-TROIS']);
      expect(r.total).toBe(totalOf(approved.get(r.id)));
    }
    const lost = results.filter((r) => r.status !== 'completed');
    expect(lost).toHaveLength(47);
    for (const r of lost) {
      // Answered as it now stands: priced without the code (dearer than approved), the approval void, the reason on $.discounts.codes.
      expect(r.status).toBe('requires_escalation');
      expect(r.applied).toEqual([]);
      expect(r.total).toBeGreaterThan(totalOf(approved.get(r.id)));
      expect(r.codes).toContain('discount_code_expired');
      // The checkouts are in French (context.language): src/checkout/problem-text.ts words the reason.
      expect(r.contents.join(' ')).toMatch(/code DERNIERS-TROIS n’est plus disponible\s: toutes ses utilisations ont été prises/);
      expect(r.codes).toContain('buyer_approval_required');
    }

    // What was charged: the 3 orders' totals with the discount, and nothing for the others.
    const charges = await pool.query<{ checkout_id: string; amount: number; offers: string[] }>(
      `SELECT o.checkout_id, c.amount, array(SELECT u.offer FROM discount_uses u WHERE u.order_id = o.id) AS offers
         FROM charges c JOIN orders o ON o.id = c.order_id`);
    expect(charges.rows.map((c) => c.checkout_id).sort()).toEqual(won.map((r) => r.id).sort());
    for (const c of charges.rows) {
      expect(c.amount).toBe(totalOf(approved.get(c.checkout_id)));
      expect(c.offers).toEqual([LAST_THREE.handle]);
    }
    const counter = await pool.query('SELECT used, cap FROM discount_counts WHERE offer = $1', [LAST_THREE.handle]);
    expect(counter.rows[0]).toEqual({ used: LIMIT, cap: LIMIT });
    expect(await tally(pool)).toMatchObject({ charges: 3, paid_orders: 3, completed: 3, completing: 0 });
    await expectConsistent(pool);

    // A loser's checkout reads without the code too, and the buyer may approve it as it is now.
    const again = await callTool(handler, 'get_checkout', { id: lost[0].id });
    expect(again.discounts.applied).toEqual([]);
    expect(totalOf(again)).toBe(lost[0].total);
  });

  it('one buyer\'s 5 checkouts with a once-per-buyer code, completed at once: 1 order with the discount, 4 told it is used', { timeout: 120_000 }, async () => {
    const { handler, db } = store();
    const pool = await db.raw();
    const email = buyerEmail();
    const approved = new Map<string, any>();
    for (let i = 0; i < 5; i++) {
      const checkout = await approvedWith(handler, 'une-fois', email);
      approved.set(checkout.id, checkout);
    }

    const results = await race(pool.options.connectionString!, [...approved.keys()], 5);

    const won = results.filter((r) => r.status === 'completed');
    expect(won).toHaveLength(1);
    expect(won[0].applied).toEqual(['UNE-FOIS']);
    const lost = results.filter((r) => r.status !== 'completed');
    expect(lost).toHaveLength(4);
    for (const r of lost) {
      expect(r.applied).toEqual([]);
      expect(r.codes).toContain('discount_code_user_ineligible');
      expect(r.contents.join(' ')).toMatch(/déjà utilisé le code UNE-FOIS/);
    }
    const charges = await pool.query<{ checkout_id: string; amount: number }>('SELECT o.checkout_id, c.amount FROM charges c JOIN orders o ON o.id = c.order_id');
    expect(charges.rows).toEqual([{ checkout_id: won[0].id, amount: totalOf(approved.get(won[0].id)) }]);
    const uses = await pool.query('SELECT buyer, once FROM discount_uses WHERE offer = $1', [ONCE.handle]);
    expect(uses.rows).toEqual([{ buyer: email, once: true }]);
    await expectConsistent(pool);
  });
});

describe('a code that stops applying between the approval and the payment voids the approval', () => {
  it('expired: the payment is refused, nothing charged, the checkout re-priced without it for the buyer to approve again', async () => {
    const clock = testClock(CLOCK_START);
    const { handler, db } = store(testDb(), clock.now);
    const checkout = await approvedWith(handler, 'bientot-fini');
    expect((await callTool(handler, 'get_checkout', { id: checkout.id })).status).toBe('ready_for_complete');
    clock.advance(6 * 60);

    const answer = await complete(handler, checkout.id);

    expect(answer.status).toBe('requires_escalation');
    expect(answer.discounts.applied).toEqual([]);
    expect(totalOf(answer)).toBeGreaterThan(totalOf(checkout));
    expect(answer.messages.map((m: { code: string }) => m.code)).toEqual(expect.arrayContaining(['discount_code_expired', 'buyer_approval_required']));
    expect(await tally(await db.raw())).toMatchObject({ charges: 0, paid_orders: 0, pending_orders: 0 });
  });

  it('ran out (another buyer took the last use): the payment is refused, nothing charged, the checkout re-priced without it', async () => {
    const { handler, db } = store();
    const first = await approvedWith(handler, 'un-seul');
    const second = await approvedWith(handler, 'un-seul');
    expect((await complete(handler, first.id)).status).toBe('completed');

    const answer = await complete(handler, second.id);

    expect(answer.status).toBe('requires_escalation');
    expect(answer.discounts.applied).toEqual([]);
    expect(totalOf(answer)).toBeGreaterThan(totalOf(second));
    expect(answer.messages.map((m: { code: string }) => m.code)).toEqual(expect.arrayContaining(['discount_code_expired', 'buyer_approval_required']));
    const pool = await db.raw();
    expect(await tally(pool)).toMatchObject({ charges: 1, paid_orders: 1 });
    expect((await pool.query('SELECT used FROM discount_counts WHERE offer = $1', [ONE_LEFT.handle])).rows).toEqual([{ used: 1 }]);
  });
});
