// README "Content model": content errors name the file, the field path and what is wrong.
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { loadContent, ContentError } from '../src/catalog/load';
import { contentFixture, productYaml } from './helpers/content-fixture';
import { loadStoreContent } from '../scripts/lib/content';
import { CATEGORIES } from '../src/catalog/schema';

function errorsOf(root: string, load: (root: string) => unknown = loadContent): string[] {
  try {
    load(root);
  } catch (e) {
    if (e instanceof ContentError) return e.errors;
    throw e;
  }
  throw new Error('expected content errors, got none');
}

const variant = (id: number, price: string, options: string[] = ['60 L']) => ({ id, sku: `S${id}`, options, price, grams: 100 });
/** The fixture's product: content/products/kit-aquaponie-balcon.yaml as it is (tests/helpers/content-fixture.ts). */
const FIXTURE = productYaml() as { id: number; variants: Array<{ id: number; sku: string }> };

describe('content validation', () => {
  it('accepts the fixture', () => {
    const { catalog, warnings } = loadContent(contentFixture());
    expect(catalog.products.map((p) => p.handle)).toEqual(['kit-aquaponie-balcon']);
    expect(warnings.some((w) => w.includes('collections/all.yaml: title: no translation for en'))).toBe(true);
  });

  it('rejects a price that is not an exact decimal string', () => {
    const root = contentFixture({
      'content/products/kit-balcon.yaml': productYaml({ id: 1002, handle: 'kit-balcon', variants: [variant(7, '12.50'), variant(8, '12,5', ['120 L'])] }),
    });
    expect(errorsOf(root)).toContain('content/products/kit-balcon.yaml: variants[1].price: "12,5" is not a price like "12.50"');
  });

  it('rejects, at build, a compare-at price that is not above the price', () => {
    const root = contentFixture({ 'content/products/kit-balcon.yaml': productYaml({ id: 1002, handle: 'kit-balcon', variants: [{ ...variant(7, '12.50'), compare_at_price: '12.50' }] }) });
    expect(errorsOf(root, loadStoreContent)).toEqual(['content/products/kit-balcon.yaml: variants[0].compare_at_price: "12.50" must be higher than price "12.50"']);
  });

  it('rejects a price written as a number', () => {
    const root = contentFixture({ 'content/products/kit-balcon.yaml': productYaml({ id: 1002, handle: 'kit-balcon', variants: [{ ...variant(7, '1'), price: 12.5 }] }) });
    expect(errorsOf(root)).toContain('content/products/kit-balcon.yaml: variants[0].price: 12.5 is not a price like "12.50" (write it as a quoted string)');
  });

  it('rejects duplicate product and variant ids', () => {
    const root = contentFixture({ 'content/products/kit-bis.yaml': productYaml({ handle: 'kit-bis' }) });
    const errors = errorsOf(root);
    expect(errors).toContain(`content/products/kit-bis.yaml: id: ${FIXTURE.id} is already used by content/products/kit-aquaponie-balcon.yaml`);
    expect(errors).toContain(`content/products/kit-bis.yaml: variants[0].id: ${FIXTURE.variants[0].id} is already used by content/products/kit-aquaponie-balcon.yaml variants[0]`);
  });

  it('rejects a SKU used by two products, compared case-insensitively as lookup_catalog resolves SKUs', () => {
    const root = contentFixture({ 'content/products/kit-bis.yaml': productYaml({ id: 1002, handle: 'kit-bis', variants: [{ ...variant(7, '12.50'), sku: FIXTURE.variants[0].sku.toLowerCase() }] }) });
    expect(errorsOf(root)).toEqual([
      `content/products/kit-bis.yaml: variants[0].sku: "${FIXTURE.variants[0].sku.toLowerCase()}" is already used by content/products/kit-aquaponie-balcon.yaml variants[0] ("${FIXTURE.variants[0].sku}"; SKUs are compared case-insensitively)`,
    ]);
  });

  it('rejects an unknown category, listing the categories and where they are defined', () => {
    const root = contentFixture({ 'content/products/kit-aquaponie-balcon.yaml': productYaml({ category: 'fish' }) });
    expect(errorsOf(root)).toEqual([
      `content/products/kit-aquaponie-balcon.yaml: category: "fish" is not a category; the categories are ${CATEGORIES.join(', ')} (CATEGORIES in src/catalog/schema.ts)`,
    ]);
  });

  it('rejects missing French text and unknown locales', () => {
    const p = productYaml();
    const root = contentFixture({
      'content/products/kit-aquaponie-balcon.yaml': { ...p, title: { en: 'Balcony kit' }, product_type: { ...(p.product_type as object), xx: 'Kit' } },
    });
    const errors = errorsOf(root);
    expect(errors).toContain('content/products/kit-aquaponie-balcon.yaml: title.fr: missing default-locale (fr) text');
    expect(errors).toContain('content/products/kit-aquaponie-balcon.yaml: product_type: unknown locale "xx" (locales are fr, en, de, nl, cs, ru, it, pt, pl, es, sv, da)');
  });

  it('rejects unknown collection members', () => {
    const root = contentFixture({
      'content/collections/pompes.yaml': { id: 4002, handle: 'pompes', title: { fr: 'Pompes' }, published_at: '2026-01-01T00:00:00+01:00', updated_at: '2026-01-01T00:00:00+01:00', products: ['kit-aquaponie-balcon', 'pompe-fantome'] },
    });
    expect(errorsOf(root)).toEqual(['content/collections/pompes.yaml: products[1]: "pompe-fantome" is not a product handle (no content/products/pompe-fantome.yaml)']);
  });

  it('rejects variant options that are not values of the product options, and unknown fields', () => {
    const root = contentFixture({ 'content/products/kit-aquaponie-balcon.yaml': productYaml({ colour: 'red', variants: [variant(FIXTURE.variants[0].id, '10.00', ['90 L'])] }) });
    const errors = errorsOf(root);
    expect(errors).toContain('content/products/kit-aquaponie-balcon.yaml: (top level): unknown field "colour"');
    const root2 = contentFixture({ 'content/products/kit-aquaponie-balcon.yaml': productYaml({ variants: [variant(FIXTURE.variants[0].id, '10.00', ['90 L'])] }) });
    expect(errorsOf(root2)).toEqual(['content/products/kit-aquaponie-balcon.yaml: variants[0].options[0]: "90 L" is not a value of option 1 (60 L, 120 L)']);
  });

  it('rejects a handle that differs from its file name and a missing French page', () => {
    const root = contentFixture({
      'content/products/autre-nom.yaml': productYaml({ id: 1009, variants: [variant(100901, '10.00')] }),
      'content/articles/guide/en.md': '---\nid: 5001\ntitle: Guide\ndescription: A guide\npublished_at: "2026-01-01T00:00:00+01:00"\nupdated_at: "2026-01-01T00:00:00+01:00"\nauthor: A\n---\nText\n',
    });
    const errors = errorsOf(root);
    expect(errors).toContain('content/products/autre-nom.yaml: handle: "kit-aquaponie-balcon" must equal the file name "autre-nom"');
    expect(errors).toContain('content/articles/guide: missing default-locale (fr) file fr.md');
  });

  it('reports YAML syntax errors with their line, and nothing else for that file', () => {
    const root = contentFixture({ 'content/products/kit-aquaponie-balcon.yaml': 'id: 1001\ntitle: {fr: "x"\n' });
    const ofFile = errorsOf(root).filter((e) => e.startsWith('content/products/kit-aquaponie-balcon.yaml: '));
    expect(ofFile).toHaveLength(1);
    expect(ofFile[0]).toMatch(/^content\/products\/kit-aquaponie-balcon\.yaml: line \d+: /);
  });
});

describe('npm run check', () => {
  it('exits 1 and prints the errors for broken content (a bad price, a SKU used twice), 0 with warnings for valid content', () => {
    const broken = contentFixture({ 'content/products/kit-balcon.yaml': productYaml({ id: 1002, handle: 'kit-balcon', variants: [variant(7, '12,5')] }) });
    const run = (root: string) => {
      try {
        const env = { ...process.env, CONTENT_ROOT: root };
        return { code: 0, out: execFileSync(process.execPath, ['--import', 'tsx', 'scripts/check-content.ts'], { env, encoding: 'utf8', stdio: 'pipe' }) };
      } catch (e) {
        const err = e as { status: number; stderr: string };
        return { code: err.status, out: err.stderr };
      }
    };
    const bad = run(broken);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('error: content/products/kit-balcon.yaml: variants[0].price: "12,5" is not a price like "12.50"');
    const twice = run(contentFixture({ 'content/products/kit-bis.yaml': productYaml({ id: 1002, handle: 'kit-bis', variants: [{ ...variant(7, '12.50'), sku: FIXTURE.variants[0].sku }] }) }));
    expect(twice.code).toBe(1);
    expect(twice.out).toContain(`error: content/products/kit-bis.yaml: variants[0].sku: "${FIXTURE.variants[0].sku}" is already used by content/products/kit-aquaponie-balcon.yaml variants[0]\n`);
    const good = run(contentFixture());
    expect(good.code).toBe(0);
    expect(good.out).toMatch(/content OK: 1 products/);
  });
});
