// The sandbox card payment handler under the store's own reverse-domain
// namespace, declared in /.well-known/ucp and in every checkout; success_token pays,
// fail_token → payment_failed (nothing charged; the approval is void, so another try waits for
// the buyer: requires_escalation), 3ds_token → requires_escalation; complete_checkout requires an idempotency key and never charges twice;
// credentials are never echoed or stored.
import { describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../src/state/db';
import { businessProfile } from '../src/ucp/profile';
import { sandboxHandlerName, storeNamespace } from '../src/ucp/payment-handlers';
import { approve, callRaw, callTool, catalog, checkoutHandler, complete, openApproval, payment, readyCheckout, uuid } from './helpers/checkout';
import { ITEMS } from './helpers/content';
import { testDb } from './helpers/db';

const REVERSE_DOMAIN = /^[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+$/;
const codes = (result: { messages?: Array<{ code?: string }> }) => (result.messages ?? []).map((m) => m.code);

/**
 * A database that records the parameters of every statement it runs (to look for credentials):
 * a jsonb document is a parameter, recorded as the JSON text sent.
 */
function recordingDb(db: Db): { db: Db; sent: string[] } {
  const sent: string[] = [];
  const recording = (q: Queryable): Queryable['query'] => (text, values) => {
    sent.push(...(values ?? []).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')));
    return q.query(text, values);
  };
  return {
    sent,
    db: {
      query: recording(db),
      async connect() {
        const client = await db.connect();
        return { query: recording(client), release: (error) => client.release(error) };
      },
    },
  };
}

describe('the sandbox card payment handler', () => {
  const database = testDb();
  const recorded = recordingDb(database);
  const { handler } = checkoutHandler({ db: recorded.db });
  const charges = async () => Number((await database.query<{ n: string }>('SELECT count(*) AS n FROM charges')).rows[0].n);
  // readyCheckout buys one unit of ITEMS.stocked (tests/helpers/content.ts), a tracked variant.
  const { id: stockedId, inventory } = ITEMS.stocked.variant;
  const soldOfStocked = async () => (await database.query<{ sold: number }>('SELECT sold FROM stock_levels WHERE variant_id = $1 AND counted_at = $2', [stockedId, inventory!.counted_at])).rows[0]?.sold ?? 0;

  it('is declared under the store\'s namespace (no dev.ucp; named after the host at 2026-08-25, without hyphens at 2026-04-08) in the profile and in every checkout response', async () => {
    const name = sandboxHandlerName(catalog.store, '2026-08-25');
    expect(name).toBe('example.poissons-et-pousses.sandbox_card');
    expect(sandboxHandlerName(catalog.store, '2026-04-08')).toBe('example.poissonsetpousses.sandbox_card');
    expect(sandboxHandlerName(catalog.store, '2026-04-08')).toMatch(REVERSE_DOMAIN);
    expect(storeNamespace({ base_url: 'https://3d-shop.example.co.uk' }, '2026-04-08')).toBe('uk.co.example.x3dshop');
    expect(storeNamespace({ base_url: 'https://3d-shop.example.co.uk' }, '2026-08-25')).toBe('uk.co.example.3d-shop');
    expect(Object.keys(businessProfile(catalog.store).ucp.payment_handlers)).toEqual([name]);
    const ready = await readyCheckout(handler);
    const canceled = await callTool(handler, 'cancel_checkout', { id: (await readyCheckout(handler)).id, meta: { 'idempotency-key': uuid() } });
    await approve(handler, ready);
    const done = await complete(handler, ready.id);
    for (const result of [ready, canceled, done, await callTool(handler, 'get_checkout', { id: ready.id })]) {
      expect(result.ucp.payment_handlers[name]).toEqual([expect.objectContaining({ id: 'sandbox_card', available_instruments: [expect.objectContaining({ type: 'card' })] })]);
    }
  });

  it('fail_token: payment_failed, nothing charged or taken, and the approval is void: another try waits for the buyer', async () => {
    const ready = await readyCheckout(handler);
    await approve(handler, ready);
    const before = await charges();
    const soldBefore = await soldOfStocked();
    const declined = await complete(handler, ready.id, 'fail_token');
    expect(declined.status).toBe('requires_escalation');
    expect(declined.continue_url).toBe(ready.continue_url);
    expect(declined.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'payment_failed', severity: 'recoverable' }));
    expect(declined.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'buyer_approval_required', severity: 'requires_buyer_review' }));
    expect(declined.order).toBeUndefined();
    expect(await charges()).toBe(before);
    expect(await soldOfStocked()).toBe(soldBefore);
    expect((await complete(handler, ready.id, 'success_token')).status).toBe('requires_escalation');
    expect(await charges()).toBe(before);
    await approve(handler, declined);
    const paid = await complete(handler, ready.id, 'success_token');
    expect(paid.status).toBe('completed');
    expect(await charges()).toBe(before + 1);
  });

  it('3ds_token: requires_escalation with requires_3ds and the continue_url; nothing charged', async () => {
    const ready = await readyCheckout(handler);
    await approve(handler, ready);
    const before = await charges();
    const challenged = await complete(handler, ready.id, '3ds_token');
    expect(challenged.status).toBe('requires_escalation');
    expect(challenged.continue_url).toBe(ready.continue_url);
    expect(challenged.messages).toContainEqual(expect.objectContaining({ code: 'requires_3ds', severity: 'requires_buyer_input' }));
    expect(await charges()).toBe(before);
    // Paying again needs the buyer back on the continue_url first (where 3-D Secure would run).
    const unauthenticated = await complete(handler, ready.id);
    expect(unauthenticated.status).toBe('requires_escalation');
    expect(codes(unauthenticated)).toContain('requires_3ds');
    expect(await charges()).toBe(before);
    // The page the buyer comes back to says why: their bank asks for the authentication.
    const page = await openApproval(handler, challenged.continue_url);
    expect(page.text).toContain('data-authentication="true">Votre banque demande que vous authentifiiez ce paiement (3-D Secure)');
    await approve(handler, challenged);
    expect((await openApproval(handler, challenged.continue_url)).text).not.toContain('data-authentication');
    expect((await complete(handler, ready.id)).status).toBe('completed');
    expect(await charges()).toBe(before + 1);
  });

  it('refuses other handlers, instrument types, tokens and ambiguous selections with invalid_payment', async () => {
    const ready = await readyCheckout(handler);
    await approve(handler, ready);
    const call = (instruments: unknown[]) => callTool(handler, 'complete_checkout', { id: ready.id, meta: { 'idempotency-key': uuid() }, checkout: { payment: { instruments } } });
    const card = payment().instruments[0];
    for (const instruments of [
      [{ ...card, handler_id: 'dev.ucp.mock_payment' }],
      [{ ...card, type: 'wallet' }],
      [{ ...card, credential: { type: 'token', token: 'tok_123' } }],
      [{ ...card, credential: undefined }],
      [{ ...card, selected: false }, { ...card, id: 'pi_2', selected: false }],
    ]) {
      const result = await call(instruments);
      expect(result.status, JSON.stringify(instruments)).toBe('ready_for_complete');
      expect(codes(result)).toContain('invalid_payment');
    }
    const missing = await callRaw(handler, 'complete_checkout', { id: ready.id, meta: { 'idempotency-key': uuid() }, checkout: {} });
    expect(missing.body.error).toMatchObject({ code: -32602 });
    expect(missing.body.error.message).toContain('checkout.payment');
  });

  it('requires an idempotency key (meta or Idempotency-Key header); a retry with the key never charges twice', async () => {
    const ready = await readyCheckout(handler);
    await approve(handler, ready);
    const noKey = await callRaw(handler, 'complete_checkout', { id: ready.id, checkout: { payment: payment() } });
    expect(noKey.body.error.message).toContain('meta.idempotency-key');
    const key = uuid();
    const viaHeader = await callRaw(handler, 'complete_checkout', { id: ready.id, checkout: { payment: payment() } }, { 'idempotency-key': key });
    expect(viaHeader.body.result.structuredContent.status).toBe('completed');
    const before = await charges();
    const retry = await complete(handler, ready.id, 'success_token', key);
    expect(retry).toEqual(viaHeader.body.result.structuredContent);
    expect(codes(retry)).toEqual([]);
    expect(await charges()).toBe(before);
  });

  it('concurrent completions of one checkout (same or different keys) make one order and one charge', async () => {
    const ready = await readyCheckout(handler);
    await approve(handler, ready);
    const before = await charges();
    const key = uuid();
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => callRaw(handler, 'complete_checkout', { id: ready.id, meta: { 'idempotency-key': key }, checkout: { payment: payment() } })),
      ...Array.from({ length: 10 }, () => callRaw(handler, 'complete_checkout', { id: ready.id, meta: { 'idempotency-key': uuid() }, checkout: { payment: payment() } })),
    ]);
    const orders = new Set(results.flatMap((r) => (r.body.result?.structuredContent.order ? [r.body.result.structuredContent.order.id] : [])));
    expect(orders.size).toBe(1);
    for (const r of results) {
      if (r.body.error) expect(r.body.error.data.code).toBe('idempotency_in_progress');
      else expect(['completed', 'complete_in_progress']).toContain(r.body.result.structuredContent.status);
    }
    expect(await charges()).toBe(before + 1);
    expect((await callTool(handler, 'get_checkout', { id: ready.id })).order.id).toBe([...orders][0]);
  });

  it('credentials are never echoed in results nor written to the database', async () => {
    const ready = await readyCheckout(handler);
    await approve(handler, ready);
    const results = [await complete(handler, ready.id, 'fail_token')];
    await approve(handler, ready);
    results.push(await complete(handler, ready.id, '3ds_token'));
    await approve(handler, ready);
    results.push(await complete(handler, ready.id, 'success_token'));
    expect(results.map((r) => r.status)).toEqual(['requires_escalation', 'requires_escalation', 'completed']);
    expect(codes(results[1])).toContain('requires_3ds');
    for (const result of results) expect(JSON.stringify(result)).not.toMatch(/success_token|fail_token|3ds_token|credential/);
    // No statement ever sent a credential or a token member, nor a token value (tok_123 was sent
    // above); messages stored with a response may name them in prose…
    expect(recorded.sent.some((v) => v.includes('"last_digits":"4242"')), 'documents written are recorded').toBe(true);
    for (const value of recorded.sent) expect(value).not.toMatch(/"(credential|token)"\s*:|tok_123/);
    // …and no table holds one now.
    const tables = (await database.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`)).rows.map((r) => r.name);
    expect(tables).toEqual(expect.arrayContaining(['checkouts', 'orders', 'charges', 'idempotency_records']));
    for (const table of tables) {
      const { rows } = await database.query(`SELECT * FROM ${table}`);
      expect(JSON.stringify(rows), table).not.toMatch(/\\?"(credential|token)\\?":|tok_123/);
    }
    const order = (await callTool(handler, 'get_checkout', { id: ready.id })).order;
    const { rows: [charge] } = await database.query<{ amount: number; display: unknown }>('SELECT amount, display FROM charges WHERE order_id = $1', [order.id]);
    expect(charge).toEqual({ amount: ready.totals.at(-1).amount, display: { brand: 'visa', last_digits: '4242' } });
  });
});
