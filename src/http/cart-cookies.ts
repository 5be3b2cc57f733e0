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

/** The cookie that keeps a pending 3-D Secure challenge across a reload of the checkout page. */
const CHALLENGE_COOKIE = 'card_challenge';

/**
 * Seconds a pending 3-D Secure challenge is kept: an issuer's authentication session lasts about
 * ten minutes (EMV 3-D Secure's challenge timeout), the buyer is given a little more.
 */
export const CHALLENGE_COOKIE_SECONDS = 15 * 60;

/**
 * The `Set-Cookie` that keeps a pending challenge (HttpOnly: the token is the capability to pay
 * with the authenticated card; it holds only for the terms it was made for, checked on each read).
 * @param checkoutId the checkout the challenge is for
 * @param challenge the token and the card it names (no card number: brand and last 4 digits)
 */
export function challengeCookie(checkoutId: string, challenge: { token: string; card: { brand: string; last_digits: string } }): string {
  const value = Buffer.from(JSON.stringify({ c: checkoutId, t: challenge.token, b: challenge.card.brand, d: challenge.card.last_digits })).toString('base64url');
  return `${CHALLENGE_COOKIE}=${value}; Path=/; Max-Age=${CHALLENGE_COOKIE_SECONDS}; Secure; SameSite=Lax; HttpOnly`;
}

/** The `Set-Cookie` that forgets a pending challenge (passed, cancelled or void). */
export const CLEAR_CHALLENGE_COOKIE = `${CHALLENGE_COOKIE}=; Path=/; Max-Age=0; Secure; SameSite=Lax; HttpOnly`;

/**
 * The pending challenge a request's cookie names, when it is for `checkoutId` and well formed
 * (whether it still stands is the checkout core's question: site-checkout.ts `challengeStands`).
 */
export function challengeOf(request: Request, checkoutId: string): { token: string; card: { brand: string; last_digits: string } } | undefined {
  const raw = cookieOf(request, CHALLENGE_COOKIE);
  if (!raw || raw.length > 1024) return undefined;
  try {
    const { c, t, b, d } = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Record<string, unknown>;
    const text = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max;
    if (c !== checkoutId || !text(t, 128) || !text(b, 32) || !text(d, 4)) return undefined;
    return { token: t as string, card: { brand: b as string, last_digits: d as string } };
  } catch {
    return undefined;
  }
}
