/**
 * The product page's add-to-cart form with script (src/components/AddToCart.astro); without it
 * the form posts to `/cart/add` and the browser follows the 303 to the cart page.
 *
 * On load it asks the locale's `/products/<handle>.js` (Shopify's Ajax product, `available` live
 * per variant) and corrects what the build knew: a variant sold out since is disabled and says so,
 * one back in stock is enabled again, and when nothing can be bought the button is disabled with
 * the reason beside it. On submit it posts `{"id", "quantity"}` to `/cart/add.js` (Shopify's Ajax
 * cart API) and stays on the page: the polite live region says "Ajouté au panier — 3 articles"
 * (the cart's count, from the `cart_count` cookie the response set, as the header's script reads
 * it) with a link to the cart, or the store's own `description` of the error. The header's count
 * is told by a `cart:change` event (src/scripts/cart-count.ts).
 */

type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
interface Words { soldOut: string; added: string; items: Plural; failed: string }
/** What this script reads of `/products/<handle>.js`. */
interface AjaxProduct { variants: Array<{ id: number; available: boolean }> }
/** Shopify's Ajax cart error body. */
interface CartError { status?: number; message?: string; description?: string }

function setup(form: HTMLFormElement): void {
  const words = JSON.parse(form.dataset.words!) as Words;
  const field = form.querySelector<HTMLInputElement | HTMLSelectElement>('[data-variant-field]')!;
  const quantity = form.elements.namedItem('quantity') as HTMLInputElement;
  const button = form.querySelector<HTMLButtonElement>('[data-add-button]')!;
  const reason = form.querySelector<HTMLElement>('[data-reason]')!;
  const status = form.querySelector<HTMLElement>('[data-status]')!;
  const viewCart = form.querySelector<HTMLElement>('[data-view-cart]')!;
  const lang = document.documentElement.lang;
  let canBuy = !button.disabled;
  let busy = false;

  /** Enables what can be bought: the button, and the reason beside it when nothing can. */
  const showBuyable = () => {
    // Never disabled while a request runs (a disabled button drops the keyboard focus): `busy` guards.
    button.disabled = !canBuy;
    if (busy) button.setAttribute('aria-disabled', 'true');
    else button.removeAttribute('aria-disabled');
    reason.hidden = canBuy;
    if (canBuy) button.removeAttribute('aria-describedby');
    else button.setAttribute('aria-describedby', reason.id);
  };

  /** Applies the live availability of each variant (ids absent from the answer keep their state). */
  const applyAvailability = (product: AjaxProduct) => {
    const available = new Map(product.variants.map((v) => [String(v.id), v.available]));
    if (field instanceof HTMLSelectElement) {
      for (const option of field.options) {
        const live = available.get(option.value);
        if (live === undefined) continue;
        option.disabled = !live;
        const note = live ? option.dataset.note : words.soldOut;
        option.textContent = note ? `${option.dataset.label} — ${note}` : option.dataset.label!;
      }
      if (field.selectedOptions[0]?.disabled) {
        const first = [...field.options].find((o) => !o.disabled);
        if (first) field.value = first.value;
      }
      canBuy = [...field.options].some((o) => !o.disabled);
    } else {
      canBuy = available.get(field.value) ?? canBuy;
    }
    showBuyable();
  };

  const refresh = async () => {
    try {
      const response = await fetch(form.dataset.productUrl!, { headers: { accept: 'application/json' } });
      if (response.ok) applyAvailability((await response.json()) as AjaxProduct);
    } catch {
      // Offline or blocked: the build's availability stays, and the cart checks the stock anyway.
    }
  };

  /** Says `text` in the live region; emptied first, so the same words twice are announced twice. */
  const announce = (text: string, ok: boolean) => {
    status.textContent = '';
    viewCart.hidden = true;
    requestAnimationFrame(() => {
      status.textContent = text;
      status.parentElement!.dataset.result = ok ? 'added' : 'error';
      viewCart.hidden = !ok;
    });
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    showBuyable();
    const added = Number(quantity.value) || 1;
    try {
      const response = await fetch(form.dataset.addUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ id: Number(field.value), quantity: added }),
      });
      const body = (await response.json().catch(() => ({}))) as CartError;
      if (response.ok) {
        document.dispatchEvent(new CustomEvent('cart:change'));
        // The header's script has just read the cookie the response set (the event is synchronous).
        const count = Number(document.querySelector<HTMLElement>('a[data-cart-link]')?.dataset.count) || added;
        const phrase = words.items[new Intl.PluralRules(lang).select(count)] ?? words.items.other;
        announce(words.added.replace('{items}', phrase.replace('{n}', new Intl.NumberFormat(lang).format(count))), true);
      } else {
        announce(body.description || words.failed, false);
        // Sold out or unknown: the page may show stale availability, so ask again.
        if (response.status === 422 || response.status === 404) void refresh();
      }
    } catch {
      announce(words.failed, false);
    } finally {
      busy = false;
      showBuyable();
    }
  });

  // The price under the title follows the variant chosen ("from 11,90 €" until one is): the
  // variants table holds each variant's price as the build wrote it.
  const shownPrice = document.querySelector<HTMLElement>('[data-product-price]');
  if (field instanceof HTMLSelectElement && shownPrice) {
    field.addEventListener('change', () => {
      const price = document.querySelector(`.variants [data-price][data-variant-id="${field.value}"]`)?.closest('.price');
      if (price) shownPrice.innerHTML = price.outerHTML;
    });
  }

  void refresh();
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-add-to-cart]')) setup(form);

// A module, not a global script: its names stay its own.
export {};
