/**
 * Driving the checkout flow in-process: a handler whose buyer URLs use the request's
 * origin (as under `netlify dev` and in tests), a checkout made ready step by step through the
 * tools, the buyer's approval through the real approval page (GET, the code mailed over SMTP
 * to the test's mailbox, the form's POST with it), and
 * payment with the sandbox tokens. Every tool result goes through `callTool`, which validates
 * it against the official UCP schemas.
 */
import { expect } from 'vitest';
import { callRaw, callTool, catalog, type Handler, ucpHandler } from './ucp';
import { ITEMS, findVariant, published } from './content';
import { codeIn, mailbox } from './mail';

export { findVariant, published };
export const ORIGIN = 'http://localhost:8888';

/** A clock tests can move. */
export function testClock(start = Date.parse('2026-11-20T10:00:00Z')) {
  let t = start;
  return { now: () => t, advance: (seconds: number) => (t += seconds * 1000) };
}

/** A storefront handler with the UCP service (a new database by default, buyer URLs on the request origin). */
export function checkoutHandler(options: Parameters<typeof ucpHandler>[0] = {}) {
  return ucpHandler({ useRequestOrigin: true, ...options });
}

export const ADDRESS = {
  FR: { first_name: 'Camille', last_name: 'Martin', street_address: '12 rue des Mariniers', postal_code: '69007', address_locality: 'Lyon', address_country: 'FR' },
  DE: { first_name: 'Jonas', last_name: 'Weber', street_address: 'Hauptstraße 5', postal_code: '10115', address_locality: 'Berlin', address_country: 'DE' },
  CH: { first_name: 'Lea', last_name: 'Meier', street_address: 'Bahnhofstrasse 1', postal_code: '8001', address_locality: 'Zürich', address_country: 'CH' },
  US: { first_name: 'Sam', last_name: 'Lee', street_address: '1 Main St', postal_code: '94043', address_locality: 'Mountain View', address_region: 'CA', address_country: 'US' },
  REUNION: { first_name: 'Noé', last_name: 'Payet', street_address: '3 rue de Paris', postal_code: '97400', address_locality: 'Saint-Denis', address_country: 'FR' },
} as const;

export const line = (id: number | string, quantity = 1) => ({ item: { id: String(id) }, quantity });
export const uuid = () => crypto.randomUUID();

/** `fulfillment` of an update: the address and, optionally, the option. */
export function shipTo(address: Record<string, string> | undefined, optionId?: string | null) {
  return { methods: [{ type: 'shipping', ...(address ? { destinations: [address] } : {}), ...(optionId !== undefined ? { groups: [{ selected_option_id: optionId }] } : {}) }] };
}

/**
 * The whole of a checkout answer as an update_checkout payload: UCP's update is a full
 * replacement (what a payload leaves out is cleared), so an update sends this with the part that
 * changes overridden (`{...stateOf(checkout), line_items: [...]}`). Lines (with their ids), buyer,
 * context, the shipping method with its destination (by its address and id) and selected option,
 * the named instrument.
 */
export function stateOf(checkout: any): Record<string, any> {
  const method = checkout.fulfillment?.methods?.[0];
  const group = method?.groups?.[0];
  const destination = method?.destinations?.find((d: { id: string }) => d.id === method.selected_destination_id) ?? method?.destinations?.[0];
  const fulfillment = method && {
    methods: [{
      id: method.id, type: method.type, line_item_ids: method.line_item_ids,
      ...(destination ? { destinations: [destination], selected_destination_id: destination.id } : {}),
      ...(group ? { groups: [{ id: group.id, selected_option_id: group.selected_option_id ?? null }] } : {}),
    }],
  };
  return {
    line_items: checkout.line_items.map((li: any) => ({ id: li.id, item: { id: li.item.id }, quantity: li.quantity })),
    ...(checkout.buyer ? { buyer: checkout.buyer } : {}),
    ...(checkout.context ? { context: checkout.context } : {}),
    ...(fulfillment ? { fulfillment } : {}),
    ...(checkout.payment?.instruments?.length ? { payment: { instruments: checkout.payment.instruments } } : {}),
  };
}

/** update_checkout sending the whole of `checkout` with `changes` overriding its parts (a full replacement, as UCP defines it). */
export function updateWith(handler: Handler, checkout: any, changes: Record<string, unknown> = {}, meta?: Record<string, unknown>): Promise<any> {
  return callTool(handler, 'update_checkout', { ...(meta ? { meta } : {}), id: checkout.id, checkout: { ...stateOf(checkout), ...changes } });
}

/** Payment of complete_checkout with a sandbox token. */
export function payment(token = 'success_token', extra: Record<string, unknown> = {}) {
  return { instruments: [{ id: 'pi_1', handler_id: 'sandbox_card', type: 'card', selected: true, display: { brand: 'visa', last_digits: '4242' }, credential: { type: 'token', token }, ...extra }] };
}

let buyers = 0;
/** A buyer address of its own (`camille+<n>@example.org`): the approval-code limits count sends per address. */
export const buyerEmail = () => `camille+${++buyers}@example.org`;

/**
 * A checkout waiting for the buyer's approval (status requires_escalation), each update sending
 * the whole checkout (UCP's full replacement): line items (default:
 * one unit of tests/helpers/content.ts `ITEMS.stocked`), buyer email (a new one per checkout
 * unless given), address and the cheapest shipping option (or `option`).
 */
export async function readyCheckout(handler: Handler, lines = [line(ITEMS.stocked.variant.id)], opts: { address?: Record<string, string>; option?: string; language?: string; email?: string; meta?: Record<string, unknown> } = {}): Promise<any> {
  const meta = opts.meta ? { meta: opts.meta } : {};
  const created = await callTool(handler, 'create_checkout', { ...meta, checkout: { line_items: lines, context: { language: opts.language ?? 'fr' } } });
  expect(created.status).toBe('incomplete');
  // Each update sends the whole checkout (a full replacement): the lines and context again, then the buyer and address again with the option.
  const addressed = await callTool(handler, 'update_checkout', { ...meta, id: created.id, checkout: { ...stateOf(created), buyer: { email: opts.email ?? buyerEmail() }, fulfillment: shipTo(opts.address ?? ADDRESS.FR) } });
  const options = addressed.fulfillment.methods[0].groups[0].options;
  expect(options.length, JSON.stringify(addressed.messages)).toBeGreaterThan(0);
  const option = opts.option ?? options[0].id;
  const ready = await callTool(handler, 'update_checkout', { ...meta, id: created.id, checkout: { ...stateOf(addressed), fulfillment: shipTo(opts.address ?? ADDRESS.FR, option) } });
  expect(ready.status, JSON.stringify(ready.messages)).toBe('requires_escalation');
  return ready;
}

/** GETs the approval page of a continue_url; returns its hidden fields. */
export async function openApproval(handler: Handler, continueUrl: string) {
  const res = await handler(new Request(continueUrl));
  const text = await res.text();
  const terms = /name="terms" value="([^"]+)"/.exec(text)?.[1];
  const secret = /name="s" value="([^"]+)"/.exec(text)?.[1];
  return { status: res.status, headers: res.headers, text, terms, secret };
}

/** POSTs an approval page form (as a browser on the same origin would). */
export async function postApproval(handler: Handler, continueUrl: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  const url = new URL(continueUrl);
  const res = await handler(new Request(`${url.origin}${url.pathname}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin, ...headers }, body: new URLSearchParams(form).toString(), redirect: 'manual',
  }));
  return { status: res.status, location: res.headers.get('location'), headers: res.headers, text: await res.text() };
}

/**
 * Asks the approval page for a one-time code and reads it from the mail the buyer receives.
 * @returns the page's fields and the code
 */
export async function requestCode(handler: Handler, checkout: { continue_url: string; buyer?: { email?: string } }, to = checkout.buyer!.email!) {
  const page = await openApproval(handler, checkout.continue_url);
  expect(page.status).toBe(200);
  expect(page.terms, 'the page has a form carrying the terms hash').toMatch(/^[0-9a-f]{64}$/);
  const box = await mailbox();
  const before = box.messages.length;
  const sent = await postApproval(handler, checkout.continue_url, { s: page.secret!, terms: page.terms!, action: 'send' });
  expect(sent.status, sent.text.slice(0, 300)).toBe(303);
  const mail = await box.next(to, before);
  return { ...page, code: codeIn(mail), mail };
}

/** Opens the continue_url, has the code mailed, types it: the buyer's approval. Expects the 303 back to the page. */
export async function approve(handler: Handler, checkout: { continue_url: string; buyer?: { email?: string } }) {
  const page = await requestCode(handler, checkout);
  const posted = await postApproval(handler, checkout.continue_url, { s: page.secret!, terms: page.terms!, action: 'confirm', code: page.code });
  expect(posted.status, posted.text.slice(0, 300)).toBe(303);
  return page;
}

/** complete_checkout with a sandbox token and a fresh (or given) idempotency key; returns the UCP result. */
export function complete(handler: Handler, id: string, token = 'success_token', key: string = uuid(), meta: Record<string, unknown> = {}) {
  return callTool(handler, 'complete_checkout', { meta: { 'idempotency-key': key, ...meta }, id, checkout: { payment: payment(token) } });
}

export { callRaw, callTool, catalog };
