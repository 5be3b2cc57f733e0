/**
 * The paths of the cart and checkout pages and of the Ajax cart (src/http/shop-route.ts), apart
 * from their handler so the router can recognise them without loading the checkout code.
 */
const SHOP_PATHS: ReadonlySet<string> = new Set(['/cart', '/cart.js', '/cart/add', '/cart/add.js', '/cart/change', '/cart/change.js', '/cart/discount', '/checkout']);

/**
 * The shop path a request names (without locale prefix), or null. A trailing slash is the same
 * page; so is a `.html` suffix, because the Netlify CLI hands the function the last static
 * candidate it tried (`/cart/add.html`) for some form posts, as it does `/x.json/index.htm`
 * (src/http/router.ts). Production hands the path as requested.
 */
export function shopPath(path: string): string | null {
  const bare = path.replace(/\.html?$/, '');
  const route = bare.length > 1 ? bare.replace(/\/$/, '') : bare;
  return SHOP_PATHS.has(route) ? route : null;
}
