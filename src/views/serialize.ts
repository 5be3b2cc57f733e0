/**
 * JSON as Shopify storefronts write it: Rails-style escaping of `<`, `>`, `&` as \u003c, \u003e,
 * \u0026 and `/` as `\/` (docs/storefront.md "JSON escaping"), so byte-comparing
 * clients see what they expect. Still plain, valid JSON.
 */
export function shopifyJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\//g, '\\/');
}
