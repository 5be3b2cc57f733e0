/**
 * The cookies of a shopper's cart (docs/storefront.md "Buying on the site"):
 * - `cart`: the cart's unguessable id (the capability to read and change it), `HttpOnly` so no
 *   script reads it, `Secure`, `SameSite=Lax` so another site's form post does not carry it;
 * - `cart_count`: the number of items, readable by the static pages' header script (served
 *   from the CDN, they cannot ask the function); it names nothing and proves nothing.
 * Both last as long as a cart is kept (7 days after its last change, src/state/carts.ts).
 */

/** Seconds a cart cookie lasts: the life of a cart after its last change. */
export const CART_COOKIE_SECONDS = 7 * 24 * 3600;

/** The value of one cookie of a request, or undefined. */
export function cookieOf(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The cart id the request's `cart` cookie names, when it has the shape of one. */
export function cartIdOf(request: Request): string | undefined {
  const id = cookieOf(request, 'cart');
  return id !== undefined && /^cart_[A-Za-z0-9_-]{16,64}$/.test(id) ? id : undefined;
}

/**
 * The `Set-Cookie` values after a change of the cart.
 * @param cartId the cart (undefined: nothing to set)
 * @param count its items (sum of quantities)
 */
export function cartCookies(cartId: string | undefined, count: number): string[] {
  if (!cartId) return [];
  const life = `Path=/; Max-Age=${CART_COOKIE_SECONDS}; Secure; SameSite=Lax`;
  return [`cart=${cartId}; ${life}; HttpOnly`, `cart_count=${count}; ${life}`];
}
