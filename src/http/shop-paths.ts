/**
 * The paths of the cart and checkout pages and of the Ajax cart (src/http/shop-route.ts), apart
 * from their handler so the router can recognise them without loading the checkout code.
 */
const SHOP_PATHS: ReadonlySet<string> = new Set(['/cart', '/cart.js', '/cart/add', '/cart/add.js', '/cart/change', '/cart/change.js', '/checkout']);

/** True for the shop's paths (without locale prefix; a trailing slash is the same page). */
export function isShopPath(path: string): boolean {
  return SHOP_PATHS.has(path.length > 1 ? path.replace(/\/$/, '') : path);
}
