// docs/search.md: indexes are built at build time per locale and loaded by the function, which
// never parses YAML at request time: the built files, their wiring into the Netlify function,
// and the modules the function's search path imports.
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { LOCALES } from '../src/catalog/locales';
import { searchDocuments } from '../src/search/documents';
import { INDEX_DIR, indexFilePath, localeIndex } from '../src/search/index-store';
import { config } from '../netlify/functions/search';
import { catalog } from './helpers/site';

describe('search indexes', () => {
  it.each(LOCALES)('%s: the main index holds every document of the catalog snapshot, the descriptions index every product', (locale) => {
    const read = (part: 'main' | 'descriptions') => JSON.parse(readFileSync(indexFilePath(locale, undefined, part), 'utf8')) as { locale: string; part: string; documents: number };
    const docs = searchDocuments(catalog, locale);
    expect(read('main')).toMatchObject({ locale, part: 'main', documents: docs.length });
    expect(read('descriptions')).toMatchObject({ locale, part: 'descriptions', documents: docs.filter((d) => d.type === 'product').length });
    expect(localeIndex(locale).documentCount).toBe(docs.length);
  });

  it('are shipped with the functions (netlify.toml included_files) and the search function serves every locale prefix', () => {
    const toml = parseToml(readFileSync('netlify.toml', 'utf8')) as { functions: { included_files?: string[] } };
    expect(toml.functions.included_files).toContain(`${INDEX_DIR}/*.json`);
    const patterns = (config.path as string[]).map((p) => new URLPattern({ pathname: p }));
    for (const path of ['/search/suggest.json', '/de/search/suggest.json', '/da/search/suggest.json']) expect(patterns.some((p) => p.test({ pathname: path })), path).toBe(true);
  });

  it('the search path of the function never loads YAML or the content loader', () => {
    const files = [...readdirSync('src/search').map((f) => join('src/search', f)), 'src/http/search-route.ts', 'src/http/search-function.ts', 'src/http/read-only.ts', 'src/http/router.ts'];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      expect(source, file).not.toMatch(/from ['"](yaml|gray-matter|marked)['"]|catalog\/load['"]/);
    }
  });
});
