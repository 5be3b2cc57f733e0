// Platforms are told, signed (UCP order capability "Events"): when the platform's profile names
// an order webhook, every order event (created, shipped, delivered, canceled, refunded) is POSTed
// with the full order (valid against the UCP order schema), signed with RFC 9421 HTTP Message
// Signatures (ES256) over the target, Content-Digest, UCP-Agent, Webhook-Id and Webhook-Timestamp;
// the public key is looked up by `keyid` as the platform's version reads it (docs/agent-commerce.md "Signing keys"): a
// 2026-08-25 verifier in the root profile's `keys`, a 2026-04-08 verifier in the `signing_keys` of
// the 2026-04-08 profile the root lists in `supported_versions`. An order is rendered at the version
// its platform negotiated when it placed it. A receiver verifies every request with an
// independent RFC 9421 library (`http-message-signatures`) and refuses the first attempt of each
// event: it is retried from the outbox with backoff, with the same Webhook-Id. Delivery never
// runs in the merchant's command; webhook URLs follow the SSRF rules of profile fetches.
import { createHash, createPublicKey, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifier, httpbis } from 'http-message-signatures';
import { businessProfile } from '../src/ucp/profile';
import { CAPABILITIES, OLDER_VERSIONS, UCP_VERSION, UCP_VERSIONS, type UcpVersion, versionProfilePath } from '../src/ucp/version';
import { generateSigningKey, parseSigningKey } from '../src/ucp/webhooks/keys';
import { webhookHandler } from '../src/ucp/webhooks/order-webhooks';
import { listMessages } from '../src/state/outbox';
import { createUrlSecrets } from '../src/checkout/secrets';
import { catalog, checkoutHandler, line, testClock } from './helpers/checkout';
import { ITEMS } from './helpers/content';
import { platformProfile, profileServer } from './helpers/ucp';
import { ordersCli, paidOrder } from './helpers/orders';
import { testDb } from './helpers/db';
import { expectUcpValid, ucpValidatorsFor } from './helpers/ucp-schemas';

/** A one-line order buys one small parcel (tests/helpers/content.ts). */
const SMALL = ITEMS.small.variant.id;

interface Received { url: string; headers: IncomingHttpHeaders; body: string; answered: number }

const key = parseSigningKey(generateSigningKey());
/** The root profile (/.well-known/ucp, the current version) and the leaf of each older version, by path, as the store publishes them. */
const published = businessProfile(catalog.store, [key.publicJwk]);
const leaves = new Map(OLDER_VERSIONS.map((v) => [new URL(published.ucp.supported_versions![v]).pathname, businessProfile(catalog.store, [key.publicJwk], v)]));

/**
 * The business profile a verifier at `version` reads: the root when it is at that version, else
 * the profile the root lists for it in `supported_versions` (UCP "Version Selection").
 */
function profileAt(version: UcpVersion) {
  if (published.ucp.version === version) return published;
  const url = published.ucp.supported_versions?.[version];
  return url ? leaves.get(new URL(url).pathname) : undefined;
}

/** The public keys a verifier at `version` reads: `keys` from 2026-08-25, `signing_keys` at 2026-04-08. */
const keysAt = (version: UcpVersion) => (version === '2026-04-08' ? profileAt(version)?.signing_keys : profileAt(version)?.keys) ?? [];

/** A platform's webhook receiver: answers 503 to the first attempt of every Webhook-Id, 200 afterwards. */
interface Receiver { url: string; received: Received[]; attempts: Map<string, number>; close: () => Promise<void> }
async function receiver(): Promise<Receiver> {
  const received: Received[] = [];
  const attempts = new Map<string, number>();
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
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/ucp/orders?shop=pp`, received, attempts,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** One receiver and one platform profile (`/agent-<version>.json`, naming that receiver) per version. */
const receivers = new Map<UcpVersion, Receiver>();
let profiles: Awaited<ReturnType<typeof profileServer>>;
const agentPath = (version: UcpVersion) => `/agent-${version}.json`;
/** The current version's receiver (tests that do not depend on the version). */
const current = () => receivers.get(UCP_VERSION)!;

/**
 * Verifies one request as a platform at `version` would: Content-Digest over the raw bytes, then
 * the RFC 9421 signature with the key found by `keyid` where that version's verifiers look.
 */
async function verify(version: UcpVersion, request: Received, headers: Record<string, string> = request.headers as Record<string, string>): Promise<boolean> {
  const digest = `sha-256=:${createHash('sha256').update(request.body).digest('base64')}:`;
  if (headers['content-digest'] !== digest) return false;
  return (await httpbis.verifyMessage({
    keyLookup: async ({ keyid }) => {
      const jwk = keysAt(version).find((k) => k.kid === keyid);
      return jwk ? { id: jwk.kid, verify: createVerifier(createPublicKey({ key: { ...jwk }, format: 'jwk' }), 'ecdsa-p256-sha256') } : null;
    },
    requiredFields: ['@method', '@authority', '@path', 'content-digest', 'content-type', 'ucp-agent', 'webhook-id', 'webhook-timestamp'],
    requiredParams: ['created', 'keyid'],
    // The test's clock runs ahead of the receiver's by the backoff it skipped.
    tolerance: 300,
  }, { method: 'POST', url: request.url, headers })) === true;
}

beforeAll(async () => {
  const routes: Parameters<typeof profileServer>[0] = {};
  for (const version of UCP_VERSIONS) {
    const hook = await receiver();
    receivers.set(version, hook);
    const profile = platformProfile(version, Object.fromEntries(Object.keys(CAPABILITIES).map((c) => [c, [version]])));
    (profile.ucp.capabilities['dev.ucp.shopping.order'][0] as Record<string, unknown>).config = { webhook_url: hook.url };
    routes[agentPath(version)] = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(profile));
  }
  profiles = await profileServer(routes);
});
afterAll(async () => {
  await Promise.all([...receivers.values()].map((r) => r.close()));
  await profiles.close();
});

describe('where each version\'s verifier finds the key', () => {
  const jwk = { kid: key.kid, kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), use: 'sig', alg: 'ES256' };

  it('2026-08-25: `keys` of the root profile (which has no `signing_keys`)', () => {
    expectUcpValid(ucpValidatorsFor('2026-08-25').business_profile, published, 'root business profile with keys');
    expect(published.ucp.version).toBe('2026-08-25');
    expect(published.keys).toEqual([jwk]);
    expect(published).not.toHaveProperty('signing_keys');
    expect(keysAt('2026-08-25')).toEqual([key.publicJwk]);
  });

  it('2026-04-08: `signing_keys` of the 2026-04-08 profile listed in the root\'s supported_versions (which has no `keys`)', () => {
    const leaf = profileAt('2026-04-08')!;
    expectUcpValid(ucpValidatorsFor('2026-04-08').business_profile, leaf, '2026-04-08 business profile with signing_keys');
    expect(leaf.ucp.version).toBe('2026-04-08');
    expect(leaf.signing_keys).toEqual([jwk]);
    expect(leaf).not.toHaveProperty('keys');
    expect(keysAt('2026-04-08')).toEqual([key.publicJwk]);
  });
});

describe.each(UCP_VERSIONS.map((v) => [v]))('order webhooks to a platform at %s', (version) => {
  it('every event reaches the platform signed, after a refused first attempt, with the same Webhook-Id', async () => {
    const { received, attempts } = receivers.get(version)!;
    const clock = testClock(Date.now());
    const db = testDb();
    const { handler, ucp } = checkoutHandler({ db, signingKey: key, now: clock.now });
    const send = () => ucp.deliverOutbox({ origin: 'http://localhost:8888' });
    const meta = { 'ucp-agent': { profile: `${profiles.url}${agentPath(version)}` } };
    const a = await paidOrder(handler, undefined, { meta });
    const b = await paidOrder(handler, [line(SMALL)], { meta });
    await ordersCli(db, ['ship', a.label, '--carrier', 'DHL', '--tracking-number', 'JJD1', '--tracking-url', 'https://www.dhl.de/track?c=JJD1'], clock.now);
    await ordersCli(db, ['deliver', a.label], clock.now);
    await ordersCli(db, ['refund', a.label, '--cents', '300', '--reason', 'late'], clock.now);
    await ordersCli(db, ['cancel', b.label], clock.now);
    // Each purchase's `created` event is attempted right after complete_checkout's response; the
    // merchant's commands send nothing themselves.
    expect(received.map((r) => JSON.parse(r.body).event_id), 'the purchases\' events, sent after their responses').toEqual(['evt_1', 'evt_1']);

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
      expect(await verify(version, request), `signature of ${request.headers['webhook-id']}`).toBe(true);
      expect(request.headers['content-type']).toBe('application/json');
      // The store's profile at the order's version: where that version's verifiers look the keyid up.
      expect(request.headers['ucp-agent']).toBe(`profile="http://localhost:8888${version === UCP_VERSION ? '/.well-known/ucp' : versionProfilePath(version)}"`);
      expect(request.headers['webhook-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(request.headers['signature-input']).toMatch(new RegExp(`^sig1=\\("@method" "@authority" "@path" "@query" "content-digest" "content-type" "ucp-agent" "webhook-id" "webhook-timestamp"\\);created=\\d+;keyid="${key.kid}"$`));
      const order = JSON.parse(request.body);
      // Rendered at the version the platform negotiated, valid against that version's order schema.
      expect(order.ucp.version).toBe(version);
      expect(order.ucp.capabilities).toEqual({ 'dev.ucp.shopping.order': [{ version }] });
      expectUcpValid(ucpValidatorsFor(version).order, order, `webhook body at ${version}`);
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

    // The verifier is not vacuous: a changed header or body fails, and so does another key under the same kid.
    const one = received[0];
    expect(await verify(version, one, { ...(one.headers as Record<string, string>), 'webhook-id': randomUUID() })).toBe(false);
    expect(await verify(version, { ...one, body: one.body.replace('"EUR"', '"USD"') })).toBe(false);
    const other = parseSigningKey(generateSigningKey(), key.kid);
    const genuine = keysAt(version).splice(0, 1, other.publicJwk);
    try {
      expect(await verify(version, one)).toBe(false);
    } finally {
      keysAt(version).splice(0, 1, ...genuine);
    }
    expect(await verify(version, one)).toBe(true);
  });
});

describe('order webhooks', () => {
  it('a platform without an order webhook gets none; without a signing key, webhooks wait in the outbox', async () => {
    const db = testDb();
    const { handler, ucp } = checkoutHandler({ db, signingKey: null });
    await paidOrder(handler, [line(SMALL)]);
    expect(await listMessages(db, 'webhook')).toEqual([]);
    const meta = { 'ucp-agent': { profile: `${profiles.url}${agentPath(UCP_VERSION)}` } };
    await paidOrder(handler, [line(SMALL)], { meta });
    const { received } = current();
    const before = received.length;
    await ucp.deliverOutbox();
    expect(received).toHaveLength(before);
    expect(await listMessages(db, 'webhook')).toEqual([expect.objectContaining({ attempts: 1, last_error: 'UCP_SIGNING_KEY is not set: the webhook stays in the outbox' })]);
  });

  it('webhook URLs follow the SSRF rules of profile fetches: https only, no local or private host', async () => {
    const db = testDb();
    const hookUrl = current().url;
    const handlerOf = (allowInsecure: boolean) => webhookHandler({ db, catalog, secrets: createUrlSecrets(db), baseUrl: catalog.store.base_url, signingKey: key, allowInsecure, now: Date.now });
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
