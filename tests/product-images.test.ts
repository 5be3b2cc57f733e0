// Product images (scripts/generate-images.ts, `npm run images`): one SVG illustration serves the
// 12 locales, so it holds no words; the product's YAML holds them, an alt text per locale that says
// what the picture shows. The drawings tell a pump from a tank or a seed packet at a glance.
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { loadContent } from '../src/catalog/load';
import { LOCALES } from '../src/catalog/locales';
import { drawProductImage, generateImages, MARKER } from '../scripts/generate-images';
import { contentFixture, productYaml } from './helpers/content-fixture';

const ROOT = process.cwd();
const { catalog } = loadContent(ROOT);
/** Bytes at most per SVG illustration: flat drawings stay small. */
const MAX_BYTES = 4096;
const images = catalog.products.flatMap((product) => product.images.map((image, index) => ({ product, image, index, file: join(ROOT, 'public', image.src) })));
const svgs = images.filter(({ image, file }) => image.src.endsWith('.svg') && existsSync(file)).map((i) => ({ ...i, text: readFileSync(i.file, 'utf8') }));
/** How an illustration's alt text begins in each locale (French puts a narrow no-break space before the colon); a locale not listed is not checked. */
const ILLUSTRATION: Partial<Record<(typeof LOCALES)[number], string>> = {
  fr: 'Illustration\u202f: ', en: 'Illustration: ', de: 'Illustration: ', nl: 'Illustratie: ', cs: 'Ilustrace: ', ru: 'Иллюстрация: ',
  it: 'Illustrazione: ', pt: 'Ilustração: ', pl: 'Ilustracja: ', es: 'Ilustración: ', sv: 'Illustration: ', da: 'Illustration: ',
};
/** Elements that would put words (or anything but a drawing) in a file shared by 12 locales. */
const WORDY = new Set(['text', 'tspan', 'textPath', 'title', 'desc', 'metadata', 'foreignObject', 'script', 'a', 'image']);

type XmlNode = Record<string, unknown> & { ':@'?: Record<string, string> };
/** Every element of a parsed document (fast-xml-parser's preserveOrder form) with its attributes, and its text nodes. */
function walk(nodes: XmlNode[], out: { elements: Array<{ name: string; attrs: Record<string, string> }>; texts: string[] } = { elements: [], texts: [] }) {
  for (const node of nodes) {
    for (const [key, value] of Object.entries(node)) {
      if (key === ':@') continue;
      if (key === '#text') out.texts.push(String(value));
      else if (key !== '#comment' && key !== '?xml') {
        out.elements.push({ name: key, attrs: node[':@'] ?? {} });
        walk(value as XmlNode[], out);
      }
    }
  }
  return out;
}
const parse = (text: string) => walk(new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', preserveOrder: true, commentPropName: '#comment' }).parse(text) as XmlNode[]);
/** The drawing itself: the file without its size, so two products' pictures can be compared. */
const drawing = (text: string) => text.replace(/ (width|height)="\d+"/g, '');

describe('product images', () => {
  it('exist under public/ for every image the products reference', () => {
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter(({ file }) => !existsSync(file)).map(({ image }) => image.src)).toEqual([]);
  });

  it('are well-formed SVG documents, sized as the YAML says, with an 800×800 drawing', () => {
    const problems: string[] = [];
    for (const { image, text } of svgs) {
      const valid = XMLValidator.validate(text);
      if (valid !== true) { problems.push(`${image.src}: not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`); continue; }
      const root = parse(text).elements[0];
      if (root?.name !== 'svg' || root.attrs.xmlns !== 'http://www.w3.org/2000/svg') problems.push(`${image.src}: the root is not an <svg> in the SVG namespace`);
      else {
        if (root.attrs.width !== String(image.width) || root.attrs.height !== String(image.height)) problems.push(`${image.src}: ${root.attrs.width}×${root.attrs.height}, the YAML says ${image.width}×${image.height}`);
        if (root.attrs.viewBox !== '0 0 800 800') problems.push(`${image.src}: viewBox "${root.attrs.viewBox}", expected "0 0 800 800"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('hold no words: no text, title, desc or aria-label, nothing outside the file', () => {
    const problems: string[] = [];
    for (const { image, text } of svgs) {
      if (XMLValidator.validate(text) !== true) continue;
      const { elements, texts } = parse(text);
      for (const { name, attrs } of elements) {
        if (WORDY.has(name)) problems.push(`${image.src}: <${name}>`);
        for (const [attr, value] of Object.entries(attrs)) {
          if (/^aria-|^role$/.test(attr)) problems.push(`${image.src}: ${attr}="${value}"`);
          if (/(^|:)href$/.test(attr) && !value.startsWith('#')) problems.push(`${image.src}: ${attr}="${value}" (the drawing must stand alone)`);
        }
      }
      for (const t of texts) if (t.trim()) problems.push(`${image.src}: text "${t.trim()}"`);
    }
    expect(problems).toEqual([]);
  });

  it(`stay under ${MAX_BYTES} bytes each`, () => {
    expect(svgs.filter(({ file }) => statSync(file).size > MAX_BYTES).map(({ image, file }) => `${image.src}: ${statSync(file).size} bytes`)).toEqual([]);
  });

  it('differ from one category to another, and vary within a category', () => {
    const byDrawing = new Map<string, Set<string>>();
    for (const { product, text } of svgs) byDrawing.set(drawing(text), (byDrawing.get(drawing(text)) ?? new Set()).add(product.category));
    expect([...byDrawing.values()].filter((categories) => categories.size > 1).map((c) => [...c].join(' and ') + ' share a drawing')).toEqual([]);
    const categories = new Set(svgs.map(({ product }) => product.category));
    for (const category of categories) {
      const ofCategory = svgs.filter(({ product }) => product.category === category);
      if (ofCategory.length > 1) expect(new Set(ofCategory.map(({ text }) => drawing(text))).size, `${category}: every product has the same drawing`).toBeGreaterThan(1);
    }
  });

  it('that the script drew are what it draws today (after changing it: npm run images -- --force)', () => {
    const stale = svgs.filter(({ text }) => text.includes(MARKER)).filter(({ product, image, index, text }) => drawProductImage(product, image, index) !== text);
    expect(stale.map(({ image }) => image.src)).toEqual([]);
  });

  it('have an alt text in each of the 12 locales, each in its own language, saying an illustration is one', () => {
    const problems: string[] = [];
    for (const { product, image, file } of images) {
      const alt = image.alt as Record<string, string | undefined>;
      const where = `${product.handle} ${image.src}`;
      for (const locale of LOCALES) {
        const text = alt[locale]?.trim();
        if (!text) { problems.push(`${where}: no alt in ${locale}`); continue; }
        for (const other of LOCALES) if (other < locale && alt[other]?.trim() === text) problems.push(`${where}: the ${locale} alt is the ${other} one`);
        if (image.src.endsWith('.svg') && existsSync(file) && readFileSync(file, 'utf8').includes(MARKER) && ILLUSTRATION[locale] !== undefined && !text.startsWith(ILLUSTRATION[locale]))
          problems.push(`${where}: the ${locale} alt of a drawing should begin "${ILLUSTRATION[locale]}", not "${text.slice(0, 30)}…"`);
      }
      const fr = alt.fr ?? '';
      if (/[^\u202f][:;?!]/.test(fr)) problems.push(`${where}: French puts a narrow no-break space (U+202F) before : ; ? ! in "${fr}"`);
    }
    expect(problems).toEqual([]);
  });
});

describe('npm run images', () => {
  const fixture = (images?: unknown[]) => {
    const root = contentFixture(images ? { 'content/products/kit-aquaponie-balcon.yaml': productYaml({ images }) } : {});
    return { root, publicDir: join(root, 'public') };
  };

  it('draws the missing SVGs, never overwrites a file, and redraws only its own drawings with --force', () => {
    const { root, publicDir } = fixture();
    const src = '/images/products/kit-aquaponie-balcon.svg', file = join(publicDir, src);
    expect(generateImages({ contentRoot: root, publicDir }).written).toEqual([src]);
    const drawn = readFileSync(file, 'utf8');
    expect(drawn).toContain(MARKER);
    expect(drawn).not.toMatch(/<text|<title|aria-label/);
    expect(generateImages({ contentRoot: root, publicDir }).written).toEqual([]);

    writeFileSync(file, drawn.replace('</svg>', '<circle r="1"/></svg>'));
    expect(generateImages({ contentRoot: root, publicDir, force: true }).written).toEqual([src]);
    expect(readFileSync(file, 'utf8')).toBe(drawn);

    const vendors = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"/>';
    writeFileSync(file, vendors);
    expect(generateImages({ contentRoot: root, publicDir, force: true }).written).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(vendors);
  });

  it('reports a missing photograph instead of writing an SVG under its name', () => {
    const { root, publicDir } = fixture([{ src: '/images/products/kit.jpg', width: 800, height: 600, alt: { fr: 'Photo du kit' } }]);
    expect(generateImages({ contentRoot: root, publicDir })).toEqual({ written: [], missing: ['/images/products/kit.jpg'] });
    expect(existsSync(join(publicDir, 'images/products/kit.jpg'))).toBe(false);
  });
});
