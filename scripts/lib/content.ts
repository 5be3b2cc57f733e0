/**
 * The content as the build and `npm run check` validate it: the content schemas and identity rules
 * (src/catalog/load.ts) plus the pricing rules of src/commerce/market.ts, reported together.
 */
import { loadContent } from '../../src/catalog/load';
import { pricingProblems } from '../../src/commerce/market';

/**
 * Loads and validates `content/` under `root`.
 * @throws ContentError listing every error (file: field path: problem)
 */
export function loadStoreContent(root: string): ReturnType<typeof loadContent> {
  return loadContent(root, { productChecks: [pricingProblems] });
}
