// The official MCP SDK client completes the standard purchase flow of docs/spec.md against the
// running store (npm start), with the buyer's approval given in a real browser on the store's
// approval page: the buyer asks for the one-time code, reads it in the mail the store sent
// (caught by maildev), types it and orders; the order confirmation then arrives by mail.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser } from 'playwright-core';
import { launchChromium, ARTIFACTS } from '../helpers/browser';
import { BASE, MAIL_WEB } from './base';
import { codeOf, newBuyerEmail, waitForMail } from './shop-client';

let client: Client;
let browser: Browser;

beforeAll(async () => {
  client = new Client({ name: 'e2e-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${BASE}/api/ucp/mcp`)));
  browser = await launchChromium();
});
afterAll(async () => {
  await client?.close();
  await browser?.close();
});

async function tool(name: string, args: Record<string, unknown>): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent;
}

describe('standard purchase flow with the MCP SDK client', () => {
  it('tools/list → search_catalog → create_cart → create_checkout → update_checkout → approval in chromium → complete_checkout → get_order', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['search_catalog', 'create_cart', 'create_checkout', 'update_checkout', 'complete_checkout', 'get_order']));

    const context = { address_country: 'DE', currency: 'EUR', language: 'de' };
    const found = await tool('search_catalog', { catalog: { query: 'Luftpumpe', context, pagination: { limit: 5 } } });
    const variant = found.products.flatMap((p: any) => p.variants).find((v: any) => v.availability?.available);
    expect(variant, 'an available variant').toBeDefined();

    const cart = await tool('create_cart', { cart: { line_items: [{ item: { id: variant.id }, quantity: 2 }], context } });
    expect(cart.line_items[0].item.price).toBe(variant.price.amount);

    const checkout = await tool('create_checkout', { checkout: { cart_id: cart.id, line_items: [], context } });
    const email = newBuyerEmail();
    expect(checkout.status).toBe('incomplete');
    const destination = { first_name: 'Jonas', last_name: 'Becker', street_address: 'Hauptstraße 5', postal_code: '10115', address_locality: 'Berlin', address_country: 'DE' };
    const withAddress = await tool('update_checkout', { id: checkout.id, checkout: { line_items: checkout.line_items, buyer: { email }, context, fulfillment: { methods: [{ type: 'shipping', destinations: [destination] }] } } });
    const group = withAddress.fulfillment.methods[0].groups[0];
    const option = group.options[0];
    const ready = await tool('update_checkout', {
      id: checkout.id,
      checkout: {
        line_items: withAddress.line_items, buyer: { email }, context,
        fulfillment: { methods: [{ id: withAddress.fulfillment.methods[0].id, type: 'shipping', line_item_ids: withAddress.line_items.map((l: any) => l.id), selected_destination_id: withAddress.fulfillment.methods[0].destinations[0].id, groups: [{ id: group.id, selected_option_id: option.id }] }] },
      },
    });
    const total = ready.totals.find((t: any) => t.type === 'total');
    expect(ready.totals.filter((t: any) => t.type !== 'total').reduce((s: number, t: any) => s + t.amount, 0)).toBe(total.amount);

    const payment = { instruments: [{ id: 'pi_e2e', handler_id: 'sandbox_card', type: 'card', selected: true, credential: { type: 'token', token: 'success_token' } }] };
    const refused = await tool('complete_checkout', { id: checkout.id, meta: { 'idempotency-key': crypto.randomUUID() }, checkout: { payment } });
    expect(refused.status).toBe('requires_escalation');
    expect(refused.messages.some((m: any) => m.severity === 'requires_buyer_review')).toBe(true);
    expect(refused.continue_url.startsWith(`${BASE}/`)).toBe(true);

    const page = await browser.newPage({ locale: 'de-DE' });
    const response = await page.goto(refused.continue_url);
    expect(response?.status()).toBe(200);
    const shownTotal = await page.locator('tfoot tr.total [data-amount]').first().getAttribute('data-amount');
    expect(Number(shownTotal)).toBe(total.amount);
    expect(await page.locator('button.order-button').count(), 'no order button before the code').toBe(0);
    await Promise.all([page.waitForURL(/checkout\/approve/), page.locator('button.primary-button').click()]);
    const codeMail = await waitForMail(MAIL_WEB, email, /\d{6}/);
    expect(codeMail.subject).toContain('Bestätigungscode');
    await page.locator('input#code').fill(codeOf(codeMail));
    const button = page.locator('button.order-button');
    expect((await button.textContent())!).toContain('Zahlungspflichtig bestellen');
    await page.screenshot({ path: `${ARTIFACTS}/e2e-approval-de.png`, fullPage: true });
    await Promise.all([page.waitForLoadState('load'), button.click()]);
    await page.waitForSelector('[data-approved="true"]', { timeout: 15_000 });
    await page.close();

    const key = crypto.randomUUID();
    const done = await tool('complete_checkout', { id: checkout.id, meta: { 'idempotency-key': key }, checkout: { payment } });
    expect(done.status).toBe('completed');
    const replay = await tool('complete_checkout', { id: checkout.id, meta: { 'idempotency-key': key }, checkout: { payment } });
    expect(replay.order.id).toBe(done.order.id);

    const order = await tool('get_order', { id: done.order.id });
    expect(order.id).toBe(done.order.id);
    expect(order.line_items[0].quantity.total).toBe(2);
    expect(order.totals.find((t: any) => t.type === 'total').amount).toBe(total.amount);
    const statusPage = await fetch(done.order.permalink_url);
    expect(statusPage.status).toBe(200);
    // The confirmation leaves through the outbox (the sweep npm start runs every 10 s).
    const confirmation = await waitForMail(MAIL_WEB, email, new RegExp(done.order.label), 60_000);
    expect(confirmation.text).toContain(done.order.permalink_url);
  });
});
