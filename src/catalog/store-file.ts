/**
 * The store's settings (content/store.yaml) for programs that run beside the site, such as the
 * merchant's command line: read and checked by the content model when first asked for.
 */
import { join } from 'node:path';
import { loadContent } from './load';
import type { Store } from './schema';

const ROOT = join(import.meta.dirname, '../..');

/**
 * content/store.yaml as the content model reads it.
 * @throws ContentError when content/ does not pass the content model
 */
export function storeFromContent(): Store {
  return loadContent(ROOT).catalog.store;
}
