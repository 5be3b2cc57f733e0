/**
 * A build that rewrites dist/ in place instead of emptying it first. astro.config.mjs sets
 * `vite.build.emptyOutDir: false` because deleting the previous build's output (for the
 * synthetic catalog of `npm run bench:build`, ~50,000 files in ~24,000 folders) took about 40 s
 * on this project's machine, more than rendering half the pages (README "Performance"); every
 * file the build writes replaces the old one in place. This integration, listed last, then
 * deletes what this build did not write (the page of a removed product, an old asset) and the
 * folders left empty, so dist/ holds exactly what a build into an empty folder holds.
 */
import { mkdirSync, readdirSync, rmSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Deletes, under `root`, every file last modified before `since` (ms since the epoch, as
 * `fs.Stats.mtimeMs`), then every folder left empty; `root` itself stays.
 * @returns the number of files deleted
 */
export function deleteOlderThan(root: string, since: number): number {
  let deleted = 0;
  const sweep = (dir: string): boolean => {
    let empty = true;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (sweep(path)) rmdirSync(path);
        else empty = false;
      } else if (statSync(path).mtimeMs < since) {
        rmSync(path);
        deleted++;
      } else empty = false;
    }
    return empty;
  };
  sweep(root);
  return deleted;
}

/**
 * Astro integration, listed after every integration that writes into dist/. At the start of the
 * build it writes a marker file into dist/ and keeps its modification time: the clock of the file
 * system the pages are written to, so no clock skew or timestamp rounding can make a file of this
 * build look older. When the build is done it deletes what is older ({@link deleteOlderThan}).
 */
export function staleOutput(): AstroIntegration {
  let outDir: string | undefined;
  let since: number | undefined;
  return {
    name: 'stale-output',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': () => {
        mkdirSync(outDir!, { recursive: true });
        const marker = join(outDir!, `.build-start-${process.pid}`);
        writeFileSync(marker, '');
        since = statSync(marker).mtimeMs;
        rmSync(marker);
      },
      'astro:build:done': ({ dir, logger }) => {
        if (since === undefined) throw new Error('stale-output: astro:build:start did not run');
        const deleted = deleteOlderThan(fileURLToPath(dir), since);
        logger.info(`${deleted} file(s) of an earlier build deleted`);
      },
    },
  };
}
