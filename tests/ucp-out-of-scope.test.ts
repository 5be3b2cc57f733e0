// search_catalog for what the store does not sell (docs/storefront.md "What the store sells"):
// an info message pointing to the contact page, in the request's language, detected by the same
// search index that puts the page on live fish and turnkey farms first in /search/suggest.json.
import { describe, expect, it } from 'vitest';
import { judgedQueries } from '../bench/judged';
import { localePrefix, type Locale } from '../src/catalog/locales';
import { isOutOfScope } from '../src/search/scope';
import { callTool, catalog, ucpHandler } from './helpers/ucp';

const { handler } = ucpHandler();
const { pages } = catalog.store;
const titleOf = (handle: string, locale: Locale) => catalog.pages.find((p) => p.handle === handle)!.locales[locale]!.meta.title;
const search = (query: string, language: string) => callTool(handler, 'search_catalog', { catalog: { query, context: { language } } });
const outOfScope = (result: { messages?: Array<{ type: string; code?: string; content: string }> }) => result.messages?.filter((m) => m.code === 'out_of_scope') ?? [];

// The judged queries for which the page on what is not sold is the expected first result: every locale.
const notSold = judgedQueries().filter((q) => q.expect.length === 1 && q.expect[0] === pages.not_sold);

describe('search_catalog: out-of-scope requests', () => {
  it('the judged out-of-scope queries cover the 12 locales', () => {
    expect(new Set(notSold.map((q) => q.locale)).size).toBe(12);
  });

  it.each(notSold.map((q) => [q.locale, q.q] as const))('%s "%s" → an info message with the contact page, in that language', async (locale, q) => {
    const result = await search(q, locale);
    const [message, ...more] = outOfScope(result);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ type: 'info', code: 'out_of_scope' });
    expect(message.content).toContain(titleOf(pages.not_sold, locale));
    expect(message.content).toContain(titleOf(pages.contact, locale));
    expect(message.content).toMatch(new RegExp(`https?://[^ ]+${localePrefix(locale)}/pages/${pages.contact}/$`));
  });

  it.each([
    ['en', 'fish food'], ['en', 'koi fish'], ['fr', 'nourriture poissons'], ['fr', 'pompe'], ['de', 'Fischfutter'], ['en', 'greenhouse'], ['en', 'zzxqv'],
  ] as const)('%s "%s" (sold, or nothing) carries no out-of-scope message', async (locale, q) => {
    expect(outOfScope(await search(q, locale))).toEqual([]);
    expect(isOutOfScope(catalog, locale, q)).toBe(false);
  });

  it('the detection is the search index: without one it detects nothing and the search still answers', () => {
    const broken = { search: () => { throw new Error('index missing'); } } as never;
    expect(isOutOfScope(catalog, 'en', 'live fish')).toBe(true);
    expect(isOutOfScope(catalog, 'en', 'live fish', broken)).toBe(false);
  });
});
