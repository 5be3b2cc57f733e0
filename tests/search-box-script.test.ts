// The search box in the built pages: present in every page of the 12 locales, pointing to the
// locale's results page and suggestions, and the one script it adds stays under 5 KB gzipped.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { allHtmlPaths, DIST, fileOfPath } from './helpers/storefront';
import { LOCALES, localePrefix, type Locale } from '../src/catalog/locales';

/** Budget of the search box's script, gzipped, in bytes (README "Search in the storefront": a few KB gzipped, under 5 KB). */
const BUDGET = 5 * 1024;

const html = (path: string) => readFileSync(fileOfPath(path)!, 'utf8');
const localeOfPath = (path: string): Locale => (LOCALES.find((l) => l !== 'fr' && path.startsWith(`/${l}/`)) ?? 'fr') as Locale;

/** Every JavaScript byte a page loads: module scripts by URL, the modules they import, inline scripts other than JSON-LD. */
function scriptBytes(page: string): { files: string[]; bytes: Buffer } {
  const files = new Set<string>();
  const queue = [...page.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  while (queue.length) {
    const url = queue.shift()!;
    if (files.has(url)) continue;
    files.add(url);
    const text = readFileSync(join(DIST, url), 'utf8');
    for (const m of text.matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g)) queue.push(new URL(m[1], `http://x${url}`).pathname);
  }
  const inline = [...page.matchAll(/<script(?![^>]*(?:\bsrc=|application\/ld\+json))[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
  return { files: [...files], bytes: Buffer.concat([...[...files].map((f) => readFileSync(join(DIST, f))), Buffer.from(inline)]) };
}

describe('the search box in the built pages', () => {
  const paths = allHtmlPaths();

  it('is in the header of every page, as a GET form to the locale\'s results page with its suggestions URL', () => {
    const wrong: string[] = [];
    for (const path of paths) {
      const text = html(path);
      const prefix = localePrefix(localeOfPath(path));
      const forms = text.match(/<form class="search-box"[^>]*>/g) ?? [];
      const ok = forms.length === 1 && forms[0].includes(`action="${prefix}/search"`) && forms[0].includes('method="get"') && forms[0].includes(`data-suggest="${prefix}/search/suggest.json"`) && /<header[\s\S]*<form class="search-box"[\s\S]*<\/header>/.test(text);
      if (!ok) wrong.push(path);
    }
    expect(paths.length).toBeGreaterThan(LOCALES.length * 10);
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it(`adds one script, under ${BUDGET} bytes gzipped, the same file on every page`, () => {
    const home = scriptBytes(html('/'));
    expect(home.files).toHaveLength(1);
    const gzipped = gzipSync(home.bytes, { level: 9 }).length;
    console.log(`search box script: ${home.files.join(', ')}: ${home.bytes.length} bytes, ${gzipped} bytes gzipped`);
    expect(gzipped).toBeGreaterThan(500); // the measure found the script
    expect(gzipped).toBeLessThanOrEqual(BUDGET);
    for (const path of ['/en/products/kit-aquaponie-balcon/', '/cs/collections/all/', '/da/404/']) expect(scriptBytes(html(path)).files).toEqual(home.files);
  });
});
