/**
 * The frame of the search results page, which the function renders per request (src/http/search-page.ts)
 * but which must look like every static page: same head, stylesheet, header with the search box
 * and its script, footer. Astro renders it once per locale from the real layout
 * (src/pages/[...locale]/search-shell.astro) with {@link SHELL_TOKENS} where the request's values
 * go; {@link searchShell} then moves those 12 pages out of dist/ into one JSON file next to the
 * search indexes, which netlify.toml already ships with the function (`.generated/search/*.json`).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { LOCALES, localePrefix, type Locale } from '../catalog/locales';

/** Locale-less path of the template pages in dist/ (removed after the build). */
const SHELL_PATH = '/search-shell/';
/** File name of the templates, in the search index directory (src/search/index-store.ts). */
export const SHELL_FILE = 'page-shell.json';

/** Placeholders the function replaces: escaped page title, escaped query, URL-encoded query, main content. */
export const SHELL_TOKENS = {
  title: '%%search-title%%',
  query: '%%search-query%%',
  queryUrl: '%%search-query-url%%',
  main: '<!--%%search-main%%-->',
} as const;

/** The 12 templates, HTML text by locale. */
export type ShellFile = Record<Locale, string>;

/**
 * Astro integration, listed after @astrojs/sitemap: at the end of the build reads
 * `dist/[<locale>/]search-shell/index.html` of the 12 locales, writes them to
 * `<indexDir>/page-shell.json` and deletes them from dist/ (they are not pages anyone visits).
 * @param indexDir the search index directory, `.generated/search`
 * @throws Error at build time when a template is missing or lacks a placeholder
 */
export function searchShell(indexDir: string): AstroIntegration {
  return {
    name: 'search-shell',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const shells = {} as ShellFile;
        for (const locale of LOCALES) {
          const folder = join(root, `${localePrefix(locale)}${SHELL_PATH}`);
          const file = join(folder, 'index.html');
          if (!existsSync(file)) throw new Error(`${file} is missing: src/pages/[...locale]/search-shell.astro renders it`);
          const text = readFileSync(file, 'utf8');
          for (const token of Object.values(SHELL_TOKENS)) if (!text.includes(token)) throw new Error(`${file} lacks the placeholder ${token}`);
          shells[locale] = text;
          rmSync(folder, { recursive: true });
        }
        writeFileSync(join(indexDir, SHELL_FILE), JSON.stringify(shells));
        logger.info(`search page frames of ${LOCALES.length} locales → ${join(indexDir, SHELL_FILE)}`);
      },
    },
  };
}
