/**
 * Per-client rate limiting of `POST /api/ucp/mcp` (docs/storefront.md "Limits"; docs/agent-commerce.md "Rate limiting"): a fixed
 * window per client IP, enforced by the service itself so it works locally and in tests. The
 * same numbers are declared to Netlify's edge (`config.rateLimit` of the function) for production.
 * The IP must come from the platform (`context.ip`), never from a request header.
 */

import { type Db, isStateError } from '../state/db';
import { countHit } from '../state/rate-limits';

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

/** Counts one request of the current client before a POST runs: the limiter's decision (null: not limited). */
export type Limit = () => Promise<RateDecision | null>;

/**
 * A fixed-window counter per client IP, kept in the database (src/state/rate-limits.ts): one
 * statement per request, so the limit holds across function workers and instances. When the
 * database cannot count, the request is let through (logged): the edge rule still limits in
 * production, and refusing every agent during an outage would turn it into a total one.
 */
export class RateLimiter {
  constructor(private readonly config: RateLimitConfig, private readonly db: Db, private readonly now: () => number = Date.now) {}

  /**
   * Counts one request of `client`.
   * @returns allowed with the remaining budget, or refused with `retryAfter` in whole seconds (>= 1)
   */
  async hit(client: string): Promise<RateDecision> {
    const now = this.now();
    try {
      // Keyed by window length too, so a change of RATE_LIMIT_WINDOW_SECONDS starts clean counts.
      const { hits, windowEnd } = await countHit(this.db, `${client}/${this.config.windowSeconds}`, this.config.windowSeconds, now);
      if (hits > this.config.windowLimit) return { allowed: false, retryAfter: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
      return { allowed: true, remaining: this.config.windowLimit - hits };
    } catch (error) {
      if (!isStateError(error)) throw error;
      console.error('rate limit: the database cannot count; request let through', error.message);
      return { allowed: true, remaining: 0 };
    }
  }
}
