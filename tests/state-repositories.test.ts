// The repositories of src/state/ on a real PostgreSQL database: the constraints that say what
// must never happen (each proven by a statement the server refuses), expiry as the reads see it,
// idempotency records (reserve, replace once expired, take over a crashed call), stock taken and
// given back once, and migrations applied once.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { type Db, transaction } from '../src/state/db';
import { CART_TTL_SECONDS, type CartRecord, deleteCart, loadCart, newCartId, saveCart } from '../src/state/carts';
import { CHECKOUT_TTL_SECONDS, type CheckoutRecord, isExpired, loadCheckout, newCheckoutId, saveCheckout } from '../src/state/checkouts';
import { IDEMPOTENCY_TTL_SECONDS, type IdempotencyScope, finishKey, readKey, releaseKey, reserveKey, takeOverKey } from '../src/state/idempotency';
import { type OrderRecord, loadCharge, newOrderId, newOrderLabel, recordCharge, insertOrder } from '../src/state/orders';
import { releaseStock, soldUnits, takeStock } from '../src/state/stock';
import { listMigrations, migrate } from '../src/state/migrate';
import { findVariant } from './helpers/ucp';
import { testDb } from './helpers/db';

const db = testDb();
const T0 = Date.parse('2026-11-20T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

function checkoutRecord(overrides: Partial<CheckoutRecord> = {}): CheckoutRecord {
  return {
    id: newCheckoutId(), platform: 'anonymous', state: 'open', created_at: iso(T0), updated_at: iso(T0), expires_at: iso(T0 + CHECKOUT_TTL_SECONDS * 1000),
    lines: [{ variant_id: 1, quantity: 1 }], approval_secret: { nonce: 'n', digest: 'd' }, ...overrides,
  };
}

function orderRecord(checkoutId: string, status: OrderRecord['status'] = 'pending_payment'): OrderRecord {
  return {
    id: newOrderId(), label: newOrderLabel(T0), checkout_id: checkoutId, platform: 'anonymous', status, created_at: iso(T0), locale: 'fr',
    currency: 'EUR', buyer: {}, lines: [], totals: [{ type: 'total', amount: 1000 }],
    destination: { address_country: 'FR' }, shipping: null, digital_line_ids: [], backordered: {}, events: [], secret: { nonce: 'n', digest: 'd' },
  };
}

/** A saved checkout with a new order of `status`. */
async function checkoutWithOrder(status: OrderRecord['status'] = 'pending_payment') {
  const checkout = await saveCheckout(db, checkoutRecord(), T0);
  const order = orderRecord(checkout.id, status);
  await insertOrder(db, order, [], T0);
  return { checkout, order };
}

describe('constraints: what must never happen is refused by the database', () => {
  it('a second charge for one order', async () => {
    const { order } = await checkoutWithOrder();
    const charge = { order_id: order.id, amount: 1000, currency: 'EUR', handler: 'sandbox_card', display: { last_digits: '4242' }, captured_at: iso(T0) };
    expect(await recordCharge(db, charge)).toBe(true);
    expect(await recordCharge(db, { ...charge, amount: 2000 })).toBe(false);
    expect(await loadCharge(db, order.id)).toMatchObject({ amount: 1000 });
    const raw = await db.raw();
    await expect(raw.query(`INSERT INTO charges (order_id, amount, currency, handler, display, captured_at) VALUES ($1, 2000, 'EUR', 'sandbox_card', '{}', now())`, [order.id]))
      .rejects.toMatchObject({ code: '23505', constraint: 'charges_pkey' });
  });

  it('a second live order for one checkout (a voided attempt stays as a record beside it)', async () => {
    const { checkout, order } = await checkoutWithOrder('voided');
    const live = orderRecord(checkout.id);
    await insertOrder(db, live, [], T0);
    await expect(insertOrder(db, orderRecord(checkout.id), [], T0)).rejects.toMatchObject({ name: 'StateError', sqlState: '23505' });
    const raw = await db.raw();
    await expect(raw.query(`INSERT INTO orders (id, label, checkout_id, platform, status, locale, currency, total, created_at, updated_at, data)
      VALUES ($1, $2, $3, 'anonymous', 'processing', 'fr', 'EUR', 0, now(), now(), '{}')`, [newOrderId(), newOrderLabel(T0), checkout.id]))
      .rejects.toMatchObject({ code: '23505', constraint: 'orders_one_per_checkout' });
    const { rows } = await raw.query('SELECT id, status FROM orders WHERE checkout_id = $1 ORDER BY status', [checkout.id]);
    expect(rows).toEqual([{ id: live.id, status: 'pending_payment' }, { id: order.id, status: 'voided' }]);
  });

  it('two idempotency records for one platform + tool + key (another platform has its own)', async () => {
    const raw = await db.raw();
    const insert = (platform: string) => raw.query(
      `INSERT INTO idempotency_records (platform, tool, key, fingerprint, state, started_at, expires_at) VALUES ($1, 'create_cart', 'k-1', 'f', 'pending', now(), now() + interval '1 day')`, [platform]);
    await insert('https://a.example/profile.json');
    await expect(insert('https://a.example/profile.json')).rejects.toMatchObject({ code: '23505', constraint: 'idempotency_records_pkey' });
    await insert('https://b.example/profile.json');
  });

  it('sold > counted on a deny stock row (a continue row may be backordered)', async () => {
    const raw = await db.raw();
    await raw.query(`INSERT INTO stock_levels (variant_id, counted_at, counted, policy, sold) VALUES (9001, '2026-11-01', 3, 'deny', 3), (9002, '2026-11-01', 3, 'continue', 5)`);
    await expect(raw.query(`UPDATE stock_levels SET sold = sold + 1 WHERE variant_id = 9001`)).rejects.toMatchObject({ code: '23514', constraint: 'stock_levels_deny_never_oversold' });
    await expect(raw.query(`INSERT INTO stock_levels (variant_id, counted_at, counted, policy, sold) VALUES (9003, '2026-11-01', 3, 'deny', 4)`))
      .rejects.toMatchObject({ code: '23514', constraint: 'stock_levels_deny_never_oversold' });
    await raw.query(`UPDATE stock_levels SET sold = sold + 1 WHERE variant_id = 9002`);
    expect((await raw.query('SELECT variant_id, sold FROM stock_levels WHERE variant_id IN (9001, 9002) ORDER BY variant_id')).rows).toEqual([{ variant_id: '9001', sold: 3 }, { variant_id: '9002', sold: 6 }]);
  });
});

describe('expiry as the reads see it', () => {
  it('a cart reads as absent once 7 days have passed since its last change', async () => {
    const cart: CartRecord = { id: newCartId(), created_at: iso(T0), updated_at: iso(T0), expires_at: iso(T0), lines: [{ variant_id: 1, quantity: 2 }], context: { address_country: 'FR' } };
    const saved = await saveCart(db, cart, T0);
    expect(saved.expires_at).toBe(iso(T0 + CART_TTL_SECONDS * 1000));
    expect(await loadCart(db, cart.id, T0 + CART_TTL_SECONDS * 1000 - 1)).toEqual(saved);
    expect(await loadCart(db, cart.id, T0 + CART_TTL_SECONDS * 1000)).toBeNull();
    // A change pushes the expiry back.
    const touched = await saveCart(db, saved, T0 + 1000);
    expect(await loadCart(db, cart.id, T0 + CART_TTL_SECONDS * 1000)).toEqual(touched);
    expect(await loadCart(db, 'cart_../../x', T0)).toBeNull();
    expect(await deleteCart(db, cart.id)).toBe(true);
    expect(await deleteCart(db, cart.id)).toBe(false);
    expect(await loadCart(db, cart.id, T0)).toBeNull();
  });

  it('a checkout reads back as saved, and an open one is expired from its expires_at (a completed one never)', async () => {
    const record = checkoutRecord({
      buyer: { email: 'a@b.example' }, option_id: 'colissimo', approval: { terms_hash: 'h'.repeat(64), approved_at: Math.floor(T0 / 1000) },
      completion: { order_id: newOrderId(), started_at: T0 }, state: 'completing',
    });
    const saved = await saveCheckout(db, record, T0 + 5);
    expect(await loadCheckout(db, record.id)).toEqual(saved);
    expect(await loadCheckout(db, record.id, { owner: { platform: 'https://other.example/p.json' } })).toBeNull();
    const open = await saveCheckout(db, checkoutRecord(), T0);
    const loaded = (await loadCheckout(db, open.id))!;
    expect(isExpired(loaded, T0 + CHECKOUT_TTL_SECONDS * 1000 - 1)).toBe(false);
    expect(isExpired(loaded, T0 + CHECKOUT_TTL_SECONDS * 1000)).toBe(true);
    expect(isExpired({ ...loaded, state: 'completed' }, T0 + CHECKOUT_TTL_SECONDS * 1000)).toBe(false);
  });
});

describe('idempotency records', () => {
  const scope = (key = randomBytes(8).toString('hex'), fingerprint = 'f1'): IdempotencyScope => ({ platform: 'anonymous', tool: 'create_cart', key, fingerprint });

  it('reserve: one live record per key; finished with its response; replaced only once expired', async () => {
    const s = scope();
    expect(await reserveKey(db, s, T0)).toBe(true);
    expect(await reserveKey(db, { ...s, fingerprint: 'f2' }, T0 + 1000)).toBe(false);
    expect(await readKey(db, s, T0)).toEqual({ fingerprint: 'f1', state: 'pending', response: null, started_at: T0 });
    await finishKey(db, s, { id: 'cart_1' });
    expect(await readKey(db, s, T0 + 1)).toMatchObject({ state: 'done', response: { id: 'cart_1' } });
    const expiry = T0 + IDEMPOTENCY_TTL_SECONDS * 1000;
    expect(await reserveKey(db, { ...s, fingerprint: 'f2' }, expiry - 1)).toBe(false);
    expect(await readKey(db, s, expiry)).toBeNull();
    expect(await reserveKey(db, { ...s, fingerprint: 'f2' }, expiry)).toBe(true);
    expect(await readKey(db, s, expiry)).toEqual({ fingerprint: 'f2', state: 'pending', response: null, started_at: expiry });
  });

  it('of concurrent reservations of one key, exactly one wins', async () => {
    const s = scope();
    const won = await Promise.all(Array.from({ length: 10 }, () => reserveKey(db, s, T0)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('takeover: only a pending record started before the stale mark, with the same arguments, once', async () => {
    const s = scope();
    await reserveKey(db, s, T0);
    expect(await takeOverKey(db, s, T0, T0 + 60_000)).toBe(false);
    expect(await takeOverKey(db, { ...s, fingerprint: 'other' }, T0 + 1, T0 + 60_000)).toBe(false);
    expect(await takeOverKey(db, s, T0 + 1, T0 + 60_000)).toBe(true);
    expect((await readKey(db, s, T0 + 60_000))!.started_at).toBe(T0 + 60_000);
    // The takeover restarted the clock: a second takeover with the same mark finds nothing stale.
    expect(await takeOverKey(db, s, T0 + 1, T0 + 120_000)).toBe(false);
    await finishKey(db, s, { ok: true });
    expect(await takeOverKey(db, s, T0 + 10 ** 9, T0 + 10 ** 9)).toBe(false);
  });

  it('release frees a pending key, never a finished one', async () => {
    const pending = scope();
    await reserveKey(db, pending, T0);
    await releaseKey(db, pending);
    expect(await readKey(db, pending, T0)).toBeNull();
    const done = scope();
    await reserveKey(db, done, T0);
    await finishKey(db, done, { id: 'x' });
    await releaseKey(db, done);
    expect(await readKey(db, done, T0)).toMatchObject({ state: 'done' });
  });
});

describe('stock', () => {
  const { variant } = findVariant((_p, v) => v.inventory?.policy === 'deny' && v.inventory.quantity >= 3);
  const inventory = variant.inventory!;
  const sold = async () => (await soldUnits(db, [{ variantId: variant.id, inventory }])).get(variant.id);

  it('is taken in the order\'s transaction, refused beyond what is left, and given back once when released', async () => {
    const checkout = await saveCheckout(db, checkoutRecord(), T0);
    const order = orderRecord(checkout.id);
    const before = (await sold())!;
    const taken = await transaction(db, async (tx) => {
      const result = await takeStock(tx, order.id, [{ variantId: variant.id, inventory, quantity: 2 }]);
      await insertOrder(tx, order, [], T0);
      return result;
    });
    expect(taken).toEqual({ ok: true, backordered: new Map() });
    expect(await sold()).toBe(before + 2);
    const tooMany = await transaction(db, async (tx) => takeStock(tx, order.id, [{ variantId: variant.id, inventory, quantity: inventory.quantity }]));
    expect(tooMany).toEqual({ ok: false, variantId: variant.id, left: inventory.quantity - before - 2 });
    expect(await releaseStock(db, order.id, T0 + 1000)).toBe(2);
    expect(await sold()).toBe(before);
    expect(await releaseStock(db, order.id, T0 + 2000)).toBe(0);
    expect(await sold()).toBe(before);
  });
});

describe('migrations', () => {
  it('apply every migration to an empty database, then nothing the second time', async () => {
    const base = inject('postgresUrl');
    const name = `t_empty_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: `${base}/${name}` });
    try {
      const names = listMigrations().map((m) => m.name);
      expect(names.length).toBeGreaterThan(0);
      expect(await migrate(pool as unknown as Db)).toEqual(names);
      expect(await migrate(pool as unknown as Db)).toEqual([]);
      expect((await pool.query('SELECT name FROM netlify.migrations ORDER BY name')).rows.map((r) => r.name)).toEqual(names);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await pool.end();
    }
  });
});
