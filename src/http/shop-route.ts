/**
 * The shop's dynamic pages and endpoints, under any locale prefix (docs/storefront.md "Buying on the site"):
 * - `GET /cart`: the cart page; `GET /cart.js`: the cart as Shopify's Ajax API writes it;
 * - `POST /cart/add` (form `id`, `quantity`): adds a variant, then 303 to the cart page, which
 *   says what happened; `POST /cart/add.js` (JSON or form): the added line item, or
 *   `{status, message, description}` with 404 (unknown variant) or 422 (sold out);
 * - `POST /cart/change` (form `id`, `quantity`, 0 removes): 303 to the cart page;
 *   `POST /cart/change.js`: the cart;
 * - `POST /cart/discount` (form `discount_code` to add, or `remove` a code): 303 to the cart
 *   page, which says beside the field what became of each code;
 * - `GET /checkout`: the checkout page of the cart (created on first visit);
 *   `POST /checkout` (`action` save, use_address, pay, order_on_invoice, quote, authenticate,
 *   cancel_challenge): stores the entries, pays, or makes a business member's quote of it
 *   (checkout-form.ts reads the form, payment-answer below says what happened).
 * Every POST is same-origin checked (403) and rate-limited like the UCP endpoints (429); the
 * cart is the one the `cart` cookie names (cart-cookies.ts). The rules are the checkout core's
 * (src/checkout/site-cart.ts, site-checkout.ts): nothing here prices, checks stock or pays.
 */
import type { Catalog } from '../catalog/types';
import { localize } from '../catalog/localize';
import { ORDER_LIMITS } from '../commerce/order-lines';
import { type Locale, localePrefix } from '../catalog/locales';
import type { Commerce } from '../checkout/commerce';
import type { CommerceContext } from '../checkout/context';
import type { Problem } from '../checkout/problems';
import { addToSiteCart, changeSiteCartDiscounts, changeSiteCartLine, emptySiteCart, getSiteCart, itemCount } from '../checkout/site-cart';
import { SESSION_COOKIE } from '../accounts/session-cookie';
import { type SavedAddress, savedAddressOf, savedAddressesOf } from '../checkout/saved-addresses';
import { type SiteAccount, type SitePayment, challengeStands, orderSiteCheckoutOnInvoice, settledSiteCheckout, paySiteCheckout, passSiteChallenge, saveSiteDetails, siteCheckout, siteCheckoutOfCart } from '../checkout/site-checkout';
import { tokenizeCard } from '../checkout/payment/card';
import { shopUi } from '../i18n/shop-ui';
import { quotesUi } from '../i18n/quotes-ui';
import { quoteSiteCheckout } from '../checkout/quotes';
import type { CheckoutView } from '../checkout/view';

import { ajaxCart, ajaxLineItem } from './cart-ajax';
import { CLEAR_CHALLENGE_COOKIE, cartCookies, cartIdOf, challengeCookie, challengeOf, cookieOf } from './cart-cookies';
import { cardErrors, detailsOf, discountChangeOf, purchaseOrderOf, readForm, textErrors } from './checkout-form';
import { type CartNotice, cartPage } from './html/cart-page';
import { type CheckoutPageState, checkoutPage } from './html/checkout-page';
import { page, pageResponse, scriptedPageResponse } from './html/shell';
import { problemField, problemText } from './html/shop-problems';
import type { Limit } from './rate-limit';
import { crossSite } from './same-origin';
import { html } from '../views/html';
import { formatPrice } from '../views/format';
import { totalAmount } from '../commerce/totals';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/** A JSON answer of the Ajax cart, with the cart's cookies when it changed. */
function json(status: number, body: unknown, cookies: string[] = [], extra: Record<string, string> = {}): Response {
  const headers = new Headers({ ...JSON_HEADERS, ...extra });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(JSON.stringify(body), { status, headers });
}

/** Shopify's Ajax cart error: `{status, message, description}`, with `extra` headers (Retry-After). */
const cartError = (status: number, description: string, extra: Record<string, string> = {}) => json(status, { status, message: 'Cart Error', description }, [], extra);

/** A 303 to `location` (same site), with cookies. */
function seeOther(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/** The checkout page (it runs the checkout form's script), with cookies to set. */
function checkoutResponse(status: number, state: CheckoutPageState, catalog: Catalog, locale: Locale, cookies: readonly string[] = []): Response {
  const response = scriptedPageResponse(status, checkoutPage(state, catalog.store, locale));
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}

/**
 * The checkout page after the amount changed under the order button: nothing was paid, the
 * entries are kept (the card's number and code excepted: never echoed), and the notice names the
 * amount the button now charges.
 */
function termsChangedState(view: CheckoutView, locale: Locale): CheckoutPageState {
  const amount = formatPrice(totalAmount(view.priced?.totals ?? []), locale);
  return { view, showErrors: true, notice: { kind: 'no', text: shopUi(locale).termsChangedKept({ amount }) } };
}

/**
 * Answers a shop path.
 * @param path the shop path without its locale prefix and trailing slash (shop-paths.ts `shopPath`)
 * @param limit the rate limiter of the request's client
 * @returns a page, JSON for the `.js` paths, or a redirect; never throws for bad input (a failing store gives 503)
 */
export async function shopRoute(request: Request, locale: Locale, path: string, catalog: Catalog, commerce: Commerce | undefined, limit: Limit): Promise<Response> {
  const route = path;
  const ajax = route.endsWith('.js');
  const ui = shopUi(locale);
  const store = catalog.store;
  const refuse = (status: number, text: string, extra: Record<string, string> = {}) =>
    ajax ? cartError(status, text, extra) : pageResponse(status, page(locale, ui.cartTitle, store.name, html`<h1>${ui.cartTitle}</h1><p class="notice no" role="alert">${text}</p>`), extra);
  if (!commerce) return refuse(503, ui.paymentBusy, { 'retry-after': '5' });
  const url = new URL(request.url);
  const ctx = commerce.context(url.origin);
  const reads = route === '/cart' || route === '/cart.js' || route === '/checkout';
  const writes = route !== '/cart' && route !== '/cart.js';
  const allowed = [...(reads ? ['GET', 'HEAD'] : []), ...(writes ? ['POST'] : [])];
  if (!allowed.includes(request.method)) return refuse(405, ui.formRefused, { allow: allowed.join(', ') });
  try {
    if (request.method !== 'POST') return await read(request, route, locale, catalog, ctx);
    if (crossSite(request, url, store.base_url)) return refuse(403, ui.formRefused);
    const decision = await limit();
    if (decision && !decision.allowed) return refuse(429, ui.tooManyRequests, { 'retry-after': String(decision.retryAfter) });
    const form = await readForm(request, ajax);
    if (!form) return refuse(400, ui.formRefused);
    if (route === '/checkout') return await checkoutPost(request, form, locale, catalog, ctx);
    if (route === '/cart/discount') return await discountPost(request, form, locale, catalog, ctx);
    return await cartPost(request, route, form, locale, catalog, ctx);
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name !== 'StateError' && name !== 'CheckoutBusyError') throw error;
    console.error('shop page: store unavailable', error);
    return refuse(503, ui.paymentBusy, { 'retry-after': '5' });
  }
}

/**
 * The person signed in on the site, read against the database, and the cookies that renew their
 * session (the library slides it once a day: a buyer who only shops stays signed in); null and none
 * without a session cookie (the accounts' code is then not even loaded: most shoppers never sign in).
 */
async function siteSession(request: Request, ctx: CommerceContext): Promise<{ account: SiteAccount | null; setCookies: string[] }> {
  if (!cookieOf(request, SESSION_COOKIE)) return { account: null, setCookies: [] };
  const [{ accountsOf }, { currentSession }] = await Promise.all([import('../checkout/account-service'), import('../accounts/sign-in')]);
  const { session, setCookies } = await currentSession(await accountsOf(ctx), request.headers);
  return { account: session ? { user_id: session.userId, email: session.email } : null, setCookies };
}

/** The person signed in on the site, or null (siteSession without its renewal). */
const siteAccount = async (request: Request, ctx: CommerceContext) => (await siteSession(request, ctx)).account;

/** The saved addresses the checkout offers a signed-in buyer (none to others, and no query). */
async function savedAddressesFor(ctx: CommerceContext, account: SiteAccount | null): Promise<SavedAddress[]> {
  return account ? savedAddressesOf(ctx.db, account.user_id) : [];
}

/** GET: the cart page, the Ajax cart, the checkout page. */
async function read(request: Request, route: string, locale: Locale, catalog: Catalog, ctx: CommerceContext): Promise<Response> {
  const cartId = cartIdOf(request);
  const prefix = localePrefix(locale);
  if (route === '/checkout') {
    const { account, setCookies } = await siteSession(request, ctx);
    const view = cartId ? await siteCheckoutOfCart(ctx, cartId, locale, account) : null;
    if (!view) return seeOther(`${prefix}/cart`, setCookies);
    // A 3-D Secure challenge left by a reload comes back while it stands for the checkout's terms.
    const pending = challengeOf(request, view.record.id);
    if (pending && (await challengeStands(ctx, view, pending))) {
      return checkoutResponse(200, { view, challenge: { token: pending.token, brand: pending.card.brand, lastDigits: pending.card.last_digits } }, catalog, locale, setCookies);
    }
    const forget = cookieOf(request, 'card_challenge') ? [CLEAR_CHALLENGE_COOKIE] : [];
    return checkoutResponse(200, { view, savedAddresses: await savedAddressesFor(ctx, account) }, catalog, locale, [...setCookies, ...forget]);
  }
  // A member of an approved business sees the cart on its terms (prices excluding VAT first on the page).
  const { account, setCookies } = await siteSession(request, ctx);
  const { cart, member } = cartId ? await getSiteCart(ctx, cartId, account) : { cart: null, member: false };
  if (route === '/cart.js') return json(200, ajaxCart(cart, locale, catalog.store.currency), setCookies);
  const response = pageResponse(200, cartPage(cart, catalog.store, locale, cartNotice(new URL(request.url).searchParams, cart ? itemCount(cart.record.lines) : 0, locale, catalog), member));
  for (const cookie of setCookies) response.headers.append('set-cookie', cookie);
  return response;
}

/** The message of the redirect after an add: `?added=<variant>` or `?refused=<variant>&why=<code>&left=<n>`. */
function cartNotice(query: URLSearchParams, count: number, locale: Locale, catalog: Catalog): CartNotice | undefined {
  const ui = shopUi(locale);
  if (query.has('added')) return { kind: 'ok', text: ui.addedCount({ count }) };
  const why = query.get('why');
  if (!query.has('refused') || !why) return undefined;
  const left = Number(query.get('left'));
  switch (why) {
    case 'quantity_adjusted': return { kind: 'no', text: ui.notEnough({ left: Number.isInteger(left) ? left : 0 }) };
    case 'out_of_stock': return { kind: 'no', text: ui.soldOut };
    case 'lines_limit': return { kind: 'no', text: problemText({ level: 'error', code: 'lines_limit', data: { max: ORDER_LIMITS.lines } }, locale) };
    case 'item_unavailable': case 'quantity_limit': {
      const variant = Number(query.get('refused'));
      const product = catalog.products.find((p) => p.variants.some((v) => v.id === variant));
      const data = { title: product ? localize(product.title, locale) : '', max: ORDER_LIMITS.lineQuantity };
      return { kind: 'no', text: product ? problemText({ level: 'error', code: why, data }, locale) : ui.unknownVariant };
    }
    default: return { kind: 'no', text: ui.unknownVariant };
  }
}

/** The problem of an add about the variant added, if any (left out, or its quantity lowered). */
function addProblem(problems: readonly Problem[]): Problem | undefined {
  const lowered = (p: Problem) => p.code === 'quantity_adjusted' || p.code === 'quantity_limit';
  const refused = (p: Problem) => ['unknown_item', 'variant_required', 'out_of_stock', 'item_unavailable', 'lines_limit'].includes(p.code) && (!p.at || !('line' in p.at));
  return problems.find((p) => refused(p) || lowered(p));
}

/**
 * POST /cart/discount: the code typed added to the cart, or a code taken off. A code with a
 * control character is refused beside the field and nothing is stored.
 */
async function discountPost(request: Request, form: URLSearchParams, locale: Locale, catalog: Catalog, ctx: CommerceContext): Promise<Response> {
  const prefix = localePrefix(locale);
  const cartId = cartIdOf(request);
  if (!cartId) return seeOther(`${prefix}/cart`);
  const change = discountChangeOf(form, 'remove');
  if (!change) {
    const { account } = await siteSession(request, ctx);
    const { cart, member } = await getSiteCart(ctx, cartId, account);
    return pageResponse(422, cartPage(cart, catalog.store, locale, { kind: 'no', text: shopUi(locale).textRefused, field: 'discount_code' }, member));
  }
  await changeSiteCartDiscounts(ctx, cartId, change, locale);
  return seeOther(`${prefix}/cart#discount`);
}

/** POST /cart/add(.js), /cart/change(.js). */
async function cartPost(request: Request, route: string, form: URLSearchParams, locale: Locale, catalog: Catalog, ctx: CommerceContext): Promise<Response> {
  const ui = shopUi(locale);
  const prefix = localePrefix(locale);
  const ajax = route.endsWith('.js');
  const adding = route.startsWith('/cart/add');
  const id = Number(form.get('id'));
  const rawQuantity = form.get('quantity');
  const quantity = rawQuantity === null || rawQuantity === '' ? (adding ? 1 : NaN) : Number(rawQuantity);
  const cartId = cartIdOf(request);
  if (!Number.isSafeInteger(id) || id <= 0) return ajax ? cartError(404, ui.unknownVariant) : seeOther(`${prefix}/cart?refused=0&why=unknown_item`);
  if (!Number.isInteger(quantity) || quantity < (adding ? 1 : 0) || quantity > ORDER_LIMITS.lineQuantity) return ajax ? cartError(422, ui.fieldMissing) : seeOther(`${prefix}/cart`);
  if (!adding) {
    if (!cartId) return ajax ? json(200, ajaxCart(null, locale, catalog.store.currency)) : seeOther(`${prefix}/cart`);
    const { cart } = await changeSiteCartLine(ctx, cartId, id, quantity, locale);
    const cookies = cart ? cartCookies(cart.record.id, itemCount(cart.record.lines)) : [];
    return ajax ? json(200, ajaxCart(cart, locale, catalog.store.currency), cookies) : seeOther(`${prefix}/cart`, cookies);
  }
  const { cart, problems } = await addToSiteCart(ctx, cartId, id, quantity, locale);
  const cookies = cart ? cartCookies(cart.record.id, itemCount(cart.record.lines)) : [];
  const problem = addProblem(problems);
  const line = cart?.lines.find((l) => l.variant.id === id);
  if (ajax) {
    if (!line || (problem && problem.code !== 'quantity_adjusted' && problem.code !== 'quantity_limit')) {
      const unknown = !problem || problem.code === 'unknown_item' || problem.code === 'variant_required';
      return json(unknown ? 404 : 422, { status: unknown ? 404 : 422, message: 'Cart Error', description: unknown ? ui.unknownVariant : problem.code === 'out_of_stock' ? ui.soldOut : problemText(problem, locale) }, cookies);
    }
    if (problem) return json(422, { status: 422, message: 'Cart Error', description: problem.code === 'quantity_limit' ? problemText(problem, locale) : ui.notEnough({ left: line.quantity }) }, cookies);
    return json(200, ajaxLineItem(line, locale), cookies);
  }
  if (!problem && line) return seeOther(`${prefix}/cart?added=${id}`, cookies);
  const left = problem?.code === 'quantity_adjusted' ? `&left=${Number(problem.data?.left) || 0}` : problem?.code === 'quantity_limit' ? `&left=${Number(problem.data?.max) || 0}` : '';
  return seeOther(`${prefix}/cart?refused=${id}&why=${problem?.code ?? 'unknown_item'}${left}`, cookies);
}

/** POST /checkout: store the entries, pay, or answer the 3-D Secure challenge. */
async function checkoutPost(request: Request, form: URLSearchParams, locale: Locale, catalog: Catalog, ctx: CommerceContext): Promise<Response> {
  const ui = shopUi(locale);
  const prefix = localePrefix(locale);
  const cartId = cartIdOf(request);
  const checkoutId = form.get('checkout') ?? '';
  const terms = form.get('terms') ?? '';
  if (!cartId || !checkoutId) return seeOther(`${prefix}/cart`);
  // What the form holds that the checkout does not store: kept when the page comes back.
  const kept: Pick<CheckoutPageState, 'purchaseOrder' | 'cardExpiry'> = { purchaseOrder: purchaseOrderOf(form) ?? undefined, cardExpiry: (form.get('card_expiry') ?? '').slice(0, 7) || undefined };
  const show = (status: number, state: CheckoutPageState) => checkoutResponse(status, { ...kept, ...state }, catalog, locale);
  const action = form.get('action');
  if (action === 'authenticate') {
    const challenge = { token: form.get('challenge') ?? '', card: { brand: form.get('card_brand') ?? '', last_digits: form.get('card_last_digits') ?? '' } };
    return paymentAnswer(await passSiteChallenge(ctx, cartId, checkoutId, terms, challenge), cartId, locale, catalog, ctx, {}, [CLEAR_CHALLENGE_COOKIE]);
  }
  if (action === 'cancel_challenge') {
    const view = await siteCheckout(ctx, cartId, checkoutId);
    return view ? checkoutResponse(200, { view, notice: { kind: 'wait', text: ui.challengeCanceled } }, catalog, locale, [CLEAR_CHALLENGE_COOKIE]) : seeOther(`${prefix}/checkout`, [CLEAR_CHALLENGE_COOKIE]);
  }
  if (action === 'use_address') {
    // One of the signed-in buyer's saved addresses replaces the delivery address (another account's id finds none).
    const account = await siteAccount(request, ctx);
    const address = account ? await savedAddressOf(ctx.db, account.user_id, (form.get('address_id') ?? '').slice(0, 64)) : null;
    if (address) await saveSiteDetails(ctx, cartId, checkoutId, { ...detailsOf(form), address, optionId: null, account });
    return seeOther(`${prefix}/checkout${address ? '#shipping' : ''}`);
  }
  const refused = textErrors(form, locale);
  if (Object.keys(refused).length) {
    // Nothing is stored: the page comes back with the sentence beside each refused entry.
    const current = await siteCheckout(ctx, cartId, checkoutId);
    return current ? show(422, { view: current, fieldErrors: refused }) : seeOther(`${prefix}/checkout`);
  }
  // A code typed, or one taken off, changes the cart's codes, which the checkout takes (any post: Enter in the code's field presses the form's first button).
  const discount = discountChangeOf(form, 'remove_code');
  if (!discount) {
    const current = await siteCheckout(ctx, cartId, checkoutId);
    return current ? show(422, { view: current, fieldErrors: { discount_code: ui.textRefused } }) : seeOther(`${prefix}/checkout`);
  }
  const discountCodes = discount.add || discount.remove ? (await changeSiteCartDiscounts(ctx, cartId, discount, locale)).cart?.record.discount_codes ?? [] : undefined;
  const view = await saveSiteDetails(ctx, cartId, checkoutId, { ...detailsOf(form), account: await siteAccount(request, ctx), ...(discountCodes ? { discountCodes } : {}) });
  if (!view) return seeOther(`${prefix}/checkout`);
  if (action === 'discount' || discount.remove) return seeOther(`${prefix}/checkout#discount`);
  if (view.status === 'completed' || view.status === 'canceled' || view.status === 'paying') return paymentAnswer({ kind: view.status === 'paying' ? 'busy' : 'closed', view }, cartId, locale, catalog, ctx);
  if (action === 'quote') return quoteAnswer(ctx, view, await siteAccount(request, ctx), locale, (state) => show(422, state));
  if (action !== 'pay' && action !== 'order_on_invoice') {
    // `needs_buyer` is what a complete checkout of the store's pages reads before the click.
    // Everything is set: the page opens at the delivery options, then the card (not at its top, two screens up).
    return view.status === 'incomplete' ? show(422, { view, showErrors: true }) : seeOther(`${prefix}/checkout#shipping`);
  }
  if (view.priced?.termsHash !== terms) return show(409, termsChangedState(view, locale));
  if (!view.priced.complete) return show(422, { view, showErrors: true, ...soldOutNotice(view.problems, locale) });
  if (action === 'order_on_invoice') return paymentAnswer(await orderSiteCheckoutOnInvoice(ctx, view, terms, purchaseOrderOf(form)), cartId, locale, catalog, ctx, kept);
  // Discounts covering the whole total leave nothing to pay: the page asked for no card.
  if (view.priced.nothingDue) return paymentAnswer(await paySiteCheckout(ctx, view, terms), cartId, locale, catalog, ctx, kept);
  const card = tokenizeCard({ number: form.get('card_number') ?? '', expiry: form.get('card_expiry') ?? '', cvc: form.get('card_cvc') ?? '' }, ctx.now());
  if ('problems' in card) return show(422, { view, fieldErrors: cardErrors(card.problems, locale) });
  return paymentAnswer(await paySiteCheckout(ctx, view, terms, card.instrument), cartId, locale, catalog, ctx, kept);
}

/** After "make a quote": the quote's page (303), or the checkout again saying what the quote needs. */
async function quoteAnswer(ctx: CommerceContext, view: CheckoutView, account: SiteAccount | null, locale: Locale, again: (state: CheckoutPageState) => Response): Promise<Response> {
  const made = account ? await quoteSiteCheckout(ctx, view, account) : { kind: 'not_member' as const };
  if (made.kind === 'made') return seeOther(`${localePrefix(locale)}/account/quotes/${made.quote.id}?made`);
  return again({ view, showErrors: true, notice: { kind: 'no', text: quotesUi(locale).notReady } });
}

/**
 * What the buyer sees after the order button (or the 3-D Secure challenge).
 * @param kept entries of the form the page shows again when it comes back (purchase order, card expiry)
 * @param cookies to set whatever the outcome (the pending challenge forgotten)
 */
async function paymentAnswer(outcome: SitePayment, cartId: string, locale: Locale, catalog: Catalog, ctx: CommerceContext, kept: Partial<CheckoutPageState> = {}, cookies: readonly string[] = []): Promise<Response> {
  const ui = shopUi(locale);
  const prefix = localePrefix(locale);
  const show = (status: number, state: CheckoutPageState) => checkoutResponse(status, { ...kept, ...state }, catalog, locale, cookies);
  switch (outcome.kind) {
    case 'paid': return toOrder(outcome.view.orderUrl!, cartId, ctx, cookies);
    case 'not_found': return seeOther(`${prefix}/checkout`, [...cookies]);
    case 'changed': return show(409, termsChangedState(outcome.view, locale));
    case 'incomplete': return show(422, { view: outcome.view, showErrors: true, ...soldOutNotice(outcome.view.problems, locale) });
    case 'declined': return show(422, { view: outcome.view, fieldErrors: { card_number: ui.declined } });
    case 'refused': return show(422, { view: outcome.view, fieldErrors: { [problemField(outcome.problem) ?? 'purchase_order']: problemText(outcome.problem, locale) } });
    // The challenge is kept in a cookie and shown by GET: a reload of its page shows it again.
    case 'authenticate': return seeOther(`${prefix}/checkout`, [challengeCookie(outcome.view.record.id, { token: outcome.challenge, card: outcome.card })]);
    case 'sold_out': return show(409, { view: outcome.view, showErrors: true, notice: { kind: 'no', text: problemText(outcome.problem, locale) } });
    case 'busy': case 'closed': {
      // A second click or tab: wait for the first one's payment, then show its order.
      const settled = await settledSiteCheckout(ctx, outcome.view.record.id);
      if (settled?.status === 'completed' && settled.orderUrl) return toOrder(settled.orderUrl, cartId, ctx, cookies);
      if (settled?.status === 'paying') return show(409, { view: settled, notice: { kind: 'wait', text: ui.paymentBusy } });
      return seeOther(`${prefix}/checkout`, [...cookies]);
    }
  }
}

/**
 * When the order button found a line sold out or short (another buyer was faster), the notice
 * that says so and that nothing was charged.
 */
function soldOutNotice(problems: readonly Problem[], locale: Locale): Pick<CheckoutPageState, 'notice'> {
  const short = problems.find((p) => p.code === 'out_of_stock' || p.code === 'insufficient_stock');
  if (!short) return {};
  return { notice: { kind: 'no', text: problemText({ ...short, code: 'sold_out_at_payment', data: { title: short.data?.title, left: short.data?.left ?? 0 } }, locale) } };
}

/** 303 to the order page (its path and secret, on this site); the cart is emptied. */
async function toOrder(orderUrl: string, cartId: string, ctx: CommerceContext, cookies: readonly string[] = []): Promise<Response> {
  await emptySiteCart(ctx, cartId);
  const target = new URL(orderUrl);
  return seeOther(`${target.pathname}${target.search}`, [...cartCookies(cartId, 0), ...cookies]);
}
