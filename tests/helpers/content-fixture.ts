/**
 * A small, valid content tree in a temporary directory (store and shipping from the real
 * content, one product, one collection, the policy pages), for tests that break one thing
 * and read the error message.
 */
import { mkdtempSync, mkdirSync, writeFileSync, copyFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';

const here = process.cwd();

export function productYaml(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const base = parse(readFileSync(join(here, 'content/products/kit-aquaponie-balcon.yaml'), 'utf8'));
  return { ...base, ...overrides };
}

/** Creates the tree and returns its root; `files` maps relative paths to text or objects (written as YAML). */
export function contentFixture(files: Record<string, string | Record<string, unknown>> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'content-'));
  mkdirSync(join(root, 'content/products'), { recursive: true });
  mkdirSync(join(root, 'content/collections'), { recursive: true });
  copyFileSync(join(here, 'content/store.yaml'), join(root, 'content/store.yaml'));
  copyFileSync(join(here, 'content/shipping.yaml'), join(root, 'content/shipping.yaml'));
  const store = parse(readFileSync(join(here, 'content/store.yaml'), 'utf8'));
  Object.values<string>(store.pages).forEach((handle, i) => {
    mkdirSync(join(root, 'content/pages', handle), { recursive: true });
    writeFileSync(
      join(root, 'content/pages', handle, 'fr.md'),
      `---\nid: ${3001 + i}\ntitle: Page ${handle}\ndescription: Résumé\npublished_at: "2026-01-01T00:00:00+01:00"\nupdated_at: "2026-01-01T00:00:00+01:00"\n---\nTexte de la page.\n`,
    );
  });
  const all = { id: 4001, handle: 'all', title: { fr: 'Tous les produits' }, published_at: '2026-01-01T00:00:00+01:00', updated_at: '2026-01-01T00:00:00+01:00', all: true };
  const defaults: Record<string, string | Record<string, unknown>> = {
    'content/products/kit-aquaponie-balcon.yaml': productYaml(),
    'content/collections/all.yaml': all,
  };
  for (const [path, content] of Object.entries({ ...defaults, ...files })) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), typeof content === 'string' ? content : stringify(content));
  }
  return root;
}
