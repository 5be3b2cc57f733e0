// Tool arguments nested 10,000 levels deep never crash the endpoint nor reach the database:
// wherever they are (meta, the payload, a line item, the buyer, the context, fulfillment,
// payment), with or without an idempotency key, the call gets a JSON-RPC -32602 naming the
// argument, in HTTP 200, and nothing is written. Arguments are accepted up to 63 levels.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../src/commerce/canonical-json';
import { approve, checkoutHandler, findVariant, line, payment, readyCheckout, uuid } from './helpers/checkout';
import { post } from './helpers/ucp';

const DEPTH = 10_000;
const MARK = '\u0000deep';

/** `{"n":{"n":…{}}}`, `levels` objects deep, as JSON text (JSON.stringify would recurse 10,000 times). */
const nestedText = (levels: number) => `${'{"n":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;

/** A tools/call body in which the string MARK stands for an object `levels` deep. */
const body = (name: string, args: unknown, levels = DEPTH) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }).replace(JSON.stringify(MARK), nestedText(levels));

const sellable = findVariant((_p, v) => !v.inventory || v.inventory.policy === 'continue' || v.inventory.quantity > 20);

type Args = Record<string, any>;
const payloadOf = (args: Args) => args.cart ?? args.checkout;

/** Where the deep object goes, and the argument the error must name. */
const places: Array<[string, (args: Args) => void, (key: string) => string]> = [
  ['meta', (a) => { a.meta = { ...a.meta, deep: MARK }; }, () => 'meta.deep'],
  ['the payload', (a) => { payloadOf(a).deep = MARK; }, (k) => `${k}.deep`],
  ['line_items[0]', (a) => { payloadOf(a).line_items[0].deep = MARK; }, (k) => `${k}.line_items[0].deep`],
  ['line_items[0].item', (a) => { payloadOf(a).line_items[0].item.deep = MARK; }, (k) => `${k}.line_items[0].item.deep`],
  ['buyer', (a) => { payloadOf(a).buyer = { email: 'a@b.example', deep: MARK }; }, (k) => `${k}.buyer.deep`],
  ['context', (a) => { payloadOf(a).context = { language: 'fr', deep: MARK }; }, (k) => `${k}.context.deep`],
  ['fulfillment', (a) => { payloadOf(a).fulfillment = { methods: [{ type: 'shipping', deep: MARK }] }; }, (k) => `${k}.fulfillment.methods[0].deep`],
  ['payment', (a) => { payloadOf(a).payment = payment('success_token', { deep: MARK }); }, (k) => `${k}.payment.instruments[0].deep`],
];

describe(`tool arguments nested ${DEPTH} levels deep`, () => {
  const { handler, db } = checkoutHandler();
  const rows = async () => (await db.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM carts) AS carts, (SELECT count(*) FROM checkouts) AS checkouts, (SELECT count(*) FROM orders) AS orders,
       (SELECT count(*) FROM charges) AS charges, (SELECT count(*) FROM idempotency_records) AS idempotency_records`)).rows[0];
  let ready: { id: string; continue_url: string };
  beforeAll(async () => {
    ready = await readyCheckout(handler, [line(sellable.variant.id)]);
    await approve(handler, ready);
  });

  const tools: Record<string, { key: string; args: () => Args }> = {
    create_cart: { key: 'cart', args: () => ({ cart: { line_items: [line(sellable.variant.id)] } }) },
    update_checkout: { key: 'checkout', args: () => ({ id: ready.id, checkout: { line_items: [line(sellable.variant.id)] } }) },
    complete_checkout: { key: 'checkout', args: () => ({ id: ready.id, checkout: { payment: payment(), line_items: [line(sellable.variant.id)] } }) },
  };

  for (const [tool, { key, args: make }] of Object.entries(tools)) {
    for (const [place, put, argument] of places) {
      for (const keyed of [true, false]) {
        it(`${tool}, under ${place}, ${keyed ? 'with' : 'without'} an idempotency key: -32602 naming it, nothing written`, async () => {
          const args = make();
          if (keyed) args.meta = { 'idempotency-key': uuid() };
          put(args);
          const before = await rows();
          const res = await post(handler, body(tool, args));
          expect(res.status, res.text.slice(0, 300)).toBe(200);
          expect(res.body.error?.code, res.text.slice(0, 300)).toBe(-32602);
          expect(res.body.error.data.argument.startsWith(argument(key)), res.body.error.data.argument.slice(0, 80)).toBe(true);
          expect(res.body.error.message).toContain('is nested too deeply');
          expect(await rows()).toEqual(before);
        });
      }
    }
  }

  it(`arguments ${MAX_DEPTH - 1} levels deep are served; one level more is refused`, async () => {
    // arguments (0) → cart (1) → buyer (2) → deep (3…): the last level allowed is MAX_DEPTH - 2.
    const allowed = MAX_DEPTH - 1 - 3;
    const args = { meta: { 'idempotency-key': uuid() }, cart: { line_items: [line(sellable.variant.id)], buyer: { email: 'a@b.example', deep: MARK } } };
    const before = await rows();
    const served = await post(handler, body('create_cart', args, allowed));
    expect(served.body.error, served.text.slice(0, 300)).toBeUndefined();
    expect(served.body.result.structuredContent.id).toMatch(/^cart_/);
    expect(Number((await rows()).carts)).toBe(Number(before.carts) + 1);
    const refused = await post(handler, body('create_cart', { ...args, meta: { 'idempotency-key': uuid() } }, allowed + 1));
    expect(refused.body.error).toMatchObject({ code: -32602, data: { argument: expect.stringMatching(/^cart\.buyer\.deep(\.n)+$/) } });
  });
});
