/**
 * The HTML frame of the pages the function serves to buyers (approval page, order status
 * page, cart and checkout pages): escaping, one small inline stylesheet in the colours of src/styles/site.css, and the
 * headers such a page needs. The URL carries a secret, so: no caching, a referrer reduced to
 * the origin (`strict-origin`: links never carry the secret, and the form's POST still has an
 * `Origin` header, which `no-referrer` would turn into "null"), no framing (the order button
 * must not be clickjacked), no indexing, and a Content-Security-Policy that allows only this
 * stylesheet (by hash) and forms posting to the same origin.
 */
import { createHash } from 'node:crypto';
import type { Locale } from '../../catalog/locales';
import { LOCALE_TAGS, localePrefix } from '../../catalog/locales';
import { Html, html } from '../../views/html';
import { CART_ICON_SVG } from '../../views/icons';
import { ui } from '../../i18n/ui';

const CSS = `
:root{--ink:#1b1f1d;--muted:#4a524e;--brand:#1d5a3a;--line:#d5dcd8;--tint:#f2f6f3;--ok:#1b5e20;--ok-bg:#e6f4e7;--wait:#6b4500;--wait-bg:#fdf1dc;--no:#8a1c1c;--no-bg:#fbe9e9;color-scheme:light}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:1rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--ink);background:#fff}
a{color:var(--brand)}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.wrap{max-width:48rem;margin:0 auto;padding:0 1rem}
header{border-bottom:1px solid var(--line);background:var(--tint)}
header .wrap{padding-top:.6rem;padding-bottom:.6rem}
.logo{min-width:0;font-weight:700;font-size:1.05rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;color:var(--brand);text-decoration:none;padding:.35rem 0}
.header-row{display:flex;justify-content:space-between;align-items:center;gap:.75rem}
.cart-link{display:flex;flex:none;align-items:center;justify-content:center;gap:.8rem;min-height:2.75rem;min-width:2.75rem;padding:0 .5rem;border:1px solid var(--line);border-radius:6px;background:#fff;font-weight:600;text-decoration:none;white-space:nowrap}
.cart-icon{position:relative;display:grid}
.cart-count{position:absolute;top:-.45rem;right:-.6rem;min-width:1.2rem;height:1.2rem;padding:0 .25rem;border-radius:999px;background:var(--brand);color:#fff;font-size:.72rem;font-weight:700;line-height:1.2rem;text-align:center}
.cart-count::after{content:attr(data-shown)}
@media (max-width:22rem){.logo{font-size:1rem}}
@media (max-width:29.99rem){.cart-label{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}}
h1{font-size:clamp(1.5rem,4vw,2rem);line-height:1.2;margin:1rem 0 .5rem}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
h3{font-size:1rem;margin:1rem 0 .3rem}
table{width:100%;border-collapse:collapse;margin:.5rem 0}
th,td{padding:.45rem .4rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
td.num,th.num{text-align:right;white-space:nowrap}
tfoot th{font-weight:400}
tfoot tr.total th,tfoot tr.total td{font-weight:700;font-size:1.1rem;border-bottom:2px solid var(--ink)}
tfoot tr.vat th,tfoot tr.vat td{color:var(--muted);font-size:.92rem}
address{font-style:normal}
.notice{padding:.8rem 1rem;border-radius:6px;margin:1rem 0}
.notice.ok{background:var(--ok-bg);color:var(--ok)}
.notice.wait{background:var(--wait-bg);color:var(--wait)}
.notice.no{background:var(--no-bg);color:var(--no)}
.order-button,.primary-button{display:block;width:100%;margin:1.2rem 0 .6rem;padding:.9rem 1rem;font:inherit;font-weight:700;font-size:1.1rem;color:#fff;background:var(--brand);border:0;border-radius:6px;cursor:pointer}
.order-button:hover,.primary-button:hover{background:#164a2f}
label{display:block;font-weight:600;margin:1rem 0 .3rem}
.code-input{font:inherit;font-size:1.6rem;letter-spacing:.3em;width:100%;max-width:14rem;padding:.5rem .7rem;border:2px solid var(--muted);border-radius:6px}
.secondary-button{font:inherit;padding:.5rem .9rem;color:var(--brand);background:#fff;border:1px solid var(--brand);border-radius:6px;cursor:pointer}
.small{font-size:.92rem;color:var(--muted)}
.visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
input,select{font:inherit;width:100%;min-height:2.75rem;padding:.5rem .6rem;border:1px solid var(--muted);border-radius:6px;background:#fff;color:var(--ink)}
.field{margin:0 0 .2rem}
.field label{margin:.8rem 0 .25rem}
.field-error{color:var(--no);font-weight:600;margin:.2rem 0}
.has-error input,.has-error select{border:2px solid var(--no)}
.field-pair{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,12rem),1fr));column-gap:.8rem}
.options{border:0;padding:0;margin:.5rem 0}
legend{font-weight:600;padding:0}
.sign-out{margin-top:2rem;padding-top:1rem;border-top:1px solid var(--line)}
.option{display:grid;grid-template-columns:auto minmax(0,1fr) auto;gap:.6rem;align-items:start;font-weight:400;margin:.4rem 0;padding:.7rem;border:1px solid var(--line);border-radius:6px;cursor:pointer}
.option input{width:1.2rem;min-height:1.2rem;margin:.2rem 0 0}
.option-title{font-weight:600}
.option-price{white-space:nowrap;font-weight:600}
.wide{display:block;width:100%;min-height:2.75rem;margin:1rem 0}
.test-cards{padding-left:1.2rem}
.test-cards code{white-space:nowrap}
.cart-lines{list-style:none;margin:1rem 0;padding:0}
.cart-line{display:grid;grid-template-columns:72px minmax(0,1fr) auto;gap:.8rem;padding:.8rem 0;border-bottom:1px solid var(--line)}
.cart-line img,.no-image{width:72px;height:72px;object-fit:contain;background:var(--tint);border-radius:6px}
.cart-line-title{font-weight:600}
.cart-line-text p{margin:.2rem 0}
.cart-line-controls{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-top:.4rem}
.inline-form{display:flex;gap:.4rem;align-items:center;margin:0}
.qty{width:4.5rem}
.cart-line-total{margin:0;font-weight:600;white-space:nowrap}
.cart-subtotal{display:flex;justify-content:space-between;gap:1rem;font-weight:700;font-size:1.1rem;margin:1rem 0 .3rem}
.cart-discounts,.discount-codes{list-style:none;margin:.3rem 0;padding:0}
.cart-discounts li{display:flex;justify-content:space-between;gap:1rem;margin:.2rem 0}
.cart-discounts data{white-space:nowrap}
.discount-field{margin:1rem 0}
.discount-field .inline-form input{flex:1;min-width:0}
.discount-codes li{display:flex;justify-content:space-between;align-items:center;gap:.6rem;border-bottom:1px solid var(--line)}
.discount-codes p{margin:.3rem 0}
.link-button{font:inherit;min-height:2.75rem;padding:.4rem .2rem;color:var(--brand);background:none;border:0;text-decoration:underline;cursor:pointer}
.secondary-button{min-height:2.75rem}
a.primary-button{text-align:center;text-decoration:none}
.challenge{border:2px solid var(--brand);border-radius:8px;padding:0 1rem 1rem;margin:1rem 0}
@media (max-width:24rem){.cart-line{grid-template-columns:56px minmax(0,1fr)}.cart-line img,.cart-line .no-image{width:56px;height:56px}.cart-line-total{grid-column:2}}
body{overflow-wrap:break-word}
h1,h2,h3{hyphens:auto;overflow-wrap:anywhere}
td,th{hyphens:auto}
@media (max-width:30rem){
.summary,.summary tbody,.summary tfoot{display:block}
.summary thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.summary tbody tr{display:grid;grid-template-columns:auto auto 1fr;column-gap:.3rem;padding:.45rem 0;border-bottom:1px solid var(--line)}
.summary tbody td{border:0;padding:0}
.summary tbody td:first-child{grid-column:1/-1;font-weight:600;margin-bottom:.15rem}
.summary tbody td:nth-child(2)::after{content:" ×"}
.summary tbody td:nth-child(3){text-align:left}
.summary tbody td.num .small{display:block;white-space:normal}
.summary tbody td.num [data-excl-vat]{white-space:normal}
.summary tfoot tr{display:flex;justify-content:space-between;gap:1rem;border-bottom:1px solid var(--line)}
.summary tfoot tr.total{border-bottom:2px solid var(--ink)}
.summary tfoot th,.summary tfoot td,.summary tfoot tr.total th,.summary tfoot tr.total td{padding-left:0;padding-right:0;border:0}
.stacked,.stacked tbody{display:block}
.stacked thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.stacked tbody tr{display:block;padding:.45rem 0;border-bottom:1px solid var(--line)}
.stacked tbody td,.stacked tbody td:not(:first-child){display:flex;justify-content:space-between;gap:.6rem;border:0;padding:0;white-space:normal}
.stacked tbody td:first-child{font-weight:600}
.stacked tbody td:not(:first-child)::before{content:attr(data-label);color:var(--muted);font-size:.92rem;text-align:left}
.doc-totals th,.doc-totals td{padding-left:0}
}
.doc-facts{display:grid;grid-template-columns:minmax(0,auto) minmax(0,1fr);gap:.1rem .8rem;margin:.5rem 0}
.doc-facts div{display:contents}
.doc-facts dt{color:var(--muted)}
.doc-facts dd{margin:0}
.doc-parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,15rem),1fr));gap:0 1.5rem}
.doc-lines td:not(:first-child),.doc-lines th:not(:first-child),.doc-vat td:not(:first-child),.doc-vat th:not(:first-child),.doc-totals td{text-align:right;white-space:nowrap}
.doc-totals th{font-weight:400;text-align:right}
.doc-totals tr.total th,.doc-totals tr.total td{font-weight:700;border-bottom:2px solid var(--ink)}
.doc-note{font-size:.92rem}
.doc-rebates{margin:.8rem 0}
.doc-rebates caption{text-align:left;font-weight:600;padding:.3rem 0}
.doc-rebates th{font-weight:400;text-align:left;padding-left:0}
.doc-rebates td{text-align:right;white-space:nowrap}
.documents{padding-left:1.2rem}
.order-number{white-space:nowrap;font-size:.85em}
@media print{header,.doc-actions{display:none}.wrap{max-width:none}}
`;

const STYLE_HASH = createHash('sha256').update(CSS).digest('base64');

/** Headers of every buyer page (see the module comment). */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'strict-origin',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'x-robots-tag': 'noindex, nofollow',
  'content-security-policy': `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
} as const;

/**
 * The headers of a page that runs the site's own scripts (the account pages' passkeys,
 * public/scripts/): the buyer pages' policy, with scripts and requests from the site itself only.
 */
export const SCRIPTED_PAGE_HEADERS = {
  ...PAGE_HEADERS,
  'content-security-policy': `${PAGE_HEADERS['content-security-policy']}; script-src 'self'; connect-src 'self'`,
} as const;

/**
 * The header's link to the cart with its item count, as the static pages' header shows it
 * (src/components/CartLink.astro: the icon with the count over its corner, its name beside it
 * from 30rem; "Panier, 3 articles" for screen readers). The count is known here: no script.
 */
function cartLink(locale: Locale, count: number): Html {
  const words = ui(locale);
  const name = count > 0 ? `${words.cart}, ${words.itemCount({ n: count })}` : words.cart;
  // The count is drawn by CSS, as on the static pages: the link's visible text stays its name (WCAG 2.5.3).
  const badge = count > 0 ? html`<span class="cart-count" aria-hidden="true" data-shown="${count}"></span>` : '';
  return html`<a class="cart-link" href="${localePrefix(locale)}/cart" aria-label="${name}"><span class="cart-icon">${CART_ICON}${badge}</span><span class="cart-label">${words.cart}</span></a>`;
}

/** The cart icon of the site's header (src/components/CartLink.astro). */
const CART_ICON = new Html(CART_ICON_SVG);

/**
 * A complete page.
 * @param storeName shown in the header, linked to the home page of the locale
 * @param options.cartCount items in the shopper's cart: the header then links to the cart with
 *        that count (the cart and checkout pages; a buyer's approval and order pages have none)
 */
export function page(locale: Locale, title: string, storeName: string, body: Html, options: { cartCount?: number; scripts?: readonly string[] } = {}): string {
  const cart = options.cartCount === undefined ? '' : cartLink(locale, options.cartCount);
  const scripts = (options.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`);
  return `<!doctype html>${html`<html lang="${LOCALE_TAGS[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="strict-origin"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${title} — ${storeName}</title><style>${new Html(CSS)}</style>${scripts}</head><body><header><div class="wrap header-row"><a class="logo" href="${localePrefix(locale)}/">${storeName}</a>${cart}</div></header><main class="wrap">${body}</main></body></html>`.value}`;
}

/** An HTML response with the buyer-page headers. */
export function pageResponse(status: number, body: string, extra: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { ...PAGE_HEADERS, ...extra } });
}

/**
 * The buyer pages' policy with one more target its form may lead to (CSP `form-action`, which
 * browsers also apply to the redirects after a submission): the consent page's answer goes back
 * to the platform's registered redirect URI (RFC 6749 §4.1.2).
 * @param uri the redirect URI (already checked against the client's registration)
 * @param policy the page's own policy (default: the buyer pages')
 * @returns the `content-security-policy` header, or `{}` when the URI has no origin to name
 */
export function formActionTo(uri: string | null, policy: string = PAGE_HEADERS['content-security-policy']): Record<string, string> {
  if (!uri) return {};
  let source: string;
  try {
    const url = new URL(uri);
    source = url.origin === 'null' ? url.protocol : url.origin;
  } catch {
    return {};
  }
  if (!/^[a-z][a-z0-9+.-]*:(\/\/[^\s;,']+)?$/i.test(source)) return {};
  return { 'content-security-policy': policy.replace("form-action 'self'", `form-action 'self' ${source}`) };
}

/** An HTML response of a page that runs the site's own scripts (`SCRIPTED_PAGE_HEADERS`). */
export function scriptedPageResponse(status: number, body: string, extra: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { ...SCRIPTED_PAGE_HEADERS, ...extra } });
}
