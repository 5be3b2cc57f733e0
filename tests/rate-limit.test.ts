// Issue #7 point 1 (unit level): the per-IP limiter and its configuration.
import { describe, it, expect } from 'vitest';
import { RateLimiter, rateLimitConfig } from '../src/http/rate-limit';

describe('RateLimiter', () => {
  it('allows windowLimit requests per key and window, then refuses with retryAfter', () => {
    const limiter = new RateLimiter({ windowLimit: 3, windowSeconds: 10 });
    const t0 = 1_000_000;
    expect([1, 2, 3].map(() => limiter.hit('a', t0).allowed)).toEqual([true, true, true]);
    expect(limiter.hit('a', t0 + 2500)).toEqual({ allowed: false, retryAfter: 8 });
    expect(limiter.hit('b', t0 + 2500).allowed).toBe(true);
    expect(limiter.hit('a', t0 + 10_000).allowed).toBe(true);
  });

  it('reads its numbers from the environment, ignoring nonsense', () => {
    expect(rateLimitConfig({ RATE_LIMIT_REQUESTS: '5', RATE_LIMIT_WINDOW_SECONDS: '2' })).toEqual({ windowLimit: 5, windowSeconds: 2 });
    expect(rateLimitConfig({ RATE_LIMIT_REQUESTS: '-1', RATE_LIMIT_WINDOW_SECONDS: 'x' })).toEqual({ windowLimit: 120, windowSeconds: 60 });
  });
});

describe('POST /api/ucp/mcp is rate limited per client IP (context.ip)', () => {
  it('answers 429 with -32000, data.retry_after and Retry-After over the limit; other IPs and spoofed headers change nothing', async () => {
    const { createHandler } = await import('../src/http/router');
    const { createUcpService } = await import('../src/ucp/service');
    const { MemoryStateStore } = await import('../src/state/memory');
    const { catalogSnapshot } = await import('../src/catalog/snapshot');
    const catalog = catalogSnapshot();
    const handler = createHandler({ catalog, ucp: createUcpService({ catalog, state: new MemoryStateStore() }), rateLimiter: new RateLimiter({ windowLimit: 2, windowSeconds: 30 }) });
    const ping = (ip: string, headers: Record<string, string> = {}) =>
      handler(new Request('http://localhost/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) }), { ip });
    expect((await ping('203.0.113.1')).status).toBe(200);
    expect((await ping('203.0.113.1')).status).toBe(200);
    const limited = await ping('203.0.113.1', { 'x-forwarded-for': '198.51.100.7', 'x-nf-client-connection-ip': '198.51.100.7' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
    const body = await limited.json();
    expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, data: { retry_after: retryAfter } } });
    expect((await ping('203.0.113.2')).status).toBe(200);
  });

  it('declares the limit to Netlify for production (config.rateLimit)', async () => {
    const { config } = await import('../netlify/functions/storefront');
    expect(config.rateLimit).toMatchObject({ windowLimit: expect.any(Number), windowSize: expect.any(Number), aggregateBy: expect.arrayContaining(['ip']) });
  });
});

describe('DNS-rebinding protection of /api/ucp/mcp', () => {
  it('serves the store host, Netlify hosts and loopback; refuses other hosts with 403 JSON', async () => {
    const { allowedHost, createHandler } = await import('../src/http/router');
    const { createUcpService } = await import('../src/ucp/service');
    const { MemoryStateStore } = await import('../src/state/memory');
    const { catalogSnapshot } = await import('../src/catalog/snapshot');
    const catalog = catalogSnapshot();
    for (const host of [new URL(catalog.store.base_url).hostname, 'localhost', '127.0.0.1', '[::1]', 'deploy-preview-3--shop.netlify.app']) expect(allowedHost(host, catalog.store.base_url), host).toBe(true);
    expect(allowedHost('evil.example.com', catalog.store.base_url)).toBe(false);
    const handler = createHandler({ catalog, ucp: createUcpService({ catalog, state: new MemoryStateStore() }) });
    const res = await handler(new Request('http://evil.example.com/api/ucp/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' }));
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe(-32000);
  });
});
