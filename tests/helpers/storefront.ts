/** Reading the built HTML storefront in dist/: pages by public path, every HTML file, JSON-LD blocks. */
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { load, type CheerioAPI } from 'cheerio';

export const DIST = join(process.cwd(), 'dist');

/** The dist/ file a public path is served from: "/en/products/x/" → dist/en/products/x/index.html. */
export function fileOfPath(pathname: string): string | null {
  const clean = decodeURIComponent(pathname.split(/[?#]/)[0]);
  const candidates = clean.endsWith('/') ? [join(DIST, clean, 'index.html')] : [join(DIST, clean), join(DIST, clean, 'index.html')];
  return candidates.find((f) => existsSync(f) && statSync(f).isFile()) ?? null;
}

/** Parsed HTML page at a public path; throws when no file serves it. */
export function page(pathname: string): CheerioAPI {
  const file = fileOfPath(pathname);
  if (!file) throw new Error(`no file in dist/ serves ${pathname}`);
  return load(readFileSync(file, 'utf8'));
}

/** Public paths of every HTML page in dist/ ("/", "/en/products/x/", "/404.html"). */
export function allHtmlPaths(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) {
        const rel = `/${relative(DIST, full).split(sep).join('/')}`;
        out.push(rel.endsWith('/index.html') ? rel.slice(0, -'index.html'.length) : rel);
      }
    }
  };
  walk(DIST);
  return out.sort();
}

/** Every JSON-LD object of a page, parsed (a parse error fails the caller). */
export function jsonLd($: CheerioAPI): Array<Record<string, unknown>> {
  return $('script[type="application/ld+json"]')
    .toArray()
    .map((el) => JSON.parse($(el).text()) as Record<string, unknown>);
}

/** The JSON-LD node of a type, or undefined. */
export function jsonLdOfType($: CheerioAPI, type: string): Record<string, any> | undefined {
  return jsonLd($).find((d) => d['@type'] === type);
}
