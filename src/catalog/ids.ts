/**
 * Identifiers of products and variants as the store publishes them to agents. Ids are GIDs
 * (`gid://<store host>/Product/1001`, `gid://<store host>/ProductVariant/100101`) built from
 * the stable integer ids of content/ (docs/decisions.md "One product, one YAML file"). Inputs
 * also accept what agents following docs/storefront.md know: the bare integer ids of the `.json`
 * endpoints, product handles and SKUs (UCP lookup: "MAY support secondary identifiers").
 */
import type { Catalog, CatalogProduct } from './types';
import type { Variant } from './schema';
import { publishedProducts } from './query';

export type Resolved =
  | { kind: 'product'; product: CatalogProduct }
  | { kind: 'variant'; product: CatalogProduct; variant: Variant };

export interface CatalogIndex {
  /** Published products in catalog order (id ascending). */
  products: CatalogProduct[];
  /** GID of a product. */
  productGid(product: Pick<CatalogProduct, 'id'>): string;
  /** GID of a variant. */
  variantGid(variant: Pick<Variant, 'id'>): string;
  /**
   * Resolves an identifier: a GID, a bare integer (variant ids first, then product ids), a
   * handle or a SKU. Only published products resolve.
   * @returns undefined when nothing matches
   */
  resolve(id: string): Resolved | undefined;
}

const GID = /^gid:\/\/[^/]+\/(Product|ProductVariant)\/(\d{1,16})$/;
const indexes = new WeakMap<Catalog, CatalogIndex>();

/** The id index of a catalog snapshot, built once per snapshot. */
export function catalogIndex(catalog: Catalog): CatalogIndex {
  const cached = indexes.get(catalog);
  if (cached) return cached;
  const host = new URL(catalog.store.base_url).hostname;
  const products = publishedProducts(catalog) as CatalogProduct[];
  const productById = new Map<number, CatalogProduct>();
  const variantById = new Map<number, { product: CatalogProduct; variant: Variant }>();
  const byHandle = new Map<string, CatalogProduct>();
  const bySku = new Map<string, { product: CatalogProduct; variant: Variant }>();
  for (const product of products) {
    productById.set(product.id, product);
    byHandle.set(product.handle, product);
    for (const variant of product.variants) {
      variantById.set(variant.id, { product, variant });
      if (variant.sku) bySku.set(variant.sku.toUpperCase(), { product, variant });
    }
  }
  const asProduct = (product: CatalogProduct | undefined): Resolved | undefined => (product ? { kind: 'product', product } : undefined);
  const asVariant = (hit: { product: CatalogProduct; variant: Variant } | undefined): Resolved | undefined => (hit ? { kind: 'variant', ...hit } : undefined);
  const index: CatalogIndex = {
    products,
    productGid: (product) => `gid://${host}/Product/${product.id}`,
    variantGid: (variant) => `gid://${host}/ProductVariant/${variant.id}`,
    resolve(id) {
      const trimmed = id.trim();
      const gid = GID.exec(trimmed);
      if (gid) return gid[1] === 'Product' ? asProduct(productById.get(Number(gid[2]))) : asVariant(variantById.get(Number(gid[2])));
      if (/^\d{1,16}$/.test(trimmed)) return asVariant(variantById.get(Number(trimmed))) ?? asProduct(productById.get(Number(trimmed)));
      return asProduct(byHandle.get(trimmed)) ?? asVariant(bySku.get(trimmed.toUpperCase()));
    },
  };
  indexes.set(catalog, index);
  return index;
}
