// Cold start (docs/search.md "Benchmarks"): the function's snapshot keeps French product text; the other locales'
// text is split into files read on demand (src/catalog/locale-text.ts, locale-catalogs.ts).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { functionSnapshot, writeFunctionSnapshot } from '../src/catalog/snapshot';
import { splitLocaleText, withLocaleText } from '../src/catalog/locale-text';
import { localeCatalogs, readFunctionCatalog } from '../src/catalog/locale-catalogs';
import { LOCALES } from '../src/catalog/locales';
import { localize } from '../src/catalog/localize';
import { catalog } from './helpers/site';

const dir = mkdtempSync(join(tmpdir(), 'locale-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('per-locale product text of the function', () => {
  const full = functionSnapshot(catalog);

  it('splitting then filling every locale back gives the function snapshot unchanged', () => {
    const { base, texts } = splitLocaleText(full);
    expect(texts.map((t) => t.locale)).toEqual(LOCALES.filter((l) => l !== 'fr'));
    expect(withLocaleText(base, texts)).toEqual(full);
    expect(base.products.every((p) => Object.keys(p.title).join() === 'fr' && Object.keys(p.body_html).join() === 'fr')).toBe(true);
  });

  it('writes a French snapshot and one text file per other locale, smaller together than before', () => {
    const path = writeFunctionSnapshot(catalog, dir);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['function-catalog.json', ...LOCALES.filter((l) => l !== 'fr').map((l) => `function-text-${l}.json`)].sort());
    expect(readFileSync(path, 'utf8').length).toBeLessThan(JSON.stringify(full).length / 2);
  });

  it.each(LOCALES)('%s: catalogFor(locale) gives every product text of that locale, French fallback included', (locale) => {
    const base = readFunctionCatalog(dir);
    const catalogs = localeCatalogs(base, dir);
    const local = catalogs.catalogFor(locale);
    expect(catalogs.catalogFor(locale)).toBe(local);
    full.products.forEach((p, i) => {
      const q = local.products[i];
      expect(localize(q.title, locale)).toBe(localize(p.title, locale));
      expect(localize(q.body, locale)).toBe(localize(p.body, locale));
      expect(q.body_html[locale]).toBe(p.body_html[locale]);
      expect(localize(q.product_type, locale)).toBe(localize(p.product_type, locale));
      expect(q.options.map((o) => [localize(o.name, locale), o.values.map((v) => localize(v, locale))])).toEqual(p.options.map((o) => [localize(o.name, locale), o.values.map((v) => localize(v, locale))]));
      expect(q.images.map((m) => localize(m.alt, locale))).toEqual(p.images.map((m) => localize(m.alt, locale)));
    });
  });

  it('complete() fills every locale; a missing text file is a clear error', () => {
    const base = readFunctionCatalog(dir);
    expect(localeCatalogs(base, dir).complete()).toEqual(full);
    expect(() => localeCatalogs(base, join(dir, 'missing')).catalogFor('de')).toThrow(/function-text-de\.json.*npm run build/);
    expect(() => readFunctionCatalog(join(dir, 'missing'))).toThrow(/function-catalog\.json.*npm run build/);
  });
});
