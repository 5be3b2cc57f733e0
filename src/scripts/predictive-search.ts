/**
 * Suggestions as the person types, in the search box of every page (src/components/SearchBox.astro).
 *
 * The field becomes a WAI-ARIA combobox with a listbox popup (ARIA Authoring Practices,
 * "Editable Combobox With List Autocomplete"): focus stays in the field, the active option is
 * `aria-activedescendant`; Down/Up move through the options (and open the popup), Enter opens the
 * active option or, without one, submits the form to the results page; Escape closes the popup,
 * then clears the field; a polite live region announces how many suggestions there are.
 *
 * Requests go to the locale's `/search/suggest.json` (Shopify's Predictive Search API), debounced;
 * a request still running when the text changes is aborted (AbortController), and a late answer
 * for older text is never shown. Products show what their product page shows: image, price
 * ("From" when variants differ, compare-at price struck), VAT mention and availability.
 *
 * Rendering stays within the browser's own floor for drawing a change (bench/search-ui.ts): the
 * popup keeps the options the next answer shows again, so a keystroke restyles, lays out and
 * paints only what changed; the fonts of the popup's text styles are resolved when the field takes
 * the focus, not in the frame of the first suggestions; the popup contains its own style, layout
 * and paint (`contain: content` in src/styles/site.css).
 *
 * Performance marks: `predictive-search:response` when an answer is parsed and
 * `predictive-search:painted` after the next frame is drawn, measured as `predictive-search:render`;
 * `predictive-search:build` is the script's own part (response to the options in the DOM).
 * bench/search-ui.ts reads them. Without this script the form is a plain GET form.
 */

type Plural = Record<string, string> & { other: string };
interface Words {
  suggestions: string; products: string; collections: string; pages: string; articles: string; queries: string;
  viewAll: string; count: Plural; none: string; in_stock: string; backorder: string; out_of_stock: string;
  vat: string; from: string; colon: string; sale: string; regular: string;
}
interface Product {
  title: string; url: string; price: string; price_min: string; price_max: string;
  stock_status: 'in_stock' | 'backorder' | 'out_of_stock'; price_compare_at: string | null;
  featured_image: { url: string; width: number; height: number } | null;
}
interface Other { title?: string; text?: string; styled_text?: string; url: string }
type Results = Partial<Record<'products' | 'collections' | 'pages' | 'articles' | 'queries', (Product & Other)[]>>;

/** Pause after the last keystroke before asking the server, in ms. */
const DEBOUNCE_MS = 100;
/** Suggestions per type (Shopify `resources[limit]` with `limit_scope=each`). */
const PER_TYPE = '4';
const GROUPS = ['products', 'collections', 'pages', 'articles', 'queries'] as const;
const RESPONSE = 'predictive-search:response';
const PAINTED = 'predictive-search:painted';

/** An element with attributes (`class` included) and children. */
function h(tag: string, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function setup(form: HTMLFormElement): void {
  const input = form.elements.namedItem('q') as HTMLInputElement;
  const words = JSON.parse(form.dataset.words!) as Words;
  const lang = document.documentElement.lang;
  const money = new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const plurals = new Intl.PluralRules(lang);
  const listId = `${input.id}-list`;
  const list = h('div', { id: listId, role: 'listbox', class: 'search-popup', 'aria-label': words.suggestions });
  const status = h('div', { role: 'status', class: 'visually-hidden' });
  list.hidden = true;
  form.append(list, status);
  for (const [name, value] of [['role', 'combobox'], ['aria-autocomplete', 'list'], ['aria-expanded', 'false'], ['aria-controls', listId]]) input.setAttribute(name, value);

  let options: HTMLElement[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let shown = '';
  const cache = new Map<string, Results>();

  const isOpen = () => !list.hidden;
  const open = () => {
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  };
  const select = (i: number) => {
    options[active]?.setAttribute('aria-selected', 'false');
    active = i;
    const option = options[i];
    if (!option) return input.removeAttribute('aria-activedescendant');
    option.setAttribute('aria-selected', 'true');
    input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  };
  const close = () => {
    select(-1);
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
  };
  const price = (decimal: string) => money.format(decimal as unknown as number);

  /** The option of a product: what its product page shows (src/storefront/product-markup.ts). */
  const productOption = (p: Product) => {
    const amount = price(p.price);
    const line = h('span', { class: 'price' });
    if (p.price_compare_at) line.append(h('span', { class: 'visually-hidden' }, words.sale + words.colon));
    line.append(p.price_min !== p.price_max ? words.from.replace('{price}', amount) : amount, ' ', h('span', { class: 'vat' }, words.vat));
    if (p.price_compare_at) line.append(' ', h('s', {}, h('span', { class: 'visually-hidden' }, words.regular + words.colon), price(p.price_compare_at)));
    const image = p.featured_image;
    // Same file as the product page, from this origin (the API's URLs carry the store's base URL).
    const img = image ? [h('img', { src: new URL(image.url, location.href).pathname, width: String(image.width), height: String(image.height), alt: '', decoding: 'async' })] : [];
    return [...img, h('span', {}, h('span', { class: 'title' }, p.title), ' ', line, ' ', h('span', { class: `stock stock-${p.stock_status}` }, words[p.stock_status]))];
  };

  /** A parent's children become `nodes`, in order; children already in place are not touched. */
  const sync = (parent: Element, nodes: readonly Element[]) => {
    nodes.forEach((node, i) => {
      if (parent.children[i] !== node) parent.insertBefore(node, parent.children[i] ?? null);
    });
    while (parent.children.length > nodes.length) parent.lastElementChild!.remove();
  };
  const set = (node: Element, name: string, value: string) => {
    if (node.getAttribute(name) !== value) node.setAttribute(name, value);
  };
  // Options of the last answer, by what they show. An option the next answer shows again is
  // kept in place: a keystroke restyles, lays out and paints only what changed, and keeps its
  // image instead of decoding it again.
  let kept = new Map<string, HTMLElement>();
  const groupLists = new Map<string, HTMLElement>();
  const all = h('ul', { role: 'group' });

  const render = (q: string, results: Results) => {
    const next = new Map<string, HTMLElement>();
    options = [];
    const option = (key: string, url: string, content: () => (Node | string)[]) => {
      const node = kept.get(key) ?? h('li', { role: 'option' }, ...content());
      kept.delete(key);
      next.set(key, node);
      set(node, 'id', `${listId}-${options.push(node) - 1}`);
      set(node, 'aria-selected', 'false');
      set(node, 'data-url', url);
      return node;
    };
    const groups = GROUPS.filter((g) => results[g]?.length).map((g) => {
      const labelId = `${listId}-${g}`;
      const ul = groupLists.get(g) ?? h('ul', { role: 'group', 'aria-labelledby': labelId }, h('li', { role: 'presentation', id: labelId, class: 'group-label' }, words[g]));
      groupLists.set(g, ul);
      sync(ul, [ul.firstElementChild!, ...results[g]!.map((item) => {
        // Storefront pages are directories: their URL ends with "/" (no redirect on the way).
        const page = item.url.replace(/^([^?#]*[^/?#])(?=[?#]|$)/, '$1/');
        const key = g + JSON.stringify(g === 'queries' ? item.styled_text : [item.url.split('?')[0], item.title, item.price, item.price_min, item.price_max, item.price_compare_at, item.stock_status, item.featured_image?.url]);
        if (g === 'products') return option(key, page, () => productOption(item));
        if (g !== 'queries') return option(key, page, () => [item.title!]);
        return option(key, item.url, () => {
          const styled = h('span');
          styled.innerHTML = item.styled_text!; // server-escaped text with <mark> around the typed part
          return [styled];
        });
      })]);
      return ul;
    });
    const found = options.length;
    const viewAll = words.viewAll.replace('{q}', q);
    set(all, 'aria-label', viewAll);
    const last = option('', `${form.action}?${new URLSearchParams({ q })}`, () => []);
    if (last.textContent !== viewAll) last.textContent = viewAll;
    sync(all, [last]);
    sync(list, [...groups, all]);
    kept = next;
    active = -1;
    input.removeAttribute('aria-activedescendant');
    shown = q;
    open();
    status.textContent = found ? (words.count[plurals.select(found)] ?? words.count.other).replace('{n}', found.toLocaleString(lang)) : words.none;
  };

  // The popup's text styles (weights and sizes the rest of the page may not use) are laid out
  // once, unseen, when the field takes the focus: the browser resolves their fonts then, before
  // anything is typed, not in the frame of the first suggestions (measured: 4-7 ms of font
  // lookups in that frame with Linux's fontconfig).
  input.addEventListener('focus', () => {
    const sample = h('div', { class: 'search-popup', 'aria-hidden': 'true', style: 'visibility:hidden' }, h('ul', {},
      h('li', { class: 'group-label' }, words.products),
      h('li', { role: 'option' }, ...productOption({ title: words.suggestions, url: '', price: '1', price_min: '1', price_max: '2', price_compare_at: '2', stock_status: 'in_stock', featured_image: null })),
      h('li', { role: 'option' }, h('mark', {}, words.queries))));
    form.append(sample);
    requestAnimationFrame(() => requestAnimationFrame(() => sample.remove()));
  }, { once: true });

  const request = async (q: string) => {
    const mine = (controller = new AbortController());
    const params = new URLSearchParams({ q, 'resources[type]': GROUPS.map((g) => (g === 'queries' ? 'query' : g.slice(0, -1))).join(','), 'resources[limit]': PER_TYPE, 'resources[limit_scope]': 'each' });
    try {
      const response = await fetch(`${form.dataset.suggest}?${params}`, { signal: mine.signal, headers: { accept: 'application/json' } });
      if (!response.ok) return;
      const results = ((await response.json()) as { resources: { results: Results } }).resources.results;
      if (mine.signal.aborted || input.value.trim() !== q) return;
      performance.mark(RESPONSE);
      if (cache.size > 50) cache.clear();
      cache.set(q, results);
      render(q, results);
      performance.measure('predictive-search:build', RESPONSE);
      // The frame with the suggestions is drawn before a message posted from its rAF callback is delivered.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => performance.measure('predictive-search:render', RESPONSE, performance.mark(PAINTED).name);
        channel.port2.postMessage(0);
      });
    } catch {
      // Aborted as stale, or offline: the form still submits to the results page.
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    controller?.abort();
    const q = input.value.trim();
    if (!q) return close();
    const known = cache.get(q);
    if (known) return render(q, known);
    timer = setTimeout(() => request(q), DEBOUNCE_MS);
  });

  input.addEventListener('keydown', (event) => {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!options.length) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        if (!isOpen()) {
          open();
          if (!event.altKey) select(down ? 0 : last);
        } else select(down ? (active >= last ? 0 : active + 1) : active <= 0 ? last : active - 1);
        return;
      }
      case 'Enter':
        if (isOpen() && options[active]) {
          event.preventDefault();
          location.assign(options[active].dataset.url!);
        }
        return;
      case 'Escape':
        event.preventDefault();
        if (isOpen()) close();
        else input.value = '';
        return;
      case 'Tab':
        close();
    }
  });

  input.addEventListener('click', () => {
    if (!isOpen() && options.length && input.value.trim() === shown) open();
  });
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget as Node | null)) close();
  });
  // A press on an option must not take the focus from the field before the click opens it.
  list.addEventListener('mousedown', (event) => event.preventDefault());
  list.addEventListener('click', (event) => {
    const option = (event.target as Element).closest<HTMLElement>('[role="option"]');
    if (option) location.assign(option.dataset.url!);
  });
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-suggest]')) setup(form);
