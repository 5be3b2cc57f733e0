// Every database statement of the purchase path made to fail in turn, on a real PostgreSQL
// server (tests/helpers/faulty-db.ts): the client gets JSON (503 with Retry-After, JSON-RPC
// -32000 `unavailable`) or the call's normal answer, never a 500; and once crashed completions
// are recovered, no charge exists without its paid order, no paid order without its charge, no
// stock is held by an order that was not paid. A failure after the server ran a statement (the
// reply lost) is tried too. The same holds for the steps before payment and for carts.
import { describe, expect, it } from 'vitest';
import { STALE_COMPLETION_MS, sweepStaleCompletions } from '../src/checkout/completion';
import { approve, callRaw, checkoutHandler, complete, findVariant, line, payment, readyCheckout, testClock, uuid } from './helpers/checkout';
import { testDb } from './helpers/db';
import { FaultyDb } from './helpers/faulty-db';
import { expectConsistent, tally } from './helpers/invariants';

const tracked = findVariant((p, v) => v.inventory?.policy === 'deny' && v.inventory.quantity >= 50 && v.grams > 0 && v.grams < 8000 && !p.freight);

function setup() {
  const clock = testClock();
  const db = testDb();
  const faulty = new FaultyDb(db);
  const { handler } = checkoutHandler({ db: faulty as never, now: clock.now });
  return { clock, db, faulty, handler };
}

/** A 503 answer in the endpoint's format, or a normal 200 result. */
function expectJsonAnswer(response: { status: number; headers: Headers; body: any }) {
  expect([200, 503], JSON.stringify(response.body)).toContain(response.status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  if (response.status === 503) {
    expect(response.body.error).toMatchObject({ code: -32000, data: { code: 'unavailable' } });
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
  }
}

describe('complete_checkout with the database failing at each of its statements', () => {
  it('statement k fails (before or after the server ran it), for every k: JSON 503 or success, then consistent, and the buyer pays exactly once', { timeout: 240_000 }, async () => {
    const { clock, db, faulty, handler } = setup();
    const pool = await db.raw();
    // The clean run's statements: the path under test.
    const probe = await readyCheckout(handler, [line(tracked.variant.id)]);
    await approve(handler, probe);
    faulty.reset();
    expect((await complete(handler, probe.id)).status).toBe('completed');
    const statements = faulty.log.length;
    expect(faulty.log.map((s) => s.sql)).toEqual(expect.arrayContaining(['BEGIN', 'COMMIT', expect.stringMatching(/^UPDATE stock_levels/), expect.stringMatching(/^INSERT INTO charges/)]));

    for (const mode of [true, 'after'] as const) {
      for (let k = 1; k <= statements; k++) {
        const ready = await readyCheckout(handler, [line(tracked.variant.id)]);
        await approve(handler, ready);
        faulty.reset();
        faulty.failWhen = (s) => (s.index === k ? mode : false);
        const response = await callRaw(handler, 'complete_checkout', { meta: { 'idempotency-key': uuid() }, id: ready.id, checkout: { payment: payment() } });
        expectJsonAnswer(response);
        faulty.reset();
        // Recovery, as the scheduled sweep does it a minute later.
        clock.advance(STALE_COMPLETION_MS / 1000 + 1);
        await sweepStaleCompletions(db, clock.now());
        await expectConsistent(pool);
        // The buyer retries with a new key: paid exactly once in all.
        const again = await callRaw(handler, 'complete_checkout', { meta: { 'idempotency-key': uuid() }, id: ready.id, checkout: { payment: payment() } });
        const status = again.body.result?.structuredContent?.status;
        if (status !== 'completed') {
          // Approval lapses after 15 minutes of test clock: approve again, then pay.
          await approve(handler, again.body.result.structuredContent);
          expect((await complete(handler, ready.id)).status).toBe('completed');
        }
        const charges = await pool.query('SELECT count(*)::int AS n FROM charges c JOIN orders o ON o.id = c.order_id WHERE o.checkout_id = $1', [ready.id]);
        expect(charges.rows[0].n, `statement ${k} (${mode}): ${faulty.log[k - 1]?.sql ?? ''}`).toBe(1);
      }
    }
    await expectConsistent(pool);
    expect((await tally(pool)).completing).toBe(0);
  });
});

describe('carts and checkouts being created with the database failing', () => {
  it('create_cart and create_checkout: statement k fails → JSON 503, never a 500, and the step works again', { timeout: 120_000 }, async () => {
    const { faulty, handler } = setup();
    const steps: Array<[string, () => Promise<{ status: number; headers: Headers; body: any }>]> = [
      ['create_cart', () => callRaw(handler, 'create_cart', { cart: { line_items: [line(tracked.variant.id)] } })],
      ['create_checkout', () => callRaw(handler, 'create_checkout', { checkout: { line_items: [line(tracked.variant.id)] } })],
    ];
    for (const [name, step] of steps) {
      faulty.reset();
      expect((await step()).status).toBe(200);
      const statements = faulty.log.length;
      for (let k = 1; k <= statements; k++) {
        faulty.reset();
        faulty.failWhen = (s) => s.index === k;
        const response = await step();
        expect(response.status, `${name}, statement ${k}`).not.toBe(500);
        expectJsonAnswer(response);
      }
      faulty.reset();
      expect((await step()).status, `${name} works again`).toBe(200);
    }
  });
});
