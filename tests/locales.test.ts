// The 12 locales are written once, in content/store.yaml: the code (src/catalog/locales.ts, through
// the module generated from it), astro.config.mjs (i18n routing and the sitemap) and netlify.toml
// (the locale 404 pages) all follow that list.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { parse as parseToml } from 'smol-toml';
import { DEFAULT_LOCALE, LOCALES } from '../src/catalog/locales';
import { LOCALES_MODULE, localesModule } from '../scripts/lib/locales-module';
import astroConfig from '../astro.config.mjs';

const store = parseYaml(readFileSync('content/store.yaml', 'utf8')) as { default_locale: string; locales: string[] };

describe('locales (content/store.yaml)', () => {
  it('the code reads them from store.yaml: the generated module is up to date (npm run build rewrites it)', () => {
    expect(readFileSync(LOCALES_MODULE, 'utf8')).toBe(localesModule(process.cwd()));
    expect(LOCALES).toEqual(store.locales);
    expect(DEFAULT_LOCALE).toBe(store.default_locale);
  });

  it('astro.config.mjs takes its i18n locales from store.yaml', () => {
    expect(astroConfig.i18n?.locales).toEqual(store.locales);
    expect(astroConfig.i18n?.defaultLocale).toBe(store.default_locale);
  });

  it('netlify.toml serves the 404 page of every prefixed locale', () => {
    const toml = parseToml(readFileSync('netlify.toml', 'utf8')) as { redirects: Array<{ from: string; to: string; status?: number }> };
    const notFound = toml.redirects.filter((r) => r.status === 404).map((r) => r.from);
    for (const locale of store.locales.filter((l) => l !== store.default_locale)) expect(notFound).toContain(`/${locale}/*`);
  });
});
