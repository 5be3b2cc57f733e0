// docs/search.md "Judged set": relevance of the built indexes (.generated/search, the
// files the function loads) on tests/search-judged.json. Fails below the level reached when the
// library was chosen (docs/search.md), so relevance cannot silently regress.
import { describe, it, expect } from 'vitest';
import { analyzeQuery } from '../src/search/analyze';
import { localeIndex } from '../src/search/index-store';
import { CUTOFF, judgedQueries, relevance, JUDGED_TYPES } from '../bench/judged';
import { catalog, published } from './helpers/site';

/** Level reached on the real catalog (docs/search.md): MRR@10 0.978, top-1 96.8 %. */
const MIN = { mrr: 0.97, top1: 0.96, localeMrr: 0.9 };

const queries = judgedQueries();

describe('the judged query set', () => {
  it('has at least 80 queries in at least 6 languages, each with expected handles', () => {
    expect(queries.length).toBeGreaterThanOrEqual(80);
    expect(new Set(queries.map((q) => q.locale)).size).toBeGreaterThanOrEqual(6);
    for (const q of queries) expect(q.expect.length, q.q).toBeGreaterThan(0);
  });

  it('expects only handles that exist (published products, collections, pages, articles)', () => {
    const known = new Set([...published.map((p) => p.handle), ...catalog.collections.map((c) => c.handle), ...catalog.pages.map((p) => p.handle), ...catalog.articles.map((a) => a.handle)]);
    const unknown = queries.flatMap((q) => q.expect.filter((h) => !known.has(h)).map((h) => `${q.locale} "${q.q}": ${h}`));
    expect(unknown).toEqual([]);
  });
});

describe('relevance on the judged set', () => {
  it(`reaches MRR@${CUTOFF} >= ${MIN.mrr} and top-1 >= ${MIN.top1 * 100} % (every locale MRR >= ${MIN.localeMrr})`, async () => {
    const result = await relevance(queries, (locale, q) => localeIndex(locale).search(analyzeQuery(q, locale), { types: JUDGED_TYPES }).map((h) => h.id));
    const misses = result.judgements.filter((j) => j.rank !== 1).map((j) => `  ${j.locale} "${j.q}": rank ${j.rank ?? `>${CUTOFF}`} (got ${j.got.slice(0, 3).join(', ') || 'nothing'})`);
    console.log(
      `judged set: ${result.queries} queries, MRR@${CUTOFF} ${result.mrr.toFixed(3)}, top-1 ${(result.top1 * 100).toFixed(1)} %\n` +
        `by locale: ${Object.entries(result.byLocale).map(([l, r]) => `${l} ${r.mrr.toFixed(2)}`).join(', ')}\nnot first:\n${misses.join('\n')}`,
    );
    expect(result.mrr).toBeGreaterThanOrEqual(MIN.mrr);
    expect(result.top1).toBeGreaterThanOrEqual(MIN.top1);
    for (const [locale, r] of Object.entries(result.byLocale)) expect(r.mrr, locale).toBeGreaterThanOrEqual(MIN.localeMrr);
  });
});
