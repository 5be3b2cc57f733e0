// Issue 39: French text uses one apostrophe, the typographic ’ (U+2019). The messages of
// messages/fr.json are checked here, as they read once compiled (an ICU quote such as '{' is
// syntax, not text); the French text of content/ (`fr:` values, fr.md files) by content
// validation (src/catalog/load.ts, `npm run check` and the build), whose messages are tested here
// too. Code spans and URLs are not prose and may keep their straight apostrophes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Token, parse } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { ContentError, loadContent } from '../src/catalog/load';
import { curlApostrophes, straightApostrophes } from '../src/catalog/french-apostrophes';
import { contentFixture, productYaml } from './helpers/content-fixture';

const ROOT = join(import.meta.dirname, '..');

/** The text a reader sees of an ICU message: its content tokens, plural and select cases included. */
function readableText(message: string): string {
  const walk = (tokens: readonly Token[]): string =>
    tokens
      .map((t) => {
        if (t.type === 'content') return t.value;
        if (t.type === 'octothorpe') return '#';
        if (t.type === 'plural' || t.type === 'select' || t.type === 'selectordinal') return t.cases.map((c) => walk(c.tokens)).join(' | ');
        return `{${t.arg}}`;
      })
      .join('');
  return walk(parse(message, { strict: false }));
}

/** `messages/fr.json: namespace.key: "…excerpt…"` for every straight apostrophe a reader would see. */
function frenchMessageProblems(catalogue: Record<string, Record<string, string>>): string[] {
  return Object.entries(catalogue).flatMap(([namespace, messages]) =>
    Object.entries(messages).flatMap(([key, message]) => straightApostrophes(readableText(message)).map((f) => `messages/fr.json: ${namespace}.${key}: straight apostrophe (') in "${f.excerpt}": use ’ (U+2019)`)),
  );
}

function errorsOf(root: string): string[] {
  try {
    loadContent(root);
  } catch (e) {
    if (e instanceof ContentError) return e.errors;
    throw e;
  }
  return [];
}

describe('French text uses the typographic apostrophe ’', () => {
  it('messages/fr.json has no straight apostrophe in any message', () => {
    const catalogue = JSON.parse(readFileSync(join(ROOT, 'messages/fr.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(frenchMessageProblems(catalogue)).toEqual([]);
  });

  it('the message check names the key, and reads ICU quoting as syntax', () => {
    expect(frenchMessageProblems({ documents: { issueDate: "Date d'émission" } })).toEqual([
      `messages/fr.json: documents.issueDate: straight apostrophe (') in "Date d'émission": use ’ (U+2019)`,
    ]);
    // '{' is a quoted brace; '' is an apostrophe the reader sees.
    expect(frenchMessageProblems({ ui: { brace: "Accolade '{'", plural: "{n, plural, one {# d’article} other {# aujourd''hui}}" } })).toEqual([
      `messages/fr.json: ui.plural: straight apostrophe (') in "# d’article | # aujourd'hui": use ’ (U+2019)`,
    ]);
  });

  it('the content has no straight apostrophe in French prose', () => {
    expect(errorsOf(ROOT).filter((e) => e.includes('apostrophe'))).toEqual([]);
  });

  it('content validation names the file and the field of a French value, and the line of a French page', () => {
    const p = productYaml();
    const root = contentFixture({
      'content/products/kit-aquaponie-balcon.yaml': {
        ...p,
        title: { ...(p.title as object), fr: "Kit d'aquaponie", it: "Kit per l'acquaponica" },
        body: { ...(p.body as object), fr: 'Premier paragraphe.\n\nRéglez `pump --mode \'eco\'` puis lisez [le guide](https://example.org/l\'eau) ou https://example.org/d\'eau : c\'est prêt.\n' },
      },
      'content/pages/contact/fr.md': '---\nid: 3001\ntitle: "Nous contacter"\ndescription: "Joindre l\'équipe"\npublished_at: "2026-01-01T00:00:00+01:00"\nupdated_at: "2026-01-01T00:00:00+01:00"\n---\n\nUne ligne.\n\n```\nécho \'code\'\n```\n\nÀ l\'aide <span title="l\'attribut">ici</span>.\n',
    });
    expect(errorsOf(root)).toEqual([
      `content/products/kit-aquaponie-balcon.yaml: title.fr: straight apostrophe (') in "Kit d'aquaponie": French text uses ’ (U+2019)`,
      `content/products/kit-aquaponie-balcon.yaml: body.fr: line 3 of the text: straight apostrophe (') in "…s://example.org/d'eau : c'est prêt.": French text uses ’ (U+2019)`,
      `content/pages/contact/fr.md: front matter description: straight apostrophe (') in "Joindre l'équipe": French text uses ’ (U+2019)`,
      `content/pages/contact/fr.md: line 15: straight apostrophe (') in "À l'aide <span title="l'attri…": French text uses ’ (U+2019)`,
    ]);
  });

  it('curls the apostrophes of prose only', () => {
    expect(curlApostrophes("L'eau `l'eau` [d'ici](https://x.example/l'eau) <a title='x'>qu'il</a>")).toBe("L’eau `l'eau` [d’ici](https://x.example/l'eau) <a title='x'>qu’il</a>");
  });
});
