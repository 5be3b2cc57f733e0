/**
 * `npm run images`: draws a flat SVG illustration of what a product is (a pump, a tank with fish,
 * a seed packet...) for every product image referenced in content/products that has no file under
 * public/ yet. An existing file (a real photograph added later, a vendor's drawing) is never
 * overwritten. `npm run images -- --force` redraws the files this script made (they carry its
 * marker comment) and still leaves every other file alone.
 *
 * Why no words: the same file serves the 12 locales, so it holds no <text>, <title>, <desc> or
 * aria-label; the page's <img alt> (`images[].alt.<locale>` in the product's YAML) says in the
 * reader's language what the picture shows. Keep that alt text describing the drawing when the
 * drawing changes.
 *
 * What is drawn comes from data (scripts/images/scenes.ts, with the parts of
 * scripts/images/drawing.ts): SCENES gives each product handle a scene (a composition of the
 * shared parts: pumps, tanks, fish, plants, bottles, bags, packets, people...), the
 * product-type rules (BY_TYPE) give new products a fitting scene from their English product type,
 * and a category default catches the rest. Each category has its own background colours.
 * 800×800 viewBox, width/height from the YAML, a few KB a file.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContent } from '../src/catalog/load';
import type { Product, Image } from '../src/catalog/schema';
import { PALETTES, circle, f, rect, rng } from './images/drawing';
import { sceneFor, type Ctx } from './images/scenes';

export const MARKER = '<!-- drawn by scripts/generate-images.ts (npm run images) -->';

/** The SVG text of one product image (the `index`-th of the product). */
export function drawProductImage(product: Pick<Product, 'handle' | 'category' | 'product_type'>, image: Pick<Image, 'width' | 'height'>, index = 0): string {
  const pal = PALETTES[product.category];
  const defs: string[] = [];
  const use: Ctx['use'] = (key, draw) => {
    const id = key.replace(/[^a-z0-9]/gi, '');
    if (!defs.some((d) => d.startsWith(`<g id="${id}">`))) defs.push(`<g id="${id}">${draw()}</g>`);
    return (x, y, s = 1, fill = '') => `<use href="#${id}" transform="translate(${f(x)} ${f(y)})${s !== 1 ? ` scale(${s})` : ''}"${fill ? ` fill="${fill}"` : ''}/>`;
  };
  const scene = sceneFor(product)({ rand: rng(`${product.handle}#${index}`), pal, use });
  const body = (defs.length ? `<defs>${defs.join('')}</defs>` : '') + scene;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${image.width}" height="${image.height}" viewBox="0 0 800 800" stroke-linecap="round" stroke-linejoin="round">${MARKER}\n` +
    `${rect(0, 0, 800, 800, pal.bg)}${circle(400, 400, 330, pal.disc)}\n${body}\n</svg>\n`;
}

/**
 * Writes the SVG of every referenced product image that has no file yet; with `force`, also
 * redraws the files that carry MARKER. Never touches any other file, and never writes a
 * non-SVG path (a missing photograph is reported, not invented).
 * @returns the files written and the referenced non-SVG files that are missing
 */
export function generateImages(opts: { contentRoot: string; publicDir: string; force?: boolean }): { written: string[]; missing: string[] } {
  const { catalog } = loadContent(opts.contentRoot);
  const written: string[] = [], missing: string[] = [];
  for (const product of catalog.products) {
    product.images.forEach((image, index) => {
      const file = join(opts.publicDir, image.src);
      if (existsSync(file) && !(opts.force && readFileSync(file, 'utf8').includes(MARKER))) return;
      if (!image.src.endsWith('.svg')) return void missing.push(image.src);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, drawProductImage(product, image, index));
      written.push(image.src);
    });
  }
  return { written, missing };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const force = process.argv.includes('--force') || process.argv.includes('--redraw');
  const { written, missing } = generateImages({ contentRoot: process.env.CONTENT_ROOT ?? process.cwd(), publicDir: join(process.cwd(), 'public'), force });
  console.log(`images: ${written.length} SVG file(s) written under public/${force ? ' (--force: generated files redrawn)' : ''}`);
  for (const src of missing) console.warn(`images: missing ${src} (not an SVG: add the photograph under public/)`);
}
