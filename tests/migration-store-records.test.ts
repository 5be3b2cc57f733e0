// The migration 20261125140000_store_owned_records on rows written before it: an order whose
// `data.checkout` is a UCP 2026-04-08 checkout snapshot becomes the store's OrderRecord
// (currency, buyer, lines, totals; every other member as it was), carts and checkouts keep only
// the buyer, context and address members the store reads, and applying it again changes nothing.
// The database is migrated up to the migration before this one, filled with old-shape rows,
// then migrated the rest of the way, as a deploy would.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/state/db';
import { listMigrations, migrate } from '../src/state/migrate';
import { type OrderRecord, loadOrder, newOrderId, newOrderLabel } from '../src/state/orders';
import { load } from 'cheerio';
import { orderPage } from '../src/http/html/order-page';
import { createUrlSecrets } from '../src/checkout/secrets';
import { renderOrder } from '../src/ucp/order/view';
import { catalog } from './helpers/ucp';
import { ordersCli } from './helpers/orders';
import { expectUcpValid, ucpValidatorsFor } from './helpers/ucp-schemas';

const MIGRATION = '20261125140000_store_owned_records';
const HOST = 'poissons-et-pousses.example';
const T0 = '2026-11-20T10:00:00.000Z';
const id = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

const cartId = id('cart');
const openCheckoutId = id('chk');
const paidCheckoutId = id('chk');
const orderId = newOrderId();
const orderLabel = newOrderLabel(Date.parse(T0));
const voidedOrderId = newOrderId();

// --- Rows as the store wrote them before the migration -------------------------------------

const cartData = {
  lines: [{ variant_id: 200201, quantity: 2 }, { variant_id: 210101, quantity: 1 }],
  context: { address_country: 'FR', postal_code: '69001', language: 'fr-FR', eligibility: ['loyalty_member'], session_hint: 'abc' },
  buyer: { email: 'camille.martin@example.org', full_name: 'Camille Martin' },
};

const openCheckoutData = {
  lines: [{ variant_id: 200202, quantity: 1 }],
  context: { address_country: 'BE', address_region: 'BRU', postal_code: '1000', language: 'nl-BE', currency: 'EUR', intent: 'restock my trout farm', eligibility: ['b2b'], device: 'mobile' },
  buyer: { first_name: 'Jan', last_name: 'Peeters', email: 'jan.peeters@example.be', phone_number: '+32470123456', full_name: 'Jan Peeters', consent: { marketing: true } },
  address: {
    id: 'addr_1', first_name: 'Jan', last_name: 'Peeters', street_address: 'Wetstraat 16', extended_address: 'bus 3', postal_code: '1000',
    address_locality: 'Brussel', address_region: 'BRU', address_country: 'BE', phone_number: '+32470123456', name: 'Jan Peeters', company: 'Forel & Co',
  },
  option_id: 'colissimo',
  approval_secret: { nonce: 'n-open', digest: 'd-open' },
  escalation: { reason: 'requires_3ds', at: 1_795_168_800 },
};

// The checkout the order was paid for: no context, no buyer (both stay absent).
const paidCheckoutData = {
  lines: [{ variant_id: 200201, quantity: 2 }, { variant_id: 210101, quantity: 1 }],
  address: { first_name: 'Camille', last_name: 'Martin', street_address: '12 rue de la République', postal_code: '69001', address_locality: 'Lyon', address_country: 'FR' },
  option_id: 'colissimo',
  approval_secret: { nonce: 'n-paid', digest: 'd-paid' },
};

const totals = [
  { type: 'subtotal', amount: 16480 },
  { type: 'fulfillment', amount: 990 },
  { type: 'total', amount: 17470, lines: [{ display_text: 'Montant HT', amount: 14558 }, { display_text: 'dont TVA 20 %', amount: 2912 }] },
];

const feedTitle = 'Aliment pour truites et perches – 2 mm / 5 kg';
const workshopTitle = "Atelier d'initiation à l'aquaponie à Lyon (1 journée) – 2027-01-16";
const feedImage = `https://${HOST}/images/products/aliment-truite-perche.svg`;

const checkoutSnapshot = {
  id: paidCheckoutId,
  currency: 'EUR',
  line_items: [
    {
      id: 'li_200201',
      item: { id: `gid://${HOST}/ProductVariant/200201`, title: feedTitle, price: 3490, image_url: feedImage },
      quantity: 2,
      totals: [{ type: 'subtotal', amount: 6980 }, { type: 'total', amount: 6980 }],
    },
    {
      id: 'li_210101',
      item: { id: `gid://${HOST}/ProductVariant/210101`, title: workshopTitle, price: 9500 },
      quantity: 1,
      totals: [{ type: 'subtotal', amount: 9500 }, { type: 'total', amount: 9500 }],
    },
  ],
  buyer: { first_name: 'Camille', last_name: 'Martin', email: 'camille.martin@example.org', phone_number: '+33612345678', full_name: 'Camille Martin' },
  context: { address_country: 'FR', language: 'fr-FR' },
  fulfillment: {
    methods: [{
      id: 'shipping_1', type: 'shipping', line_item_ids: ['li_200201'],
      destinations: [{ id: 'dest_1', street_address: '12 rue de la République', postal_code: '69001', address_locality: 'Lyon', address_country: 'FR' }],
      selected_destination_id: 'dest_1',
      groups: [{ id: 'group_1', line_item_ids: ['li_200201'], selected_option_id: 'colissimo', options: [{ id: 'colissimo', title: 'Colissimo', totals: [{ type: 'total', amount: 990 }] }] }],
    }],
  },
  totals,
  links: [{ type: 'terms_of_service', url: `https://${HOST}/pages/cgv/` }, { type: 'privacy_policy', url: `https://${HOST}/pages/confidentialite/` }],
  expires_at: '2026-11-20T16:00:00.000Z',
};

// Everything of the order's document but the snapshot: the migration leaves it as it is.
const orderRest = {
  destination: { first_name: 'Camille', last_name: 'Martin', street_address: '12 rue de la République', postal_code: '69001', address_locality: 'Lyon', address_country: 'FR' },
  shipping: { id: 'colissimo', title: 'Colissimo', description: 'Livraison à domicile en 2 à 4 jours ouvrés', carrier: 'La Poste', min_days: 2, max_days: 4 },
  digital_line_ids: ['li_210101'],
  backordered: { li_200201: 1 },
  events: [{ id: 'evt_1', occurred_at: '2026-11-20T10:00:05.000Z', type: 'processing', line_items: [{ id: 'li_200201', quantity: 2 }, { id: 'li_210101', quantity: 1 }], description: 'Commande en préparation' }],
  webhook_url: 'https://platform.example/webhooks/orders',
  secret: { nonce: 'n-order', digest: 'd-order' },
};

// Edge cases, on a voided attempt: line items without totals (the line total is price ×
// quantity), a null image_url (omitted), no buyer (`{}`), a line without an order_lines row (the
// variant id comes from its id `li_<variant id>`) and one whose id does not carry it (the
// order_lines row gives it: that table is preferred).
const voidedSnapshot = {
  id: paidCheckoutId,
  currency: 'EUR',
  line_items: [
    { id: 'li_200202', item: { id: `gid://${HOST}/ProductVariant/200202`, title: 'Aliment pour truites et perches – 2 mm / 20 kg', price: 11400, image_url: null }, quantity: 3 },
    { id: 'li_gift', item: { id: `gid://${HOST}/ProductVariant/990101`, title: 'Bon cadeau – 50 €', price: 5000 }, quantity: 1 },
  ],
  totals: [{ type: 'subtotal', amount: 39200 }, { type: 'total', amount: 39200 }],
  links: [],
  expires_at: '2026-11-20T16:00:00.000Z',
};
const voidedRest = { destination: {}, shipping: null, digital_line_ids: [], backordered: {}, events: [], secret: { nonce: 'n-void', digest: 'd-void' } };

// --- The database: migrated up to the migration before this one --------------------------

let pool: pg.Pool;
let db: Db;
let earlierDir: string;
let appliedRest: string[];

/** Every row's document (and its row version: a row the migration rewrites gets a new xmin). */
async function documents(): Promise<Record<string, { xmin: string; data: unknown }>> {
  const { rows } = await pool.query<{ id: string; xmin: string; data: unknown }>(
    `SELECT id, xmin::text AS xmin, data FROM orders UNION ALL SELECT id, xmin::text, data FROM checkouts UNION ALL SELECT id, xmin::text, data FROM carts`);
  return Object.fromEntries(rows.map((r) => [r.id, { xmin: r.xmin, data: r.data }]));
}

const row = async (table: 'orders' | 'checkouts' | 'carts', rowId: string) =>
  (await pool.query<{ data: Record<string, unknown> }>(`SELECT data FROM ${table} WHERE id = $1`, [rowId])).rows[0]!.data;

beforeAll(async () => {
  const base = inject('postgresUrl');
  const name = `t_records_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  pool = new pg.Pool({ connectionString: `${base}/${name}` });
  db = pool as unknown as Db;

  const all = listMigrations();
  expect(all.map((m) => m.name)).toContain(MIGRATION);
  const earlier = all.filter((m) => m.name < MIGRATION);
  earlierDir = mkdtempSync(join(tmpdir(), 'migrations-'));
  for (const m of earlier) writeFileSync(join(earlierDir, `${m.name}.sql`), m.sql);
  expect(await migrate(db, earlierDir)).toEqual(earlier.map((m) => m.name));

  const q = (text: string, values: unknown[]) => pool.query(text, values);
  await q(`INSERT INTO carts (id, created_at, updated_at, expires_at, data) VALUES ($1, $2, $2, $2::timestamptz + interval '7 days', $3)`, [cartId, T0, cartData]);
  await q(`INSERT INTO checkouts (id, platform, state, created_at, updated_at, expires_at, data) VALUES ($1, 'https://platform.example/profile.json', 'open', $2, $2, $2::timestamptz + interval '6 hours', $3)`,
    [openCheckoutId, T0, openCheckoutData]);
  await q(`INSERT INTO checkouts (id, platform, state, cart_id, created_at, updated_at, expires_at, data, approved_terms_hash, approved_at, order_id, completed_at)
           VALUES ($1, 'https://platform.example/profile.json', 'completed', $2, $3, $3, $3::timestamptz + interval '6 hours', $4, 'c0ffee', $3, $5, $3)`,
    [paidCheckoutId, cartId, T0, paidCheckoutData, orderId]);
  await q(`INSERT INTO orders (id, label, checkout_id, platform, status, locale, currency, total, buyer_email, created_at, updated_at, data)
           VALUES ($1, $2, $3, 'https://platform.example/profile.json', 'processing', 'fr', 'EUR', 17470, 'camille.martin@example.org', $4, $4, $5)`,
    [orderId, orderLabel, paidCheckoutId, T0, { checkout: checkoutSnapshot, ...orderRest }]);
  await q(`INSERT INTO order_lines (order_id, line_id, variant_id, title, quantity, unit_price, total, backordered)
           VALUES ($1, 'li_200201', 200201, $2, 2, 3490, 6980, 1), ($1, 'li_210101', 210101, $3, 1, 9500, 9500, 0)`,
    [orderId, feedTitle, workshopTitle]);
  await q(`INSERT INTO charges (order_id, amount, currency, handler, display, captured_at) VALUES ($1, 17470, 'EUR', 'sandbox_card', $2, $3)`,
    [orderId, { brand: 'visa', last_digits: '4242' }, T0]);
  await q(`INSERT INTO orders (id, label, checkout_id, platform, status, locale, currency, total, created_at, updated_at, data)
           VALUES ($1, $2, $3, 'https://platform.example/profile.json', 'voided', 'fr', 'EUR', 39200, $4, $4, $5)`,
    [voidedOrderId, newOrderLabel(Date.parse(T0)), paidCheckoutId, T0, { checkout: voidedSnapshot, ...voidedRest }]);
  await q(`INSERT INTO order_lines (order_id, line_id, variant_id, title, quantity, unit_price, total) VALUES ($1, 'li_gift', 990101, 'Bon cadeau – 50 €', 1, 5000, 5000)`, [voidedOrderId]);

  appliedRest = await migrate(db);
});

afterAll(async () => {
  await pool?.end();
  if (earlierDir) rmSync(earlierDir, { recursive: true, force: true });
});

// --- What the migration made of them ------------------------------------------------------

const expectedLines = [
  { id: 'li_200201', variant_id: 200201, title: feedTitle, unit_price: 3490, quantity: 2, total: 6980, image_url: feedImage },
  { id: 'li_210101', variant_id: 210101, title: workshopTitle, unit_price: 9500, quantity: 1, total: 9500 },
];
const expectedBuyer = { first_name: 'Camille', last_name: 'Martin', email: 'camille.martin@example.org', phone_number: '+33612345678' };

describe(`migration ${MIGRATION}`, () => {
  it('is applied by migrate() after the earlier ones and recorded', async () => {
    expect(appliedRest[0]).toBe(MIGRATION);
    const { rows } = await pool.query('SELECT name FROM netlify.migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(listMigrations().map((m) => m.name));
  });

  it('turns the order\'s checkout snapshot into currency, buyer, lines and totals, and keeps the rest', async () => {
    const data = await row('orders', orderId);
    expect(data).not.toHaveProperty('checkout');
    expect(data.currency).toBe('EUR');
    expect(data.buyer).toEqual(expectedBuyer);
    expect(data.lines).toEqual(expectedLines);
    expect(Object.keys((data.lines as object[])[1]!)).not.toContain('image_url');
    expect(data.totals).toEqual(totals);
    expect(data).toEqual({ ...orderRest, currency: 'EUR', buyer: expectedBuyer, lines: expectedLines, totals });
    // Columns and the other tables are untouched.
    const { rows: [order] } = await pool.query('SELECT status, currency, total, buyer_email FROM orders WHERE id = $1', [orderId]);
    expect(order).toEqual({ status: 'processing', currency: 'EUR', total: 17470, buyer_email: 'camille.martin@example.org' });
    const { rows: charges } = await pool.query('SELECT amount, refunded, display FROM charges WHERE order_id = $1', [orderId]);
    expect(charges).toEqual([{ amount: 17470, refunded: 0, display: { brand: 'visa', last_digits: '4242' } }]);
  });

  it('takes the variant id from order_lines, else from the line id; the total from price × quantity without line totals; {} without a buyer', async () => {
    const data = await row('orders', voidedOrderId);
    expect(data).toEqual({
      ...voidedRest, currency: 'EUR', buyer: {}, totals: voidedSnapshot.totals,
      lines: [
        { id: 'li_200202', variant_id: 200202, title: 'Aliment pour truites et perches – 2 mm / 20 kg', unit_price: 11400, quantity: 3, total: 34200 },
        { id: 'li_gift', variant_id: 990101, title: 'Bon cadeau – 50 €', unit_price: 5000, quantity: 1, total: 5000 },
      ],
    });
  });

  it('reads back through loadOrder as an OrderRecord, its sentences turned into codes', async () => {
    // The stored VAT lines were sentences in the order's language ("dont TVA 20 %"): read, they are codes and a rate,
    // and the `processing` event's stored description is dropped (its words are chosen when shown).
    const coded = totals.map((t) => (t.lines ? { ...t, lines: [{ kind: 'net', amount: 14558 }, { kind: 'vat', rate: 20, amount: 2912 }] } : t));
    const events = orderRest.events.map(({ description: _sentence, ...e }) => e);
    const expected: OrderRecord = {
      id: orderId, label: orderLabel, checkout_id: paidCheckoutId, platform: 'https://platform.example/profile.json', status: 'processing',
      created_at: T0, locale: 'fr', currency: 'EUR', buyer: expectedBuyer, lines: expectedLines, ...orderRest, totals: coded as OrderRecord['totals'], events,
    };
    expect(await loadOrder(db, orderId)).toEqual(expected);
  });

  it('prunes a checkout\'s buyer, context and address to the members the store reads', async () => {
    expect(await row('checkouts', openCheckoutId)).toEqual({
      lines: openCheckoutData.lines,
      context: { address_country: 'BE', address_region: 'BRU', postal_code: '1000', language: 'nl-BE', currency: 'EUR', intent: 'restock my trout farm' },
      buyer: { first_name: 'Jan', last_name: 'Peeters', email: 'jan.peeters@example.be', phone_number: '+32470123456' },
      address: {
        first_name: 'Jan', last_name: 'Peeters', street_address: 'Wetstraat 16', extended_address: 'bus 3', postal_code: '1000',
        address_locality: 'Brussel', address_region: 'BRU', address_country: 'BE', phone_number: '+32470123456',
      },
      option_id: 'colissimo',
      approval_secret: openCheckoutData.approval_secret,
      escalation: openCheckoutData.escalation,
    });
    // Absent members stay absent; a document with nothing to prune is as it was.
    const paid = await row('checkouts', paidCheckoutId);
    expect(paid).toEqual(paidCheckoutData);
    expect(paid).not.toHaveProperty('buyer');
    expect(paid).not.toHaveProperty('context');
  });

  it('prunes a cart\'s buyer and context', async () => {
    expect(await row('carts', cartId)).toEqual({
      lines: cartData.lines,
      context: { address_country: 'FR', postal_code: '69001', language: 'fr-FR' },
      buyer: { email: 'camille.martin@example.org' },
    });
  });

  it('changes nothing when applied a second time (no row is even rewritten)', async () => {
    const before = await documents();
    const sql = listMigrations().find((m) => m.name === MIGRATION)!.sql;
    await pool.query(sql);
    expect(await documents()).toEqual(before);
    expect(Object.keys(before)).toHaveLength(5);
  });

  // Last: it changes the order. A database written before the migration keeps working.
  it('a converted order still shows (page, get_order at 2026-04-08), ships and refunds', async () => {
    const converted = (await loadOrder(db, orderId))!;
    const $ = load(orderPage(converted, catalog.store, 'fr'));
    expect($('table.summary tbody tr').length).toBe(2);
    expect($('tfoot tr.total [data-amount]').attr('data-amount')).toBe('17470');
    const version = '2026-04-08' as const;
    const rendered = await renderOrder(converted, { catalog, secrets: createUrlSecrets(db), baseUrl: `https://${HOST}`, ucp: () => ({ version, capabilities: { 'dev.ucp.shopping.order': [{ version }] } }) });
    expectUcpValid(ucpValidatorsFor(version).order, rendered, 'converted order');
    expect(rendered.line_items.map((li) => [li.id, li.item.price, li.quantity.original])).toEqual([['li_200201', 3490, 2], ['li_210101', 9500, 1]]);
    expect((await ordersCli(db, ['show', orderLabel])).code).toBe(0);
    const shipped = await ordersCli(db, ['ship', orderLabel, '--carrier', 'La Poste', '--tracking-number', '6A123']);
    expect(shipped.err).toBe('');
    expect(shipped.code).toBe(0);
    const refunded = await ordersCli(db, ['refund', orderLabel, '--cents', '990', '--reason', 'geste commercial']);
    expect(refunded.code, refunded.err).toBe(0);
    const after = (await loadOrder(db, orderId))!;
    expect(after.events.map((e) => e.type)).toEqual(['processing', 'shipped']);
    expect(after.adjustments?.map((a) => a.totals)).toEqual([[{ type: 'total', amount: -990 }]]);
    const { rows: [charge] } = await pool.query('SELECT refunded FROM charges WHERE order_id = $1', [orderId]);
    expect(charge.refunded).toBe(990);
  });
});
