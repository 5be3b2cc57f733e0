/**
 * Loads and validates everything under `content/` into one plain `Catalog` object.
 * Used at build time only (scripts/build-data.ts, Astro pages, `npm run check`); the
 * function never parses YAML (it imports the JSON snapshot written by the build).
 */
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, relative, basename } from 'node:path';
import { CORE_SCHEMA, YAMLException, load as parseYaml } from 'js-yaml';
import matter from 'gray-matter';
import { renderMarkdown } from './markdown';
import type { z } from 'zod';
import { LOCALES, DEFAULT_LOCALE, isLocale, type Locale } from './locales';
import * as S from './schema';
import { type CatalogDiscount, Discount, discountProblems } from './discount-schema';
import type { Catalog, CatalogProduct, ContentPage } from './types';
import { localize } from './localize';
import { issuePath, issueText } from '../validation/issues';
import { describeStraightApostrophe, straightApostrophes } from './french-apostrophes';

/** Thrown when content is invalid; `errors` lists every problem as `file: path: message`. */
export class ContentError extends Error {
  constructor(
    readonly errors: string[],
    readonly warnings: string[] = [],
  ) {
    super(`${errors.length} content error(s):\n${errors.join('\n')}`);
    this.name = 'ContentError';
  }
}

/** What readYaml gives for a file it could not parse: told apart from a file holding `null`. */
const UNREADABLE = Symbol('unreadable YAML');

/**
 * A rule of a higher layer over one valid product (e.g. src/commerce/market.ts `pricingProblems`),
 * so that content validation reports it with the other errors without this module knowing it.
 * @returns the problems as `field path: message`, e.g. `variants[0].compare_at_price: ...`
 */
export type ProductCheck = (product: S.Product) => string[];

export interface LoadOptions {
  /** Rules applied to every product that passed the schema. */
  productChecks?: readonly ProductCheck[];
}

/**
 * Loads `content/` from `root` (the project directory).
 * @returns the catalog with published and unpublished products (sorted by id), and warnings
 *          (missing translations, which fall back to French).
 * @throws ContentError listing every error (README "Content model": duplicate ids and SKUs, unknown
 *         collection members, bad prices, missing French text, unknown locales...).
 */
export function loadContent(root: string, options: LoadOptions = {}): { catalog: Catalog; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  const rel = (file: string) => relative(root, file).split('\\').join('/');

  function validate<T extends z.ZodType>(schema: T, data: unknown, file: string, prefix = ''): z.infer<T> | undefined {
    // The file's syntax error is already reported; its schema errors would only repeat it.
    if (data === UNREADABLE) return undefined;
    const result = schema.safeParse(data);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      errors.push(`${rel(file)}: ${prefix}${issuePath(issue.path) || '(top level)'}: ${issueText(issue)}`);
    }
    return undefined;
  }

  /**
   * A YAML file as data, under YAML 1.2's core schema (strings, numbers, booleans, null: a date
   * such as 2026-01-01 stays a string, as the schemas expect). js-yaml rather than `yaml`: same
   * values for every file of content/, about six times faster, which a catalog of thousands of
   * products feels in every build (README "Performance").
   * @returns the data, or UNREADABLE when the file is not YAML (the error is then recorded)
   */
  function readYaml(file: string): unknown {
    try {
      const data: unknown = parseYaml(readFileSync(file, 'utf8'), { schema: CORE_SCHEMA, filename: rel(file) });
      checkFrenchApostrophes(data, '', file);
      return data;
    } catch (e) {
      const line = e instanceof YAMLException && e.mark ? `line ${e.mark.line + 1}: ` : '';
      errors.push(`${rel(file)}: ${line}${e instanceof YAMLException ? e.reason : e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
      return UNREADABLE;
    }
  }

  /**
   * Issue 39: the French text of a YAML file (every `fr:` string, at any depth) uses ’, never a
   * straight apostrophe outside code spans and URLs; each one is an error naming the field (and
   * the line within a text of several lines).
   */
  function checkFrenchApostrophes(value: unknown, path: string, file: string): void {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((v, i) => checkFrenchApostrophes(v, `${path}[${i}]`, file));
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const at = path ? `${path}.${k}` : k;
      if (k === DEFAULT_LOCALE && typeof v === 'string') {
        for (const found of straightApostrophes(v)) errors.push(`${rel(file)}: ${at}: ${v.includes('\n') ? `line ${found.line} of the text: ` : ''}${describeStraightApostrophe(found)}`);
      } else checkFrenchApostrophes(v, at, file);
    }
  }

  function warnMissingTranslations(value: unknown, path: string, file: string): void {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((v, i) => warnMissingTranslations(v, `${path}[${i}]`, file));
    const obj = value as Record<string, unknown>;
    if (typeof obj[DEFAULT_LOCALE] === 'string') {
      const missing = LOCALES.filter((l) => typeof obj[l] !== 'string');
      if (missing.length) warnings.push(`${rel(file)}: ${path}: no translation for ${missing.join(', ')} (falls back to ${DEFAULT_LOCALE})`);
      return;
    }
    for (const [k, v] of Object.entries(obj)) warnMissingTranslations(v, path ? `${path}.${k}` : k, file);
  }

  const dir = (name: string) => join(root, 'content', name);
  const yamlFiles = (name: string) =>
    existsSync(dir(name)) ? readdirSync(dir(name)).filter((f) => f.endsWith('.yaml')).sort().map((f) => join(dir(name), f)) : [];

  const store = validate(S.Store, readYaml(join(root, 'content/store.yaml')), join(root, 'content/store.yaml'));
  const shipping = validate(S.Shipping, readYaml(join(root, 'content/shipping.yaml')), join(root, 'content/shipping.yaml'));

  /**
   * Reads one product or collection file: validated, its missing translations warned about, its
   * handle equal to its file name and its id not used by another file of its kind (`ids`).
   */
  function readEntity<T extends z.ZodType<{ id: number; handle: string }>>(schema: T, file: string, ids: Map<number, string>): z.infer<T> | undefined {
    const raw = readYaml(file);
    const entity = validate(schema, raw, file);
    if (!entity) return undefined;
    warnMissingTranslations(raw, '', file);
    const where = rel(file);
    const name = basename(file, '.yaml');
    if (entity.handle !== name) errors.push(`${where}: handle: "${entity.handle}" must equal the file name "${name}"`);
    if (ids.has(entity.id)) errors.push(`${where}: id: ${entity.id} is already used by ${ids.get(entity.id)}`);
    ids.set(entity.id, where);
    return entity;
  }

  const products: CatalogProduct[] = [];
  const productIds = new Map<number, string>();
  const variantIds = new Map<number, string>();
  /** First use of each SKU, keyed upper-cased as src/catalog/ids.ts resolves SKUs. */
  const skus = new Map<string, { sku: string; where: string }>();
  const show = (v: unknown) => JSON.stringify(v);
  for (const file of yamlFiles('products')) {
    const product = readEntity(S.Product, file, productIds);
    if (!product) continue;
    const where = rel(file);
    const optionValues = product.options.map((o) => o.values.map((v) => (typeof v === 'string' ? v : v.fr)));
    product.variants.forEach((variant, i) => {
      if (variantIds.has(variant.id)) errors.push(`${where}: variants[${i}].id: ${variant.id} is already used by ${variantIds.get(variant.id)}`);
      variantIds.set(variant.id, `${where} variants[${i}]`);
      if (variant.sku !== null) {
        const key = variant.sku.toUpperCase();
        const first = skus.get(key);
        if (first) {
          const otherCase = first.sku === variant.sku ? '' : ` (${show(first.sku)}; SKUs are compared case-insensitively)`;
          errors.push(`${where}: variants[${i}].sku: ${show(variant.sku)} is already used by ${first.where}${otherCase}`);
        } else skus.set(key, { sku: variant.sku, where: `${where} variants[${i}]` });
      }
      if (variant.options.length !== product.options.length)
        errors.push(`${where}: variants[${i}].options: has ${variant.options.length} value(s) but the product has ${product.options.length} option(s)`);
      variant.options.forEach((value, j) => {
        if (optionValues[j] && !optionValues[j].includes(value))
          errors.push(`${where}: variants[${i}].options[${j}]: "${value}" is not a value of option ${j + 1} (${optionValues[j].join(', ')})`);
      });
      if (variant.image !== null && variant.image > product.images.length)
        errors.push(`${where}: variants[${i}].image: ${variant.image} but the product has ${product.images.length} image(s)`);
    });
    for (const check of options.productChecks ?? []) for (const problem of check(product)) errors.push(`${where}: ${problem}`);
    const combos = product.variants.map((v) => v.options.join(' / '));
    combos.forEach((c, i) => {
      if (combos.indexOf(c) !== i) errors.push(`${where}: variants[${i}].options: the combination "${c}" is used twice`);
    });
    const body_html = Object.fromEntries(LOCALES.map((l) => [l, renderMarkdown(localize(product.body, l))]));
    products.push({ ...product, body_html } as CatalogProduct);
  }
  products.sort((a, b) => a.id - b.id);
  const handles = new Set(products.map((p) => p.handle));

  const collections: S.Collection[] = [];
  const collectionIds = new Map<number, string>();
  for (const file of yamlFiles('collections')) {
    const collection = readEntity(S.Collection, file, collectionIds);
    if (!collection) continue;
    const where = rel(file);
    collection.products.forEach((h, i) => {
      if (!handles.has(h)) errors.push(`${where}: products[${i}]: "${h}" is not a product handle (no content/products/${h}.yaml)`);
    });
    collections.push(collection);
  }
  collections.sort((a, b) => a.id - b.id);

  // Discount offers (issue 38): one per file, its handle the file name; an absent folder is no offers.
  const discounts: CatalogDiscount[] = [];
  for (const file of yamlFiles('discounts')) {
    const raw = readYaml(file);
    const discount = validate(Discount, raw, file);
    if (!discount) continue;
    warnMissingTranslations(raw, '', file);
    discounts.push({ ...discount, handle: basename(file, '.yaml') });
  }
  const known = { collections: new Set(collections.map((c) => c.handle)), products: handles, variants: new Set(products.flatMap((p) => p.variants.map((v) => v.id))) };
  for (const [handle, problem] of discountProblems(discounts, known)) errors.push(`content/discounts/${handle}.yaml: ${problem}`);

  const pages = loadMarkdown('pages', S.PageMeta);
  const articles = loadMarkdown('articles', S.ArticleMeta);

  if (store) {
    for (const [key, handle] of Object.entries(store.pages))
      if (!pages.some((p) => p.handle === handle)) errors.push(`content/store.yaml: pages.${key}: "${handle}" is not a page (no content/pages/${handle}/fr.md)`);
  }
  if (errors.length || !store || !shipping) throw new ContentError(errors, warnings);
  return { catalog: { store, shipping, products, collections, discounts, pages, articles }, warnings };

  function loadMarkdown<T extends z.ZodType>(kind: 'pages' | 'articles', schema: T): ContentPage<z.infer<T>>[] {
    if (!existsSync(dir(kind))) return [];
    const out: ContentPage<z.infer<T>>[] = [];
    const ids = new Map<number, string>();
    for (const handle of readdirSync(dir(kind)).sort()) {
      const folder = join(dir(kind), handle);
      if (!statSync(folder).isDirectory()) {
        errors.push(`${rel(folder)}: expected a folder content/${kind}/<handle>/ holding one <locale>.md per locale`);
        continue;
      }
      const entry: ContentPage<z.infer<T>> = { handle, id: 0, locales: {} };
      for (const name of readdirSync(folder).sort()) {
        const file = join(folder, name);
        const locale = basename(name, '.md');
        if (!name.endsWith('.md') || !isLocale(locale)) {
          errors.push(`${rel(file)}: unknown locale file "${name}" (expected one of ${LOCALES.map((l) => `${l}.md`).join(', ')})`);
          continue;
        }
        let parsed: matter.GrayMatterFile<string>;
        try {
          parsed = matter(readFileSync(file, 'utf8'));
        } catch (e) {
          errors.push(`${rel(file)}: front matter: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
          continue;
        }
        if (locale === DEFAULT_LOCALE) checkFrenchMarkdown(file, parsed);
        const meta = validate(schema, normaliseDates(parsed.data), file, 'front matter ');
        if (!meta) continue;
        const id = (meta as unknown as { id: number }).id;
        if (entry.id && entry.id !== id) errors.push(`${rel(file)}: front matter id: ${id} differs from the other locales (${entry.id})`);
        entry.id ||= id;
        if (!parsed.content.trim()) errors.push(`${rel(file)}: body: is empty`);
        entry.locales[locale as Locale] = { meta, html: renderMarkdown(parsed.content), markdown: parsed.content.trim() };
      }
      if (!entry.locales[DEFAULT_LOCALE]) {
        errors.push(`content/${kind}/${handle}: missing default-locale (${DEFAULT_LOCALE}) file ${DEFAULT_LOCALE}.md`);
        continue;
      }
      const missing = LOCALES.filter((l) => !entry.locales[l]);
      if (missing.length) warnings.push(`content/${kind}/${handle}: no translation for ${missing.join(', ')} (falls back to ${DEFAULT_LOCALE})`);
      if (ids.has(entry.id)) errors.push(`content/${kind}/${handle}: id: ${entry.id} is already used by content/${kind}/${ids.get(entry.id)}`);
      ids.set(entry.id, handle);
      out.push(entry);
    }
    return out.sort((a, b) => a.id - b.id);
  }

  /** Issue 39 for a French page or article: no straight apostrophe in its front matter's texts or in its body (line of the file). */
  function checkFrenchMarkdown(file: string, parsed: matter.GrayMatterFile<string>): void {
    for (const [key, value] of Object.entries(parsed.data)) {
      if (typeof value === 'string') for (const found of straightApostrophes(value)) errors.push(`${rel(file)}: front matter ${key}: ${describeStraightApostrophe(found)}`);
    }
    const whole = String(parsed.orig);
    const start = whole.lastIndexOf(parsed.content);
    const bodyLine = start < 0 ? 0 : whole.slice(0, start).split('\n').length - 1;
    for (const found of straightApostrophes(parsed.content)) errors.push(`${rel(file)}: line ${bodyLine + found.line}: ${describeStraightApostrophe(found)}`);
  }
}

/** gray-matter turns unquoted dates into Date objects; the schema wants ISO strings. */
function normaliseDates(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v instanceof Date ? v.toISOString().replace('.000Z', 'Z') : v]));
}
