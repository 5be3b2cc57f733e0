/**
 * The result objects of a locale, rendered at build time (scripts/build-search.ts) into
 * `.generated/search/<locale>.results.json`, so that a search answers without the catalog
 * snapshot: a cold function instance reads this file's header and then only the records it
 * shows, instead of parsing the whole snapshot (docs/search.md "Benchmarks").
 *
 * The file is one JSON document, written one record per line so that a record can be read and
 * parsed alone:
 *
 *     {"header":{"format":…,"version":2,"locale":"fr","ids":[…],"lengths":[…],"unavailable":[…]},"records":[
 *     {…record of ids[0]…},
 *     {…record of ids[1]…}
 *     ]}
 *
 * `ids` are the search document ids (`product:<handle>`, `collection:…`, `page:…`,
 * `article:…`) in record order: published products by id, then collections, pages and articles
 * in catalog order; `lengths` the UTF-8 byte length of each record (without the `,` and newline
 * that follow it). `unavailable` lists the products that cannot be bought (no variant in stock
 * nor on backorder, from the stock counted in content). A record is the object
 * `/search/suggest.json` returns, its `url` without tracking parameters (src/search/results.ts).
 */
import { closeSync, openSync, readSync } from 'node:fs';
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
  version: 2;
  locale: Locale;
  ids: string[];
  lengths: number[];
  unavailable: string[];
}

const FORMAT = 'poissons-et-pousses/search-results';
const OPEN = '{"header":';
const RECORDS = ',"records":[';
const NEWLINE = 0x0a;
/** Bytes read at a time while looking for the end of the header line. */
const CHUNK = 64 * 1024;

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
  const header: Header = { format: FORMAT, version: 2, locale, ids, lengths: records.map((r) => Buffer.byteLength(r)), unavailable };
  return `${OPEN}${JSON.stringify(header)}${RECORDS}${records.length ? `\n${records.join(',\n')}` : ''}\n]}`;
}

/**
 * The result records of one locale, read from its file: the header at once, each record (one
 * read at its offset) when first asked for. The file stays open for the life of the object.
 */
export class ResultRecords {
  readonly locale: Locale;
  private readonly fd: number;
  /** Position of each id's record in the file's order. */
  private readonly positions = new Map<string, number>();
  /** Byte offset of each record, by position; the record's length is `lengths[position]`. */
  private readonly offsets: Float64Array;
  private readonly lengths: readonly number[];
  private readonly unavailable: ReadonlySet<string>;
  private readonly parsed = new Map<string, ResultRecord>();

  /**
   * @param path the results file
   * @throws Error when it cannot be read or is not a results file of this format (rebuild with `npm run build`)
   */
  constructor(path: string) {
    this.fd = openSync(path, 'r');
    try {
      const { header, bytes } = readHeaderLine(this.fd);
      if (header?.format !== FORMAT || header.version !== 2 || header.ids.length !== header.lengths.length) {
        throw new Error('not a search results file of format version 2 (run "npm run build")');
      }
      this.locale = header.locale;
      // Records start after the header line; each is followed by "," and a newline (the last by a newline).
      this.lengths = header.lengths;
      this.offsets = new Float64Array(header.ids.length);
      let at = bytes + 1;
      header.ids.forEach((id, i) => {
        this.positions.set(id, i);
        this.offsets[i] = at;
        at += header.lengths[i] + 2;
      });
      this.unavailable = new Set(header.unavailable);
    } catch (e) {
      closeSync(this.fd);
      throw e;
    }
  }

  /** True when `id` (`<type>:<handle>`) is a result this locale can show. */
  has(id: string): boolean {
    return this.positions.has(id);
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
      const position = this.positions.get(id);
      if (position === undefined) throw new Error(`no search result record for ${id}`);
      const bytes = Buffer.allocUnsafe(this.lengths[position]);
      readSync(this.fd, bytes, 0, bytes.length, this.offsets[position]);
      this.parsed.set(id, (record = JSON.parse(bytes.toString('utf8')) as ResultRecord));
    }
    return record;
  }

  /** Closes the file (benchmarks that drop loaded records). */
  close(): void {
    closeSync(this.fd);
  }
}

/** The parsed header of the first line, and that line's length in bytes (without its newline). */
function readHeaderLine(fd: number): { header: Header | undefined; bytes: number } {
  const chunks: Buffer[] = [];
  let length = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK);
    const read = readSync(fd, chunk, 0, CHUNK, length);
    const newline = chunk.subarray(0, read).indexOf(NEWLINE);
    chunks.push(chunk.subarray(0, newline < 0 ? read : newline));
    if (newline >= 0) length += newline;
    else length += read;
    if (newline >= 0 || read === 0) break;
  }
  const first = Buffer.concat(chunks).toString('utf8');
  const header = first.startsWith(OPEN) && first.endsWith(RECORDS) ? (JSON.parse(first.slice(OPEN.length, -RECORDS.length)) as Header) : undefined;
  return { header, bytes: length };
}

/**
 * Reads a locale's results file.
 * @throws Error when the file is missing or not a current results file (run `npm run build`)
 */
export function readResultRecords(path: string): ResultRecords {
  try {
    return new ResultRecords(path);
  } catch (e) {
    throw new Error(`cannot read the search results ${path} (run "npm run build"): ${(e as Error).message}`);
  }
}
