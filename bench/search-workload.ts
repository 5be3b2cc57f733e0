/**
 * The query workload of the search benchmarks: every judged query as typed letter by letter
 * ("p", "po", "pom", ..., "pompe immergée"), as a predictive search receives it, and helpers to
 * time it. Times are wall-clock milliseconds (performance.now()).
 */
import type { Locale } from '../src/catalog/locales';
import type { JudgedQuery } from './judged';

/** Each query and all its prefixes (without trailing spaces), per locale, in typing order. */
export function typingWorkload(queries: readonly JudgedQuery[]): Array<{ locale: Locale; q: string }> {
  const out: Array<{ locale: Locale; q: string }> = [];
  for (const { locale, q } of queries) {
    for (let i = 1; i <= q.length; i++) {
      const prefix = q.slice(0, i);
      if (prefix.trim() && !prefix.endsWith(' ')) out.push({ locale, q: prefix });
    }
  }
  return out;
}

/** The p-th percentile (0–100) of an ascending array (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Runs every item `rounds` times (after one warm-up round) and returns latency percentiles in ms.
 * @param run one query; may be async
 */
export async function timeQueries<T>(items: readonly T[], run: (item: T) => unknown, rounds = 3): Promise<{ p50: number; p99: number; max: number; count: number }> {
  for (const item of items) await run(item);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const item of items) {
      const t0 = performance.now();
      await run(item);
      times.push(performance.now() - t0);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times[times.length - 1], count: times.length };
}

/** Median of a few measurements of `fn` (ms). */
export async function medianMs(fn: () => unknown, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
