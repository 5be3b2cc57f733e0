/**
 * The catalog snapshot: `content/` validated and rendered once by `scripts/build-data.ts` into
 * `.generated/catalog.json`. Astro pages read it here; the function bundles the same file, so
 * static and dynamic answers come from identical data and nothing parses YAML at request time.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Catalog } from './types';

/** Where the snapshot is written and read (override with SNAPSHOT_PATH, e.g. for benchmarks). */
export function snapshotPath(): string {
  return resolve(process.env.SNAPSHOT_PATH ?? '.generated/catalog.json');
}

let cached: Catalog | undefined;

/**
 * The snapshot, read once per process.
 * @throws Error when the file is missing (run `npm run build`, which writes it first).
 */
export function catalogSnapshot(): Catalog {
  if (!cached) {
    try {
      cached = JSON.parse(readFileSync(snapshotPath(), 'utf8')) as Catalog;
    } catch (e) {
      throw new Error(`cannot read the catalog snapshot ${snapshotPath()} (run "npm run build" first): ${(e as Error).message}`);
    }
  }
  return cached;
}
