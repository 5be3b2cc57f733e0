/**
 * Relevance on the judged query set (tests/search-judged.json): for each query, the rank of the
 * first expected handle among the first 10 documents of the ranking (products, collections, pages
 * and articles together, before any availability reordering). Reports MRR@10 (mean of 1/rank,
 * 0 when no expected handle is in the first 10) and the top-1 hit rate. Shared by
 * bench/search-compare.ts, bench/search.ts and tests/search-judged.test.ts.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locale } from '../src/catalog/locales';
import type { ResourceType } from '../src/search/documents';

export interface JudgedQuery {
  locale: Locale;
  q: string;
  /** Handles a shopper would accept as the first result. */
  expect: string[];
  note?: string;
}

export interface Judgement extends JudgedQuery {
  /** 1-based rank of the first expected handle, or null when not in the first {@link CUTOFF}. */
  rank: number | null;
  /** The first handles returned. */
  got: string[];
}

export interface Relevance {
  queries: number;
  mrr: number;
  top1: number;
  byLocale: Record<string, { queries: number; mrr: number; top1: number }>;
  judgements: Judgement[];
}

/** Ranks beyond this count as misses (the API returns at most 10 results per type). */
export const CUTOFF = 10;
/** Types the judged ranking covers (the default `resources[type]`). */
export const JUDGED_TYPES: ReadonlySet<ResourceType> = new Set<ResourceType>(['product', 'collection', 'page', 'article']);

/** The judged queries. */
export function judgedQueries(file = resolve('tests/search-judged.json')): JudgedQuery[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { queries: JudgedQuery[] }).queries;
}

/**
 * Scores a ranking function on the judged set.
 * @param rank returns document ids (`<type>:<handle>`) best first for a locale and query
 */
export async function relevance(queries: readonly JudgedQuery[], rank: (locale: Locale, q: string) => string[] | Promise<string[]>): Promise<Relevance> {
  const judgements: Judgement[] = [];
  for (const query of queries) {
    const ids = await rank(query.locale, query.q);
    const got = ids.filter((id) => JUDGED_TYPES.has(id.slice(0, id.indexOf(':')) as ResourceType)).map((id) => id.slice(id.indexOf(':') + 1)).slice(0, CUTOFF);
    const at = got.findIndex((h) => query.expect.includes(h));
    judgements.push({ ...query, rank: at < 0 ? null : at + 1, got });
  }
  const summarise = (list: Judgement[]) => ({
    queries: list.length,
    mrr: list.reduce((s, j) => s + (j.rank ? 1 / j.rank : 0), 0) / (list.length || 1),
    top1: list.filter((j) => j.rank === 1).length / (list.length || 1),
  });
  const byLocale: Relevance['byLocale'] = {};
  for (const locale of [...new Set(judgements.map((j) => j.locale))]) byLocale[locale] = summarise(judgements.filter((j) => j.locale === locale));
  return { ...summarise(judgements), byLocale, judgements };
}
