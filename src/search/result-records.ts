/**
 * The result objects of a locale, rendered at build time (scripts/build-search.ts) into
 * `.generated/search/<locale>.results.json`, so that a search answers without the catalog
 * snapshot: a cold function instance reads this file as bytes and parses only the records it
 * shows, instead of parsing the whole snapshot (docs/search.md "Benchmarks").
 *
 * The file is one JSON document, written one record per line so that a record can be parsed
 * alone:
 *
 *     {"header":{"format":…,"version":1,"locale":"fr","ids":[…],"unavailable":[…]},"records":[
 *     {…record of ids[0]…},
 *     {…record of ids[1]…}
 *     ]}
 *
 * `ids` are the search document ids (`product:<handle>`, `collection:…`, `page:…`,
 * `article:…`) in record order: published products by id, then collections, pages and articles
 * in catalog order. `unavailable` lists the products that cannot be bought (no variant in stock
 * nor on backorder, from the stock counted in content). A record is the object
 * `/search/suggest.json` returns, its `url` without tracking parameters (src/search/results.ts).
 */
import { readFileSync } from 'node:fs';
import type { Catalog, CatalogProduct } from '../catalog/types';
import type { Locale } from '../catalog/locales';
import { publishedProducts } from '../catalog/query';
import { viewContext } from '../views/context';
import { productOffers } from '../commerce/market';
import { articleResult, collectionResult, pageResult, productResult } from './results';

/** A result of a product, collection, page or article, `url` without tracking parameters. */
export type ResultRecord =
  | ReturnType<typeof productResult>
  | ReturnType<typeof collectionResult>
  | ReturnType<typeof pageResult>
  | ReturnType<typeof articleResult>;

interface Header {
  format: 'poissons-et-pousses/search-results';
  version: 1;
  locale: Locale;
  ids: string[];
  unavailable: string[];
}

const FORMAT = 'poissons-et-pousses/search-results';
const OPEN = '{"header":';
const RECORDS = ',"records":[';
const NEWLINE = 0x0a;

/**
 * Renders the results file of a locale.
 * @param catalog the build's snapshot (every locale's text)
 * @returns the file's text (UTF-8), a valid JSON document
 */
export function resultRecordsFile(catalog: Catalog, locale: Locale): string {
  const ctx = viewContext(catalog, locale);
  const ids: string[] = [];
  const records: string[] = [];
  const unavailable: string[] = [];
  const add = (id: string, record: ResultRecord) => {
    ids.push(id);
    records.push(JSON.stringify(record));
  };
  for (const product of publishedProducts(catalog) as CatalogProduct[]) {
    const id = `product:${product.handle}`;
    add(id, productResult(product, ctx));
    if (!productOffers(catalog.store, product, undefined).some((o) => o.available)) unavailable.push(id);
  }
  for (const c of catalog.collections) add(`collection:${c.handle}`, collectionResult(c, ctx));
  for (const p of catalog.pages) add(`page:${p.handle}`, pageResult(p, ctx));
  for (const a of catalog.articles) add(`article:${a.handle}`, articleResult(a, ctx));
  const header: Header = { format: FORMAT, version: 1, locale, ids, unavailable };
  return `${OPEN}${JSON.stringify(header)}${RECORDS}${records.length ? `\n${records.join(',\n')}` : ''}\n]}`;
}

/**
 * The result records of one locale, read from its file. The file is read as bytes once; the
 * header is parsed at once, each record when first asked for.
 */
export class ResultRecords {
  readonly locale: Locale;
  private readonly bytes: Buffer;
  /** Line of each id (the first record is on line 1). */
  private readonly lineOf = new Map<string, number>();
  private readonly unavailable: ReadonlySet<string>;
  /** Byte offset of the start of each line. */
  private readonly lineStarts: number[] = [0];
  private readonly parsed = new Map<string, ResultRecord>();

  /**
   * @param bytes the file's content
   * @throws Error when it is not a results file of this format (rebuild with `npm run build`)
   */
  constructor(bytes: Buffer) {
    this.bytes = bytes;
    for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) this.lineStarts.push(at + 1);
    const first = bytes.toString('utf8', 0, this.lineStarts[1] - 1);
    const header = (first.startsWith(OPEN) && first.endsWith(RECORDS) ? JSON.parse(first.slice(OPEN.length, -RECORDS.length)) : undefined) as Header | undefined;
    if (header?.format !== FORMAT || header.version !== 1 || this.lineStarts.length !== header.ids.length + 2) {
      throw new Error('not a search results file of format version 1 (run "npm run build")');
    }
    this.locale = header.locale;
    header.ids.forEach((id, i) => this.lineOf.set(id, i + 1));
    this.unavailable = new Set(header.unavailable);
  }

  /** True when `id` (`<type>:<handle>`) is a result this locale can show. */
  has(id: string): boolean {
    return this.lineOf.has(id);
  }

  /** False for a product that cannot be bought (stock counted in content); true for anything else. */
  available(id: string): boolean {
    return !this.unavailable.has(id);
  }

  /**
   * The record of a result (the same object on every call: callers copy before changing it).
   * @throws Error when the id has no record ({@link has} first)
   */
  record(id: string): ResultRecord {
    let record = this.parsed.get(id);
    if (!record) {
      const line = this.lineOf.get(id);
      if (line === undefined) throw new Error(`no search result record for ${id}`);
      // A line ends with "," (every record but the last) and its newline.
      const end = this.lineStarts[line + 1] - 1;
      const text = this.bytes.toString('utf8', this.lineStarts[line], this.bytes[end - 1] === 0x2c ? end - 1 : end);
      this.parsed.set(id, (record = JSON.parse(text) as ResultRecord));
    }
    return record;
  }
}

/**
 * Reads a locale's results file.
 * @throws Error when the file is missing or not a current results file (run `npm run build`)
 */
export function readResultRecords(path: string): ResultRecords {
  try {
    return new ResultRecords(readFileSync(path));
  } catch (e) {
    throw new Error(`cannot read the search results ${path} (run "npm run build"): ${(e as Error).message}`);
  }
}
