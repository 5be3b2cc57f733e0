/**
 * Rate-limit windows in the database (table `rate_limit_windows`): fixed windows per client,
 * counted by one statement per request, so the limit holds across function workers and instances.
 */
import { at, type Queryable } from './db';

/**
 * Counts one request of `client` in the window containing `now`.
 * @param windowSeconds window length in seconds; windows start at multiples of it since the epoch
 * @param now epoch ms
 * @returns the requests counted in this window (this one included) and the window's end (epoch ms)
 */
export async function countHit(q: Queryable, client: string, windowSeconds: number, now: number): Promise<{ hits: number; windowEnd: number }> {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  const { rows } = await q.query<{ hits: number }>(
    `INSERT INTO rate_limit_windows (client, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (client, window_start) DO UPDATE SET hits = rate_limit_windows.hits + 1 RETURNING hits`,
    [client, at(start)],
  );
  return { hits: rows[0].hits, windowEnd: start + windowMs };
}

/** Deletes windows that ended before `before` (epoch ms). @returns how many */
export async function pruneWindows(q: Queryable, before: number): Promise<number> {
  return (await q.query('DELETE FROM rate_limit_windows WHERE window_start < $1', [at(before)])).rowCount ?? 0;
}
