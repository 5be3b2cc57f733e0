import { RateLimiter } from '../../src/http/rate-limit';
import type { Db } from '../../src/state/db';

/**
 * A per-IP limiter of `windowLimit` requests a minute whose clock stands still: its windows are
 * aligned to the minute (src/state/rate-limits.ts), and a test crossing one would start a new count.
 */
export function frozenLimiter(db: Db, windowLimit: number): RateLimiter {
  const now = Date.now();
  return new RateLimiter({ windowLimit, windowSeconds: 60 }, db, () => now);
}
