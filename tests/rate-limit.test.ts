// The per-IP limiter of POST /api/ucp/mcp, counted in the database so that every function
// instance shares one count: its configuration, fixed windows on the clock, the 429 answer, the
// wiring of the function, what happens when the database cannot count, and the DNS-rebinding
// protection of the same endpoint.
import { afterEach, describe, it, expect } from 'vitest';
import { RateLimiter, rateLimitConfig } from '../src/http/rate-limit';
import { allowedHost, createHandler } from '../src/http/router';
import { createUcpService } from '../src/ucp/service';
import { type Db, StateError } from '../src/state/db';
import { catalogSnapshot } from '../src/catalog/snapshot';
import { testDb } from './helpers/db';

const catalog = catalogSnapshot();
const db = testDb();
const ucp = createUcpService({ catalog, db });
/** Epoch ms at the start of a 10 s (and 30 s) window. */
const T0 = 1_800_000_000_000;

const ping = (handler: ReturnType<typeof createHandler>, ip: string | undefined, headers: Record<string, string> = {}) =>
  handler(new Request('http://localhost/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) }), { ip });

describe('RateLimiter', () => {
  it('allows windowLimit requests per client and window, then refuses with retryAfter until the window ends', async () => {
    let now = T0;
    const limiter = new RateLimiter({ windowLimit: 3, windowSeconds: 10 }, db, () => now);
    const decisions = [];
    for (let i = 0; i < 3; i++) decisions.push(await limiter.hit('198.51.100.1'));
    expect(decisions).toEqual([{ allowed: true, remaining: 2 }, { allowed: true, remaining: 1 }, { allowed: true, remaining: 0 }]);
    now = T0 + 2500;
    expect(await limiter.hit('198.51.100.1')).toEqual({ allowed: false, retryAfter: 8 });
    expect((await limiter.hit('198.51.100.2')).allowed).toBe(true);
    now = T0 + 9999;
    expect(await limiter.hit('198.51.100.1')).toEqual({ allowed: false, retryAfter: 1 });
    // The next window starts from zero.
    now = T0 + 10_000;
    expect(await limiter.hit('198.51.100.1')).toEqual({ allowed: true, remaining: 2 });
  });

  it('counts across instances: two limiters on one database share the limit', async () => {
    const now = () => T0 + 60_000;
    const first = new RateLimiter({ windowLimit: 3, windowSeconds: 10 }, db, now);
    const second = new RateLimiter({ windowLimit: 3, windowSeconds: 10 }, db, now);
    expect((await first.hit('198.51.100.3')).allowed).toBe(true);
    expect((await second.hit('198.51.100.3')).allowed).toBe(true);
    expect((await first.hit('198.51.100.3')).allowed).toBe(true);
    expect((await second.hit('198.51.100.3')).allowed).toBe(false);
    expect((await first.hit('198.51.100.3')).allowed).toBe(false);
  });

  it('counts concurrent requests exactly: of 20 at once with a limit of 5, 5 pass', async () => {
    const limiter = new RateLimiter({ windowLimit: 5, windowSeconds: 10 }, db, () => T0 + 120_000);
    const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('198.51.100.4')));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });

  it('lets requests through when the database cannot count (the edge limit still applies in production)', async () => {
    const down = async (): Promise<never> => { throw new StateError('database: connection refused'); };
    const failing: Db = { query: down, connect: down };
    const limiter = new RateLimiter({ windowLimit: 1, windowSeconds: 10 }, failing, () => T0);
    for (let i = 0; i < 3; i++) expect((await limiter.hit('198.51.100.5')).allowed).toBe(true);
    const handler = createHandler({ catalog, ucp, rateLimiter: limiter });
    for (let i = 0; i < 3; i++) expect((await ping(handler, '198.51.100.5')).status).toBe(200);
  });

  it('reads its numbers from the environment, ignoring nonsense', () => {
    expect(rateLimitConfig({ RATE_LIMIT_REQUESTS: '5', RATE_LIMIT_WINDOW_SECONDS: '2' })).toEqual({ windowLimit: 5, windowSeconds: 2 });
    expect(rateLimitConfig({ RATE_LIMIT_REQUESTS: '-1', RATE_LIMIT_WINDOW_SECONDS: 'x' })).toEqual({ windowLimit: 120, windowSeconds: 60 });
  });
});

describe('POST /api/ucp/mcp is rate limited per client IP (context.ip)', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ['RATE_LIMIT_REQUESTS', 'RATE_LIMIT_WINDOW_SECONDS']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('answers 429 with -32000, data.retry_after and Retry-After over the limit; other IPs and spoofed headers change nothing', async () => {
    let now = T0 + 180_000;
    const handler = createHandler({ catalog, ucp, rateLimiter: new RateLimiter({ windowLimit: 2, windowSeconds: 30 }, db, () => now) });
    expect((await ping(handler, '203.0.113.1')).status).toBe(200);
    expect((await ping(handler, '203.0.113.1', { 'x-forwarded-for': '198.51.100.7' })).status).toBe(200);
    now += 12_000;
    const limited = await ping(handler, '203.0.113.1', { 'x-forwarded-for': '198.51.100.7', 'x-nf-client-connection-ip': '198.51.100.7' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(limited.headers.get('retry-after')).toBe('18');
    expect(await limited.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, data: { retry_after: 18 } } });
    expect((await ping(handler, '203.0.113.2')).status).toBe(200);
    now += 18_000;
    expect((await ping(handler, '203.0.113.1')).status).toBe(200);
  });

  it('the function\'s wiring: the limit comes from RATE_LIMIT_* over the database; requests without a platform IP are not counted', async () => {
    process.env.RATE_LIMIT_REQUESTS = '2';
    process.env.RATE_LIMIT_WINDOW_SECONDS = '3600';
    const handler = createHandler({ catalog, ucp, db });
    const other = createHandler({ catalog, ucp, db });
    for (let i = 0; i < 5; i++) expect((await ping(handler, undefined)).status).toBe(200);
    expect((await ping(handler, '203.0.113.9')).status).toBe(200);
    expect((await ping(other, '203.0.113.9')).status).toBe(200);
    const limited = await ping(handler, '203.0.113.9');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
  });

  it('declares the limit to Netlify for production (config.rateLimit)', async () => {
    const { config } = await import('../netlify/functions/storefront');
    expect(config.rateLimit).toMatchObject({ windowLimit: expect.any(Number), windowSize: expect.any(Number), aggregateBy: expect.arrayContaining(['ip']) });
  });
});

describe('DNS-rebinding protection of /api/ucp/mcp', () => {
  it('serves the store host, Netlify hosts and loopback; refuses other hosts with 403 JSON', async () => {
    for (const host of [new URL(catalog.store.base_url).hostname, 'localhost', '127.0.0.1', '[::1]', 'deploy-preview-3--shop.netlify.app']) expect(allowedHost(host, catalog.store.base_url), host).toBe(true);
    expect(allowedHost('evil.example.com', catalog.store.base_url)).toBe(false);
    const handler = createHandler({ catalog, ucp });
    const res = await handler(new Request('http://evil.example.com/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' }));
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe(-32000);
  });
});
