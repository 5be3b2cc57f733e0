// docs/agent-commerce.md "Versions" and "MCP envelope" (the request envelope): platform profiles fetched safely and cached, version and
// capability negotiation, and the -32001 discovery errors with their HTTP statuses (docs/agent-commerce.md "Platform profiles", "Errors").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileResolver, PROFILE_DEFAULTS } from '../src/ucp/platform/profiles';
import { checkProfileUrl, fetchJsonSafely, isForbiddenAddress } from '../src/ucp/platform/safe-fetch';
import { negotiate } from '../src/ucp/negotiation';
import { CAPABILITY, UCP_VERSION } from '../src/ucp/version';
import { callRaw, callTool, platformProfile, profileServer, ucpHandler } from './helpers/ucp';
import { expectUcpValid, ucpValidators } from './helpers/ucp-schemas';
import { ITEMS } from './helpers/content';

/** A variant in stock (tests/helpers/content.ts), as a tool argument. */
const STOCKED = String(ITEMS.stocked.variant.id);

const ALL = { [CAPABILITY.search]: [UCP_VERSION], [CAPABILITY.lookup]: [UCP_VERSION], [CAPABILITY.cart]: [UCP_VERSION] };
const json = (body: unknown) => (res: import('node:http').ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

let server: Awaited<ReturnType<typeof profileServer>>;
beforeAll(async () => {
  server = await profileServer({
    '/full': json(platformProfile(UCP_VERSION, ALL)),
    '/catalog-only': json(platformProfile(UCP_VERSION, { [CAPABILITY.search]: [UCP_VERSION], [CAPABILITY.lookup]: [UCP_VERSION] })),
    '/old-cart': json(platformProfile(UCP_VERSION, { ...ALL, [CAPABILITY.cart]: ['2026-01-23'] })),
    '/old-version': json(platformProfile('2026-01-23', ALL)),
    '/cached': json(platformProfile(UCP_VERSION, ALL)),
    '/concurrent': json(platformProfile(UCP_VERSION, ALL)),
    '/no-version': json({ ucp: { capabilities: {} } }),
    '/bad-capabilities': json({ ucp: { version: UCP_VERSION, capabilities: { [CAPABILITY.cart]: { version: UCP_VERSION } } } }),
    '/not-json': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>'),
    '/redirect': (res) => res.writeHead(302, { location: '/full' }).end(),
    '/huge': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ucp: { version: UCP_VERSION, pad: 'x'.repeat(100_000) } })),
    '/slow': () => undefined,
  });
});
afterAll(() => server.close());

const search = { catalog: { query: 'kit' } };
const withProfile = (path: string, args: Record<string, unknown> = search) => ({ ...args, meta: { 'ucp-agent': { profile: `${server.url}${path}` } } });

describe('negotiation through the endpoint', () => {
  const { handler } = ucpHandler({ profiles: { timeoutMs: 300 } });

  it('without a profile: served at the current version with every capability; the response lists only the operation\'s', async () => {
    const result = await callTool(handler, 'search_catalog', search);
    expect(result.ucp).toEqual({ version: UCP_VERSION, status: 'success', capabilities: { [CAPABILITY.search]: [{ version: UCP_VERSION }] } });
    const cart = await callTool(handler, 'create_cart', { cart: { line_items: [{ item: { id: STOCKED }, quantity: 1 }] } });
    expect(Object.keys(cart.ucp.capabilities)).toEqual([CAPABILITY.cart, CAPABILITY.discount]);
  });

  it('a platform profile at the current version with every capability is served', async () => {
    const result = await callTool(handler, 'lookup_catalog', withProfile('/full', { catalog: { ids: [STOCKED] } }));
    expect(result.ucp.capabilities).toEqual({ [CAPABILITY.lookup]: [{ version: UCP_VERSION }] });
  });

  it('a capability the platform lacks (or has only at another version) → capabilities_incompatible result, HTTP 200', async () => {
    for (const path of ['/catalog-only', '/old-cart']) {
      const res = await callRaw(handler, 'create_cart', withProfile(path, { cart: { line_items: [{ item: { id: STOCKED }, quantity: 1 }] } }));
      expect(res.status).toBe(200);
      const payload = res.body.result.structuredContent;
      expectUcpValid(ucpValidators.error_response, payload);
      expect(payload.ucp.status).toBe('error');
      expect(payload.messages[0]).toMatchObject({ type: 'error', code: 'capabilities_incompatible', severity: 'unrecoverable' });
      expect(payload.messages[0].content).toContain(CAPABILITY.cart);
    }
    await callTool(handler, 'search_catalog', withProfile('/catalog-only'));
  });

  it.each([
    ['/old-version', 'version_unsupported', 422, /2026-01-23/],
    ['/no-version', 'profile_malformed', 422, /ucp\.version/],
    ['/bad-capabilities', 'profile_malformed', 422, /capabilities/],
    ['/not-json', 'profile_malformed', 422, /not valid JSON/],
    ['/missing', 'profile_unreachable', 424, /HTTP 404/],
    ['/redirect', 'profile_unreachable', 424, /redirect/],
    ['/huge', 'profile_unreachable', 424, /larger than 65536 bytes/],
    ['/slow', 'profile_unreachable', 424, /no answer within 300 ms/],
  ])('%s → -32001 %s with HTTP %i', async (path, code, status, content) => {
    const res = await callRaw(handler, 'search_catalog', withProfile(path));
    expect(res.status).toBe(status);
    expect(res.body.error).toMatchObject({ code: -32001, data: { code } });
    expect(res.body.error.data.content).toMatch(content);
  });

  it.each([
    ['not a URL', 'profile.json'],
    ['ftp scheme', 'ftp://agent.example/profile'],
    ['credentials', 'https://user:pw@agent.example/profile'],
  ])('invalid profile URL (%s) → -32001 invalid_profile_url with HTTP 400', async (_label, profile) => {
    const res = await callRaw(handler, 'search_catalog', { ...search, meta: { 'ucp-agent': { profile } } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: -32001, data: { code: 'invalid_profile_url' } });
  });

  it('caches a profile for at least 60 s, fetching once for concurrent calls', async () => {
    let now = Date.parse('2026-11-20T10:00:00Z');
    const { handler: timed } = ucpHandler({ now: () => now });
    await callTool(timed, 'search_catalog', withProfile('/cached'));
    await callTool(timed, 'search_catalog', withProfile('/cached'));
    now += 59_000;
    await callTool(timed, 'search_catalog', withProfile('/cached'));
    expect(server.hits['/cached']).toBe(1);
    now += PROFILE_DEFAULTS.cacheSeconds * 1000;
    await callTool(timed, 'search_catalog', withProfile('/cached'));
    expect(server.hits['/cached']).toBe(2);
    await Promise.all(Array.from({ length: 8 }, () => callTool(timed, 'search_catalog', withProfile('/concurrent'))));
    expect(server.hits['/concurrent']).toBe(1);
  });
});

describe('fetch safety in production mode (no NETLIFY_DEV, not a test override)', () => {
  const { handler } = ucpHandler({ allowInsecureProfiles: false });

  it.each([
    ['http', 'http://agent.example/.well-known/ucp'],
    ['loopback', 'https://127.0.0.1/.well-known/ucp'],
    ['loopback v6', 'https://[::1]/.well-known/ucp'],
    ['localhost', 'https://localhost/.well-known/ucp'],
    ['private', 'https://10.1.2.3/.well-known/ucp'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest/meta-data'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/'],
  ])('%s profile URL → invalid_profile_url (400), nothing fetched', async (_label, profile) => {
    const res = await callRaw(handler, 'search_catalog', { ...search, meta: { 'ucp-agent': { profile } } });
    expect(res.status).toBe(400);
    expect(res.body.error.data.code).toBe('invalid_profile_url');
  });

  it('the local test server itself is refused (it is http on loopback)', async () => {
    const res = await callRaw(handler, 'search_catalog', withProfile('/full'));
    expect(res.status).toBe(400);
    expect(server.hits['/full']).toBe(1);
  });

  it('a host name resolving to a private address is refused inside the connection\'s DNS lookup', async () => {
    const lookup = ((_host: string, _options: unknown, callback: (e: null, a: Array<{ address: string; family: number }>) => void) =>
      callback(null, [{ address: '10.0.0.7', family: 4 }])) as never;
    await expect(fetchJsonSafely('https://profiles.agent.example/ucp', { allowInsecure: false, timeoutMs: 1000, maxBytes: 1000, lookup }))
      .rejects.toMatchObject({ kind: 'network', message: expect.stringContaining('forbidden address') });
    await expect(fetchJsonSafely('https://profiles.agent.example/ucp', { allowInsecure: false, timeoutMs: 1000, maxBytes: 1000, lookup }))
      .rejects.toMatchObject({ message: expect.not.stringContaining('10.0.0.7') });
  });

  it('classifies addresses', () => {
    for (const bad of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:7f00:1', 'not-an-ip']) {
      expect(isForbiddenAddress(bad), bad).toBe(true);
    }
    for (const good of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isForbiddenAddress(good), good).toBe(false);
    expect(() => checkProfileUrl('http://127.0.0.1:8080/p', true)).not.toThrow();
  });

  it('a cache shorter than 60 s is refused', () => {
    expect(() => new ProfileResolver({ ...PROFILE_DEFAULTS, cacheSeconds: 30, allowInsecure: false, now: Date.now })).toThrow(/60 s/);
  });
});

describe('negotiate()', () => {
  it('takes the highest common version and prunes extensions whose parents are gone', () => {
    const business = {
      'dev.ucp.shopping.cart': { version: UCP_VERSION, spec: 's', schema: 's' },
      'dev.ucp.shopping.checkout': { version: UCP_VERSION, spec: 's', schema: 's' },
      'dev.ucp.shopping.discount': { version: UCP_VERSION, spec: 's', schema: 's', extends: ['dev.ucp.shopping.cart', 'dev.ucp.shopping.checkout'] },
      'dev.ucp.shopping.fulfillment': { version: UCP_VERSION, spec: 's', schema: 's', extends: 'dev.ucp.shopping.checkout' },
    };
    const profile = (caps: Record<string, string[]>) => platformProfile(UCP_VERSION, caps) as never;
    const withCart = negotiate(profile({ 'dev.ucp.shopping.cart': ['2026-01-23', UCP_VERSION], 'dev.ucp.shopping.discount': [UCP_VERSION], 'dev.ucp.shopping.fulfillment': [UCP_VERSION] }), () => business);
    expect([...withCart.capabilities.keys()].sort()).toEqual(['dev.ucp.shopping.cart', 'dev.ucp.shopping.discount']);
    const none = negotiate(profile({ 'dev.ucp.shopping.discount': [UCP_VERSION] }), () => business);
    expect(none.capabilities.size).toBe(0);
    expect(() => negotiate(platformProfile('2027-01-01', {}) as never, () => business)).toThrow(/version_unsupported/);
  });
});
