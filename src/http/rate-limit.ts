/**
 * Per-client rate limiting of `POST /api/ucp/mcp` (docs/spec.md "Limits"; issue #7): a fixed
 * window per client IP, enforced by the service itself so it works locally and in tests. The
 * same numbers are declared to Netlify's edge (`config.rateLimit` of the function) for production.
 * The IP must come from the platform (`context.ip`), never from a request header.
 */

export interface RateLimitConfig {
  /** Requests allowed per client in one window. */
  windowLimit: number;
  /** Window length in seconds. */
  windowSeconds: number;
}

/** Defaults, overridable with RATE_LIMIT_REQUESTS and RATE_LIMIT_WINDOW_SECONDS. */
export function rateLimitConfig(env: Record<string, string | undefined> = process.env): RateLimitConfig {
  const num = (v: string | undefined, fallback: number) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : fallback);
  return { windowLimit: num(env.RATE_LIMIT_REQUESTS, 120), windowSeconds: num(env.RATE_LIMIT_WINDOW_SECONDS, 60) };
}

export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfter: number };

/**
 * A fixed-window counter per key, in memory. Each function instance counts on its own; Netlify's
 * edge rule is the global limit in production.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly config: RateLimitConfig) {}

  /**
   * Counts one request of `key` at `nowMs` (epoch milliseconds).
   * @returns allowed with the remaining budget, or refused with `retryAfter` in whole seconds (>= 1)
   */
  hit(key: string, nowMs: number = Date.now()): RateDecision {
    const windowMs = this.config.windowSeconds * 1000;
    let w = this.windows.get(key);
    if (!w || nowMs - w.start >= windowMs) {
      w = { start: nowMs, count: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 50_000) this.evict(nowMs);
    }
    if (w.count >= this.config.windowLimit) return { allowed: false, retryAfter: Math.max(1, Math.ceil((w.start + windowMs - nowMs) / 1000)) };
    w.count++;
    return { allowed: true, remaining: this.config.windowLimit - w.count };
  }

  private evict(nowMs: number): void {
    const windowMs = this.config.windowSeconds * 1000;
    for (const [k, w] of this.windows) if (nowMs - w.start >= windowMs) this.windows.delete(k);
  }
}
