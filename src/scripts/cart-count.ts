/**
 * The header's cart count on every page (src/components/SiteHeader.astro). Static pages come
 * from the CDN, so the count is never fetched: the function sets a `cart_count` cookie (the sum
 * of the cart's quantities, readable by scripts, unlike the HttpOnly `cart` cookie holding the
 * cart's id) on every response that changes the cart, and this script copies it into the badge
 * and into the link's accessible name ("Panier, 3 articles"). Absent or 0, the badge is hidden
 * and the name is the link's own text.
 *
 * It reads the cookie again on a `cart:change` event of the document (src/scripts/add-to-cart.ts
 * sends it after an item is added) and when the page comes back from the back-forward cache, and
 * writes the count it read in the link's `data-count` (which add-to-cart.ts announces). Nothing
 * imports it and it imports nothing, so the build inlines it in every page: no request of its own.
 */

type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
interface Words { name: string; items: Plural }

/** Badges show at most this; more is "99+" (the accessible name keeps the exact count). */
const MAX_SHOWN = 99;

/**
 * The item count a `document.cookie` string holds in `cart_count`.
 * @returns a non-negative integer; 0 when the cookie is absent or not a count
 */
function cartCountFrom(cookies: string): number {
  const match = /(?:^|;\s*)cart_count=(\d{1,6})(?:;|$)/.exec(cookies);
  return match ? Number(match[1]) : 0;
}

function show(): void {
  const count = cartCountFrom(document.cookie);
  const lang = document.documentElement.lang;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-cart-link]')) {
    const badge = link.querySelector<HTMLElement>('[data-cart-count]');
    const words = JSON.parse(link.dataset.words ?? '{}') as Words;
    link.dataset.count = String(count);
    if (badge) {
      // Drawn by CSS (`content: attr(data-shown)`), so the link's visible text stays its name ("Panier"), contained in its accessible name.
      badge.dataset.shown = count > MAX_SHOWN ? `${MAX_SHOWN}+` : new Intl.NumberFormat(lang).format(count);
      badge.hidden = count === 0;
    }
    if (count === 0 || !words.items) {
      link.removeAttribute('aria-label');
      continue;
    }
    const form = words.items[new Intl.PluralRules(lang).select(count)] ?? words.items.other;
    link.setAttribute('aria-label', `${words.name}, ${form.replace('{n}', new Intl.NumberFormat(lang).format(count))}`);
  }
}

show();
document.addEventListener('cart:change', show);
window.addEventListener('pageshow', (event) => {
  if (event.persisted) show();
});

// A module, not a global script: its names stay its own.
export {};
