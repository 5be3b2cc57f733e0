/**
 * Scenario helpers of the storage-fault tests (tests/faults.test.ts, issue #7 point 3): a shop
 * on a FaultyStore with a clock the test moves, raw answers of the MCP endpoint and of the
 * buyer's pages (status, content type, body), the clean refusal a storage failure must give,
 * names for the store operations of a checkout's completion, the invariants of the money and
 * the stock (read straight from the backend, under the faults), and the steps of the flow before
 * completion.
 */
import { expect } from 'vitest';
import { MemoryStateStore } from '../../src/state/memory';
import type { ChargeRecord, OrderRecord } from '../../src/ucp/order/store';
import { ADDRESS, checkoutHandler, findVariant, line, shipTo, testClock } from './checkout';
import { FaultyStore, type StoreOp } from './faulty-store';
import type { Handler } from './ucp';

/** Two tracked `deny` variants: the checkout of every scenario buys 2 × A and 1 × B. */
export const A = findVariant((_p, v) => v.id === 100401).variant;
export const B = findVariant((_p, v) => v.id === 100101).variant;
export const LINES = [line(A.id, 2), line(B.id, 1)];
export const QUANTITY: ReadonlyMap<number, number> = new Map([[A.id, 2], [B.id, 1]]);

/** A shop process on a fault-injecting in-memory store, with a clock the test moves. */
export function world() {
  const clock = testClock();
  const state = new FaultyStore(new MemoryStateStore({ now: clock.now }));
  const { handler } = checkoutHandler({ state, now: clock.now });
  return { clock, state, handler };
}
export type World = ReturnType<typeof world>;

/** An HTTP answer: status, content type and the body (parsed when it is JSON). */
export interface Answer {
  status: number;
  type: string;
  body: any;
  location?: string | null;
}

async function answer(res: Response): Promise<Answer> {
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  return { status: res.status, type, body: type.startsWith('application/json') && text ? JSON.parse(text) : text, location: res.headers.get('location') };
}

let rpcId = 1;

/** One `tools/call` to the MCP endpoint, answered raw (no expectation). */
export async function rpc(handler: Handler, name: string, args: unknown): Promise<Answer> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method: 'tools/call', params: { name, arguments: args } });
  return answer(await handler(new Request('http://localhost:8888/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body })));
}

/** Any request to the handler, answered raw. */
export async function fetchRaw(handler: Handler, url: string, init?: RequestInit): Promise<Answer> {
  return answer(await handler(new Request(url, { redirect: 'manual', ...init })));
}

/** The UCP payload of a successful tool call (HTTP 200, JSON-RPC result). */
export function payload(a: Answer): any {
  expect(a.status, JSON.stringify(a.body).slice(0, 300)).toBe(200);
  expect(a.body.error).toBeUndefined();
  return a.body.result.structuredContent;
}

/** What a storage failure must give on the MCP endpoint: JSON-RPC -32000 `unavailable`, HTTP 503, JSON. */
export function expectUnavailable(a: Answer): void {
  expect(a.type).toMatch(/^application\/json/);
  expect(a.status, JSON.stringify(a.body).slice(0, 300)).toBe(503);
  expect(a.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, data: { code: 'unavailable' } } });
}

/** What a storage failure must give on a buyer's page: 503, plain text, Retry-After (never the 500 page). */
export function expectPageUnavailable(a: Answer): void {
  expect(a.status, String(a.body).slice(0, 200)).toBe(503);
  expect(a.type).toMatch(/^text\/plain/);
}

/** A short word for an answer in outcome tables: "503", "200 completed", "409 idempotency_in_progress". */
export function brief(a: Answer): string {
  if (a.body?.error) return `${a.status} ${a.body.error.data?.code ?? a.body.error.code}`;
  const result = a.body?.result?.structuredContent;
  return result ? `${a.status} ${result.status ?? result.messages?.[0]?.code ?? 'result'}` : String(a.status);
}

/** True for an operation of the stock ledger's display read (degrades to the last known value instead of failing). */
export const isDisplayRead = (op: StoreOp) => op.kind === 'stock' && op.caller.includes('soldForDisplay');
/** True for the write that stores a finished call's response under its idempotency key (failure is logged, the answer stands). */
export const isResponseWrite = (op: StoreOp) => op.kind === 'idempotency' && op.op === 'set' && op.condition.includes('ifMatch');

/**
 * Names the store operations of one complete_checkout (a clean run), in the order of
 * src/ucp/checkout/completion.ts: reserve key, read checkout, display stock, claim, hold,
 * order pending_payment, charge, order processing, commit, checkout completed, response.
 */
export function nameCompletionSteps(ops: readonly StoreOp[]): string[] {
  let charged = false;
  return ops.map((op) => {
    const variant = op.key.split('/')[1];
    if (op.kind === 'payments') {
      charged = true;
      return 'charge recorded (payments/<order>)';
    }
    if (op.kind === 'idempotency') return op.op === 'get' ? 'read idempotency key' : isResponseWrite(op) ? 'store response under key' : 'reserve idempotency key';
    if (isDisplayRead(op)) return `read stock ${variant} for prices (display)`;
    if (op.kind === 'stock') return `${charged ? 'commit' : 'hold'} stock ${variant} (${op.op === 'get' ? 'read' : 'write'})`;
    if (op.kind === 'checkouts') return op.op === 'get' ? 'read checkout' : op.caller.includes('claim') ? 'claim: checkout completing' : 'checkout completed';
    if (op.kind === 'orders') return op.op === 'get' ? 'read order for the answer' : charged ? 'order processing' : 'order pending_payment';
    return `${op.op} ${op.kind}`;
  });
}

/** A stock counter as the ledger keeps it (src/ucp/order/stock-ledger.ts). */
async function stockDoc(state: FaultyStore, variant: typeof A) {
  return (await state.inner.get<{ sold: number; holds: Record<string, number> }>(`stock/${variant.id}/${variant.inventory!.counted_at}`))?.value ?? { sold: 0, holds: {} };
}

/**
 * The invariants of one checkout's money and stock, read from the backend:
 * - at most one charge (a retry never charges twice), and a charge always has its order,
 *   which is pending_payment or processing, never voided or missing;
 * - no variant is taken more than once (sold ≤ the checkout's quantity), and while an order is
 *   pending or processing its units are taken (sold = its quantity);
 * - `settled` (after recovery): charges = processing orders, no pending order, no hold left,
 *   sold = the quantity when an order is processing and 0 otherwise, and the charge amount is
 *   the order's total.
 * @returns the processing order, if any
 */
export async function expectConsistent(state: FaultyStore, settled: boolean): Promise<OrderRecord | undefined> {
  const charges = await state.values<ChargeRecord>('payments/');
  const orders = await state.values<OrderRecord>('orders/');
  expect(charges.length, 'a retry never charges twice').toBeLessThanOrEqual(1);
  for (const charge of charges) {
    expect(orders.find((o) => o.id === charge.order_id)?.status, 'a charge always has its order').toMatch(/^(pending_payment|processing)$/);
  }
  const live = orders.filter((o) => o.status !== 'voided');
  expect(live.length, 'one checkout makes at most one order').toBeLessThanOrEqual(1);
  const processing = orders.filter((o) => o.status === 'processing');
  for (const variant of [A, B]) {
    const { sold, holds } = await stockDoc(state, variant);
    const quantity = QUANTITY.get(variant.id)!;
    expect(sold, `variant ${variant.id} taken at most once`).toBeLessThanOrEqual(quantity);
    if (live.length) expect(sold, `the order has its units of ${variant.id} taken`).toBe(quantity);
    if (settled) {
      expect(holds, 'no hold is left after recovery').toEqual({});
      expect(sold).toBe(processing.length ? quantity : 0);
    }
  }
  if (settled) {
    expect(orders.filter((o) => o.status === 'pending_payment')).toEqual([]);
    expect(charges.length, 'charges = paid orders').toBe(processing.length);
    for (const order of processing) {
      const total = order.checkout.totals.find((t) => t.type === 'total')!.amount;
      expect(charges[0]).toMatchObject({ order_id: order.id, amount: total });
      expect(order.checkout.line_items.map((li) => [Number(li.item.id.split('/').at(-1)), li.quantity])).toEqual([...QUANTITY]);
    }
  }
  return processing[0];
}

/** What the steps before completion carry from one to the next. */
export interface FlowCtx {
  id?: string;
  option?: string;
  continueUrl?: string;
  form?: { s: string; terms: string };
}

/** One step of the flow: a tool call or a buyer's page. */
export interface FlowStep {
  name: string;
  /** A buyer's page (HTML; a storage failure gives the plain-text 503) rather than a tool call. */
  page?: boolean;
  run(w: World, c: FlowCtx): Promise<Answer>;
  /** Checks a successful answer and keeps what the next steps need. */
  take(a: Answer, c: FlowCtx): void;
}

/** The steps before complete_checkout, as the agent and the buyer take them: create, address, shipping option, approval page, approval. */
export const FLOW: FlowStep[] = [
  {
    name: 'create_checkout',
    run: (w) => rpc(w.handler, 'create_checkout', { checkout: { line_items: LINES, context: { language: 'fr' } } }),
    take: (a, c) => void (c.id = payload(a).id),
  },
  {
    name: 'update_checkout (buyer, address)',
    run: (w, c) => rpc(w.handler, 'update_checkout', { id: c.id, checkout: { buyer: { email: 'camille@example.org' }, fulfillment: shipTo(ADDRESS.FR) } }),
    take: (a, c) => void (c.option = payload(a).fulfillment.methods[0].groups[0].options[0].id),
  },
  {
    name: 'update_checkout (shipping option)',
    run: (w, c) => rpc(w.handler, 'update_checkout', { id: c.id, checkout: { fulfillment: shipTo(undefined, c.option) } }),
    take: (a, c) => {
      const result = payload(a);
      expect(result.status).toBe('requires_escalation');
      c.continueUrl = result.continue_url;
    },
  },
  {
    name: 'approval page (GET continue_url)',
    page: true,
    run: (w, c) => fetchRaw(w.handler, c.continueUrl!),
    take: (a, c) => {
      expect(a.status).toBe(200);
      c.form = { terms: /name="terms" value="([^"]+)"/.exec(a.body)![1], s: /name="s" value="([^"]+)"/.exec(a.body)![1] };
    },
  },
  {
    name: 'approval (POST form)',
    page: true,
    run: (w, c) => {
      const url = new URL(c.continueUrl!);
      return fetchRaw(w.handler, `${url.origin}${url.pathname}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin }, body: new URLSearchParams(c.form).toString() });
    },
    take: (a) => expect(a.status).toBe(303),
  },
];
