/**
 * HTML fragments that are the same on many pages of a build (a locale's footer, navigation, search
 * form, a product's card in every grid listing it), rendered once and then reused as text. A
 * build renders tens of thousands of pages from one catalog snapshot, and rendering the same
 * markup again on each of them was a large part of its time (docs/decisions.md "Build: fragments
 * rendered once"). Kept per catalog object, so a new snapshot renders its fragments anew.
 */
import type { Catalog } from '../catalog/types';

const fragmentsOf = new WeakMap<Catalog, Map<string, string>>();

/**
 * The HTML of the fragment named `key`, rendered by `render` the first time it is asked for
 * with this catalog and then returned as it was. A known fragment is returned at once, not as
 * a promise: Astro renders the rest of a page more slowly after a component that waited.
 * @param key names everything the fragment's HTML depends on besides the catalog (e.g.
 *   `site-footer:de`); two fragments with different HTML must never share a key
 * @param render renders the fragment (e.g. an Astro slot); a rejection is passed on and nothing is kept
 * @returns the fragment's HTML text, or a promise of it when it had to be rendered
 */
export function renderedOnce(catalog: Catalog, key: string, render: () => Promise<unknown>): string | Promise<string> {
  let fragments = fragmentsOf.get(catalog);
  if (!fragments) fragmentsOf.set(catalog, (fragments = new Map()));
  const known = fragments.get(key);
  if (known !== undefined) return known;
  return render().then((rendered) => {
    const html = String(rendered);
    fragments.set(key, html);
    return html;
  });
}
