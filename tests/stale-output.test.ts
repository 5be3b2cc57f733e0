import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deleteOlderThan } from '../src/storefront/stale-output';

describe('deleteOlderThan (src/storefront/stale-output.ts)', () => {
  it('deletes the files older than the build start and the folders left empty, keeps the rest and the root', () => {
    const root = mkdtempSync(join(tmpdir(), 'stale-'));
    // The file system's clock, as the integration takes it (Date.now() can be ahead of file times).
    writeFileSync(join(root, 'marker'), '');
    const since = statSync(join(root, 'marker')).mtimeMs;
    rmSync(join(root, 'marker'));
    const old = (path: string) => {
      writeFileSync(path, 'old');
      utimesSync(path, new Date(since - 60_000), new Date(since - 60_000));
    };
    mkdirSync(join(root, 'products/kept'), { recursive: true });
    mkdirSync(join(root, 'products/removed/deeper'), { recursive: true });
    writeFileSync(join(root, 'products/kept/index.html'), 'new');
    old(join(root, 'products/removed/index.html'));
    old(join(root, 'products/removed/deeper/index.html'));
    old(join(root, 'stale.json'));
    writeFileSync(join(root, 'fresh.json'), 'new');
    expect(deleteOlderThan(root, since)).toBe(3);
    expect(readdirSync(root).sort()).toEqual(['fresh.json', 'products']);
    expect(readdirSync(join(root, 'products'))).toEqual(['kept']);
    expect(existsSync(join(root, 'products/kept/index.html'))).toBe(true);
    expect(deleteOlderThan(join(root, 'products/kept'), since)).toBe(0);
  });
});
