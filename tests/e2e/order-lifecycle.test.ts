// End to end against `npm start`: an agent whose platform profile names an order webhook buys
// (the buyer approves with the code caught by maildev), the merchant ships with
// `npm run orders` (on the local database `netlify dev` serves), get_order shows the tracking,
// the buyer's shipment e-mail arrives in the mail catcher, and the platform's receiver gets the
// signed `shipped` event, verified with the key the store publishes in /.well-known/ucp (`keys`,
// the root profile being at UCP_VERSION, as the platform's profile is).
import { spawnSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifier, httpbis } from 'http-message-signatures';
import { CAPABILITIES, UCP_VERSION } from '../../src/ucp/version';
import { BASE, MAIL_WEB } from './base';
import { approvedCheckout, call, newBuyerEmail, waitForMail } from './shop-client';
import { ITEMS } from '../helpers/content';
import { expectUcpValid, validatorForResult } from '../helpers/ucp-schemas';

interface Hook { url: string; headers: IncomingHttpHeaders; body: string }

const hooks: Hook[] = [];
let platform = '';
let close: () => Promise<void>;

beforeAll(async () => {
  // The platform: its UCP profile (order capability with a webhook_url) and the webhook receiver.
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/agent.json') {
        const capabilities = Object.fromEntries(Object.keys(CAPABILITIES).map((name) => [name, [{
          version: UCP_VERSION, spec: 'https://ucp.dev/spec', schema: 'https://ucp.dev/schema.json',
          ...(name === 'dev.ucp.shopping.order' ? { config: { webhook_url: `${platform}/webhooks/orders` } } : {}),
        }]]));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ucp: { version: UCP_VERSION, services: {}, capabilities, payment_handlers: {} } }));
        return;
      }
      hooks.push({ url: `http://${req.headers.host}${req.url}`, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  platform = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
});
afterAll(() => close());

/** Verifies a webhook as the platform does: Content-Digest, then RFC 9421 with the store's published key. */
async function verified(hook: Hook, keys: Array<{ kid: string }>): Promise<boolean> {
  if (hook.headers['content-digest'] !== `sha-256=:${createHash('sha256').update(hook.body).digest('base64')}:`) return false;
  return (await httpbis.verifyMessage({
    keyLookup: async ({ keyid }) => {
      const jwk = keys.find((k) => k.kid === keyid);
      return jwk ? { id: jwk.kid, verify: createVerifier(createPublicKey({ key: { ...jwk }, format: 'jwk' }), 'ecdsa-p256-sha256') } : null;
    },
    requiredFields: ['@method', '@authority', '@path', 'content-digest', 'content-type', 'ucp-agent', 'webhook-id', 'webhook-timestamp'],
    requiredParams: ['created', 'keyid'],
    tolerance: 60,
  }, { method: 'POST', url: hook.url, headers: hook.headers as Record<string, string> })) === true;
}

async function waitFor<T>(what: string, find: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${what}: nothing within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('an order after payment, against npm start', () => {
  it('the merchant ships with npm run orders; get_order, the buyer\'s mail and the signed webhook tell it', async () => {
    const meta = { 'ucp-agent': { profile: `${platform}/agent.json` } };
    const email = newBuyerEmail();
    const checkoutId = await approvedCheckout({ base: BASE, mailWeb: MAIL_WEB }, ITEMS.small.variant.id, { quantity: 2, meta, email });
    const done = await call(BASE, 'complete_checkout', { meta: { ...meta, 'idempotency-key': crypto.randomUUID() }, id: checkoutId, checkout: { payment: { instruments: [{ id: 'pi_1', handler_id: 'sandbox_card', type: 'card', selected: true, credential: { type: 'token', token: 'success_token' } }] } } });
    expect(done.result.status, JSON.stringify(done.result.messages)).toBe('completed');
    const { id, label } = done.result.order;

    const tracking = `6A${Date.now()}`;
    const trackingUrl = `https://www.laposte.fr/outils/suivre-vos-envois?code=${tracking}`;
    const shipped = spawnSync('npm', ['run', '--silent', 'orders', '--', 'ship', label, '--carrier', 'Colissimo', '--tracking-number', tracking, '--tracking-url', trackingUrl], { encoding: 'utf8' });
    expect(shipped.status, shipped.stderr).toBe(0);
    expect(shipped.stdout).toContain(`${label} shipped 2 × li_${ITEMS.small.variant.id} with Colissimo ${tracking} (status shipped); buyer e-mail and platform webhook queued`);
    const listed = spawnSync('npm', ['run', '--silent', 'orders', '--', 'list', '--json', '--status', 'shipped'], { encoding: 'utf8' });
    expect(JSON.parse(listed.stdout).map((o: { id: string }) => o.id)).toContain(id);

    const order = await call(BASE, 'get_order', { meta, id });
    expect(order.result.line_items[0]).toMatchObject({ id: `li_${ITEMS.small.variant.id}`, quantity: { original: 2, total: 2, fulfilled: 2 }, status: 'fulfilled' });
    expect(order.result.fulfillment.events.at(-1)).toMatchObject({ type: 'shipped', carrier: 'Colissimo', tracking_number: tracking, tracking_url: trackingUrl });

    const mail = await waitForMail(MAIL_WEB, email, new RegExp(`^Votre commande ${label} est en route`), 60_000);
    expect(mail.text).toContain(tracking);
    expect(mail.html).toContain(`href="${trackingUrl.replace(/&/g, '&amp;')}"`);

    // The root profile is at the current version, which publishes its keys as `keys` (a JWK Set).
    const profile = await (await fetch(`${BASE}/.well-known/ucp`)).json();
    expect(profile.ucp.version).toBe(UCP_VERSION);
    expect(profile.keys, 'the root profile\'s keys').toEqual(expect.arrayContaining([expect.objectContaining({ kid: expect.any(String) })]));
    const hook = await waitFor('the shipped webhook', () => hooks.find((h) => {
      const body = JSON.parse(h.body);
      return body.id === id && body.fulfillment.events.find((e: { id: string }) => e.id === body.event_id)?.type === 'shipped' ? h : undefined;
    }));
    expect(await verified(hook, profile.keys)).toBe(true);
    expect(hook.headers['ucp-agent']).toBe(`profile="${BASE}/.well-known/ucp"`);
    const body = JSON.parse(hook.body);
    // The order was placed by a platform at UCP_VERSION: its webhooks speak that version.
    expect(body.ucp.version).toBe(UCP_VERSION);
    expectUcpValid(validatorForResult('get_order', body), body, 'the shipped webhook\'s order');
    expect(body.fulfillment.events.at(-1)).toMatchObject({ tracking_number: tracking, tracking_url: trackingUrl });
  });
});
