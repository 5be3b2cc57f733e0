// Platforms are told, signed (UCP order capability "Events"): when the platform's profile names
// an order webhook, every order event (created, shipped, delivered, canceled, refunded) is POSTed
// with the full order (valid against the UCP order schema), signed with RFC 9421 HTTP Message
// Signatures (ES256) over the target, Content-Digest, UCP-Agent, Webhook-Id and Webhook-Timestamp;
// the public key is the profile's `signing_keys`. A receiver verifies every request with an
// independent RFC 9421 library (`http-message-signatures`) and refuses the first attempt of each
// event: it is retried from the outbox with backoff, with the same Webhook-Id. Delivery never
// runs in the merchant's command; webhook URLs follow the SSRF rules of profile fetches.
import { createHash, createPublicKey, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifier, httpbis } from 'http-message-signatures';
import { businessProfile } from '../src/ucp/profile';
import { CAPABILITIES, UCP_VERSION } from '../src/ucp/version';
import { generateSigningKey, parseSigningKey } from '../src/ucp/webhooks/keys';
import { webhookHandler } from '../src/ucp/webhooks/order-webhooks';
import { listMessages } from '../src/state/outbox';
import { createUrlSecrets } from '../src/checkout/secrets';
import { catalog, checkoutHandler, line, testClock } from './helpers/checkout';
import { ITEMS } from './helpers/content';
import { platformProfile, profileServer } from './helpers/ucp';
import { ordersCli, paidOrder } from './helpers/orders';
import { testDb } from './helpers/db';
import { expectUcpValid, ucpValidators } from './helpers/ucp-schemas';

/** A one-line order buys one small parcel (tests/helpers/content.ts). */
const SMALL = ITEMS.small.variant.id;

interface Received { url: string; headers: IncomingHttpHeaders; body: string; answered: number }

const key = parseSigningKey(generateSigningKey());
const published = businessProfile(catalog.store, [key.publicJwk]);
const received: Received[] = [];
const attempts = new Map<string, number>();
let hookUrl = '';
let close: () => Promise<void>;
let profiles: Awaited<ReturnType<typeof profileServer>>;

/** Verifies one request as a platform would: Content-Digest over the raw bytes, then the RFC 9421 signature with the key of the business profile. */
async function verify(request: Received, headers: Record<string, string> = request.headers as Record<string, string>): Promise<boolean> {
  const digest = `sha-256=:${createHash('sha256').update(request.body).digest('base64')}:`;
  if (headers['content-digest'] !== digest) return false;
  return (await httpbis.verifyMessage({
    keyLookup: async ({ keyid }) => {
      const jwk = published.signing_keys?.find((k) => k.kid === keyid);
      return jwk ? { id: jwk.kid, verify: createVerifier(createPublicKey({ key: { ...jwk }, format: 'jwk' }), 'ecdsa-p256-sha256') } : null;
    },
    requiredFields: ['@method', '@authority', '@path', 'content-digest', 'content-type', 'ucp-agent', 'webhook-id', 'webhook-timestamp'],
    requiredParams: ['created', 'keyid'],
    // The test's clock runs ahead of the receiver's by the backoff it skipped.
    tolerance: 300,
  }, { method: 'POST', url: request.url, headers })) === true;
}

beforeAll(async () => {
  // The platform's receiver: answers 503 to the first attempt of every Webhook-Id, 200 afterwards.
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      const n = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, n);
      const answered = n === 1 ? 503 : 200;
      received.push({ url: `http://${req.headers.host}${req.url}`, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      res.writeHead(answered, { 'content-type': 'application/json' }).end(JSON.stringify({ ucp: { version: UCP_VERSION } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/ucp/orders?shop=pp`;
  close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  const profile = platformProfile(UCP_VERSION, Object.fromEntries(Object.keys(CAPABILITIES).map((c) => [c, [UCP_VERSION]])));
  (profile.ucp.capabilities['dev.ucp.shopping.order'][0] as Record<string, unknown>).config = { webhook_url: hookUrl };
  profiles = await profileServer({ '/agent.json': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(profile)) });
});
afterAll(async () => {
  await close();
  await profiles.close();
});

describe('order webhooks', () => {
  it('every event reaches the platform signed, after a refused first attempt, with the same Webhook-Id', async () => {
    expectUcpValid(ucpValidators.business_profile, published, 'business profile with signing_keys');
    expect(published.signing_keys).toEqual([{ kid: key.kid, kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), use: 'sig', alg: 'ES256' }]);
    const clock = testClock(Date.now());
    const db = testDb();
    const { handler, ucp } = checkoutHandler({ db, signingKey: key, now: clock.now });
    const send = () => ucp.deliverOutbox({ origin: 'http://localhost:8888' });
    const meta = { 'ucp-agent': { profile: `${profiles.url}/agent.json` } };
    const a = await paidOrder(handler, undefined, { meta });
    const b = await paidOrder(handler, [line(SMALL)], { meta });
    await ordersCli(db, ['ship', a.label, '--carrier', 'DHL', '--tracking-number', 'JJD1', '--tracking-url', 'https://www.dhl.de/track?c=JJD1'], clock.now);
    await ordersCli(db, ['deliver', a.label], clock.now);
    await ordersCli(db, ['refund', a.label, '--amount', '300', '--reason', 'late'], clock.now);
    await ordersCli(db, ['cancel', b.label], clock.now);
    expect(received, 'nothing is sent by the purchase or the merchant\'s commands').toEqual([]);

    await send();
    expect(received.map((r) => r.answered)).toEqual([503, 503, 503, 503, 503, 503]);
    const waiting = await listMessages(db, 'webhook');
    expect(waiting.every((m) => !m.delivered_at && m.attempts === 1 && m.last_error === 'the platform answered HTTP 503')).toBe(true);
    // The merchant sees what waits, and why, without the payloads.
    const outbox = await ordersCli(db, ['outbox', '--json'], clock.now);
    expect(outbox.code, outbox.err).toBe(0);
    const hooks = JSON.parse(outbox.out).filter((m: { message: string }) => m.message.startsWith('webhook '));
    expect(hooks.map((m: { message: string; about: string }) => `${m.about} ${m.message}`).sort()).toEqual(
      [`${a.orderId} webhook created`, `${a.orderId} webhook shipped`, `${a.orderId} webhook delivered`, `${a.orderId} webhook refunded`, `${b.orderId} webhook created`, `${b.orderId} webhook canceled`].sort());
    for (const m of hooks) expect(m).toMatchObject({ attempts: 1, last_error: 'the platform answered HTTP 503', next_attempt_at: new Date(clock.now() + 30_000).toISOString() });
    expect(outbox.out).not.toContain('"payload"');
    const table = (await ordersCli(db, ['outbox'], clock.now)).out.split('\n');
    expect(table[0]).toMatch(/^id\s+message\s+about\s+queued \(UTC\)\s+attempts\s+next \(UTC\)\s+last error$/);
    expect(table.filter((l) => /webhook \w+\s+ord_[\w-]+\s.*\s1\s.*the platform answered HTTP 503$/.test(l))).toHaveLength(6);
    await send();
    expect(received, 'not retried before the backoff').toHaveLength(6);
    clock.advance(31);
    await send();
    expect(received.map((r) => r.answered)).toEqual([...Array(6).fill(503), ...Array(6).fill(200)]);
    expect((await listMessages(db, 'webhook')).every((m) => m.delivered_at && m.attempts === 2)).toBe(true);
    expect(JSON.parse((await ordersCli(db, ['outbox', '--json'], clock.now)).out).filter((m: { message: string }) => m.message.startsWith('webhook '))).toEqual([]);

    const seen: string[] = [];
    for (const request of received) {
      expect(await verify(request), `signature of ${request.headers['webhook-id']}`).toBe(true);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['ucp-agent']).toBe('profile="http://localhost:8888/.well-known/ucp"');
      expect(request.headers['webhook-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(request.headers['signature-input']).toMatch(new RegExp(`^sig1=\\("@method" "@authority" "@path" "@query" "content-digest" "content-type" "ucp-agent" "webhook-id" "webhook-timestamp"\\);created=\\d+;keyid="${key.kid}"$`));
      const order = JSON.parse(request.body);
      expectUcpValid(ucpValidators.order, order, 'webhook body');
      const happened = [...order.fulfillment.events, ...(order.adjustments ?? [])].find((e: { id: string }) => e.id === order.event_id);
      expect(Number(request.headers['webhook-timestamp'])).toBe(Math.floor(Date.parse(happened.occurred_at) / 1000));
      expect(order.created_time).toBe(new Date(Number(request.headers['webhook-timestamp']) * 1000).toISOString());
      if (request.answered === 200) seen.push(`${order.label} ${happened.type}`);
    }
    expect(seen.sort()).toEqual([`${a.label} delivered`, `${a.label} processing`, `${a.label} refund`, `${a.label} shipped`, `${b.label} cancellation`, `${b.label} processing`].sort());
    // The same Webhook-Id and timestamp on the retry of each event.
    for (const [id, n] of attempts) {
      expect(n).toBe(2);
      const both = received.filter((r) => r.headers['webhook-id'] === id);
      expect(new Set(both.map((r) => r.headers['webhook-timestamp'])).size).toBe(1);
    }
    const shipped = JSON.parse(received.find((r) => r.answered === 200 && JSON.parse(r.body).event_id === 'evt_2' && JSON.parse(r.body).label === a.label)!.body);
    expect(shipped.fulfillment.events[1]).toMatchObject({ type: 'shipped', carrier: 'DHL', tracking_number: 'JJD1', tracking_url: 'https://www.dhl.de/track?c=JJD1' });

    // The verifier is not vacuous: a changed header or body fails.
    const one = received[0];
    expect(await verify(one, { ...(one.headers as Record<string, string>), 'webhook-id': randomUUID() })).toBe(false);
    expect(await verify({ ...one, body: one.body.replace('"EUR"', '"USD"') })).toBe(false);
  });

  it('a platform without an order webhook gets none; without a signing key, webhooks wait in the outbox', async () => {
    const db = testDb();
    const { handler, ucp } = checkoutHandler({ db, signingKey: null });
    await paidOrder(handler, [line(SMALL)]);
    expect(await listMessages(db, 'webhook')).toEqual([]);
    const meta = { 'ucp-agent': { profile: `${profiles.url}/agent.json` } };
    await paidOrder(handler, [line(SMALL)], { meta });
    const before = received.length;
    await ucp.deliverOutbox();
    expect(received).toHaveLength(before);
    expect(await listMessages(db, 'webhook')).toEqual([expect.objectContaining({ attempts: 1, last_error: 'UCP_SIGNING_KEY is not set: the webhook stays in the outbox' })]);
  });

  it('webhook URLs follow the SSRF rules of profile fetches: https only, no local or private host', async () => {
    const db = testDb();
    const handlerOf = (allowInsecure: boolean) => webhookHandler({ db, secrets: createUrlSecrets(db), baseUrl: catalog.store.base_url, signingKey: key, allowInsecure, now: Date.now });
    const message = (url: string) => ({ id: 1, kind: 'webhook', dedupe_key: 'x', attempts: 1, created_at: new Date().toISOString(), payload: { order_id: 'ord_x', url, event: 'created', event_id: 'evt_1', webhook_id: randomUUID(), timestamp: 0 } });
    // The order is read first: an unknown one fails before any network access.
    await expect(handlerOf(false)(message(hookUrl))).rejects.toThrow('order ord_x not found');
    const { handler } = checkoutHandler({ db });
    const { orderId } = await paidOrder(handler, [line(SMALL)]);
    for (const [url, reason] of [[hookUrl, /webhook URLs must use https/], ['https://127.0.0.1:9/hook', /webhook host 127\.0\.0\.1 is a local or private address/],
      ['https://localhost/hook', /local or private/], ['https://[::1]/hook', /local or private/], ['https://user:pw@platform.example/hook', /must not carry credentials/]] as const) {
      const m = message(url);
      (m.payload as { order_id: string }).order_id = orderId;
      await expect(handlerOf(false)(m), url).rejects.toThrow(reason);
    }
  });
});

describe('the signing key', () => {
  it('is read from a private JWK or a PEM; anything else is refused with the reason', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { signingKeyFromEnv } = await import('../src/ucp/webhooks/keys');
    const jwk = JSON.parse(generateSigningKey());
    expect(parseSigningKey(JSON.stringify(jwk)).kid).toBe(jwk.kid);
    expect(parseSigningKey(JSON.stringify({ ...jwk, kid: undefined }), 'shop-2026').kid).toBe('shop-2026');
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const fromPem = signingKeyFromEnv({ UCP_SIGNING_KEY: pem.replace(/\n/g, '\\n'), UCP_SIGNING_KEY_ID: 'pem-key' })!;
    expect(fromPem.publicJwk).toMatchObject({ kid: 'pem-key', kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(signingKeyFromEnv({})).toBeNull();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => parseSigningKey(rsa)).toThrow('UCP_SIGNING_KEY must be an EC P-256 key');
    expect(() => parseSigningKey('{"kty":"EC"}')).toThrow(/UCP_SIGNING_KEY is not a private key/);
  });
});
