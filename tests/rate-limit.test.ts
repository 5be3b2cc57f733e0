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
