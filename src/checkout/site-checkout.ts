/**
 * The checkout of a person buying on the store's own pages (design.md "People buy on the site
 * too"; docs/storefront.md "Buying on the site"). It is the same checkout as an agent's (checkouts.ts,
 * pricing.ts, complete.ts: one price path, one stock rule, one payment rule), owned by
 * `SITE` and tied to the shopper's cart, so only the browser holding that cart's cookie
 * reaches it, and an agent's checkout is never payable here.
 *
 * The buyer's click on the order button — which names the amount — is the approval at the
 * moment of payment (Directive 2011/83/EU art. 8(2), BGB § 312j (3)): the approval of the exact
 * terms the page showed (their hash, posted back by the form) is recorded and the payment runs
 * in the same request, with no e-mailed code. Terms that changed since the page was drawn are
 * not approved: the page is shown again with the new amount. Paying twice (double click, reload,
 * two tabs) cannot make two orders: the payment claims the checkout row (complete.ts), and a
 * completed checkout only answers its order.
 *
 * A card that asks for 3-D Secure gets the sandbox bank's challenge: the page carries a token
 * (HMAC over the checkout, the terms and the card's brand and last digits) that only this
 * store can make, and passing the challenge pays with the authenticated card.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LOCALE_TAGS, type Locale } from '../catalog/locales';
import type { Address, AddressInput } from '../commerce/address';
import { canonicalJson } from '../commerce/canonical-json';
import type { Buyer, CheckoutRecord } from '../commerce/records';
import { getCart } from './carts';
import { savedAddressesOf } from './saved-addresses';
import { type CheckoutChanges, applyChanges } from './changes';
import { createCheckout, getCheckout, lockedProblem, updateCheckout } from './checkouts';
import { payCheckout } from './complete';
import { settledCompletion } from './completion';
import type { CommerceContext, Owner } from './context';
import { type InstrumentInput, SANDBOX_HANDLER_ID } from './payment/sandbox';
import { priceCheckout } from './pricing';
import type { Problem } from './problems';
import type { CheckoutView } from './view';

/** The owner of the checkouts built on the store's pages (never a platform's profile URL). */
export const SITE: Owner = { platform: 'storefront', pages: true };

/** What the checkout form sends besides the payment: each part replaces the stored one. */
export interface SiteDetails {
  buyer: Buyer;
  address: AddressInput;
  /** The shipping option chosen, or null when none is. */
  optionId: string | null;
  /** The person signed in on the site, or null: a member of an approved business buys on its terms. */
  account: SiteAccount | null;
  /** The cart's discount codes after the shopper changed them on the checkout page (absent: unchanged). */
  discountCodes?: readonly string[];
}

/** The person signed in on the site (src/accounts/sign-in.ts `AccountSession`): their id and verified e-mail. */
export interface SiteAccount {
  user_id: string;
  email: string;
}

/** What became of the order button. */
export type SitePayment =
  | { kind: 'paid'; view: CheckoutView }
  /** The terms changed since the page was drawn: nothing approved, nothing charged. */
  | { kind: 'changed'; view: CheckoutView }
  /** Something is missing or wrong (the view's problems say what). */
  | { kind: 'incomplete'; view: CheckoutView }
  /** Ordering on invoice was refused: not granted, or the purchase order the terms ask for is missing. */
  | { kind: 'refused'; view: CheckoutView; problem: Problem }
  | { kind: 'declined'; view: CheckoutView }
  /** The card asks for 3-D Secure: the challenge token to carry on the page, and the card it names. */
  | { kind: 'authenticate'; view: CheckoutView; challenge: string; card: { brand: string; last_digits: string } }
  /** A line sold out between the page and the payment: nothing charged. */
  | { kind: 'sold_out'; view: CheckoutView; problem: Problem }
  /** Another request of the same checkout is paying it (double click, second tab). */
  | { kind: 'busy'; view: CheckoutView }
  /** Completed, canceled or expired before this click. */
  | { kind: 'closed'; view: CheckoutView }
  | { kind: 'not_found' };

/** The lines of a checkout as "variant×quantity" in order, to compare them with the cart's. */
const lineKey = (lines: readonly { variant_id: number; quantity: number }[]) => lines.map((l) => `${l.variant_id}×${l.quantity}`).join(',');

/**
 * The change that links a checkout to the person signed in (or unlinks it), with their verified
 * e-mail as the buyer's when none was typed yet; undefined when it is linked already.
 */
function accountChange(record: CheckoutRecord, account: SiteAccount | null): CheckoutChanges | undefined {
  if ((record.account?.user_id ?? null) === (account?.user_id ?? null)) return undefined;
  return {
    account: account ? { user_id: account.user_id } : null,
    ...(account && !record.buyer?.email ? { buyer: { ...record.buyer, email: account.email } } : {}),
  };
}

/**
 * The checkout of the shopper's cart, created on first use, its lines and discount codes kept equal to the cart's
 * (the shopper may change the cart between two visits) and its buyer the person signed in.
 * @returns the checkout, or null when the cart is unknown, expired or empty
 * @throws StateError when the database fails
 */
export async function siteCheckoutOfCart(ctx: CommerceContext, cartId: string, locale: Locale, account: SiteAccount | null = null): Promise<CheckoutView | null> {
  const cart = await getCart(ctx, cartId);
  if (!cart?.record.lines.length) return null;
  const created = await createCheckout(ctx, SITE, { context: { language: LOCALE_TAGS[locale] } }, cartId);
  if (!('view' in created)) return null;
  const { view } = created;
  if (lockedProblem(view.record, ctx.now())) return view;
  const sameLines = lineKey(view.record.lines) === lineKey(cart.record.lines);
  const sameCodes = canonicalJson(view.record.discount_codes ?? []) === canonicalJson(cart.record.discount_codes ?? []);
  const linked = accountChange(view.record, account);
  if (sameLines && sameCodes && !linked) return view;
  const changes: CheckoutChanges = {
    ...linked,
    ...(sameLines ? {} : { lines: cart.record.lines.map((l) => ({ item: { id: String(l.variant_id) }, quantity: l.quantity })) }),
    ...(sameCodes ? {} : { discountCodes: cart.record.discount_codes ?? [] }),
  };
  if (linked && account && !view.record.address?.street_address) {
    // A signed-in buyer starts from the address of their latest order, its cheapest option chosen.
    const [latest] = await savedAddressesOf(ctx.db, account.user_id);
    if (latest) {
      Object.assign(changes, deliveryPrefill(changes.buyer ?? view.record.buyer, latest.address));
      if (!view.record.option_id) changes.optionId = await cheapestOption(ctx, (await applyChanges(ctx, view.record, changes)).next);
    }
  }
  return updateCheckout(ctx, SITE, view.record.id, changes);
}

/**
 * The change that fills a checkout's delivery with `address`, and the buyer's name and phone with
 * the address's, as the checkout form posts them back (checkout-form.ts `detailsOf`): the first
 * click on the order button then changes nothing of the terms the page showed.
 */
export function deliveryPrefill(buyer: Buyer | undefined, address: Address): Pick<CheckoutChanges, 'address' | 'buyer'> {
  const { first_name, last_name, phone_number } = address;
  return { address, buyer: { ...buyer, first_name: first_name ?? '', last_name: last_name ?? '', ...(phone_number ? { phone_number } : {}) } };
}

/** The id of the cheapest shipping option of `record` as priced (shipping.ts sorts them), or undefined when it has none. */
async function cheapestOption(ctx: CommerceContext, record: CheckoutRecord): Promise<string | undefined> {
  return (await priceCheckout(ctx, record)).quotes[0]?.id;
}

/**
 * A checkout of the store's pages, when it belongs to the shopper's cart.
 * @returns null for an unknown id, another owner's checkout (an agent's), or another cart's
 * @throws StateError when the database fails
 */
export async function siteCheckout(ctx: CommerceContext, cartId: string, checkoutId: string): Promise<CheckoutView | null> {
  const view = await getCheckout(ctx, SITE, checkoutId);
  return view && view.record.cart_id === cartId ? view : null;
}

/**
 * Stores the contact, the delivery address and the shipping option the form sent (each
 * replaces the stored one; a change of the terms voids an approval, checkouts.ts). When no
 * option is chosen and the address has some, the first one (the cheapest, shipping.ts) is
 * chosen, as a shop's checkout preselects one: the page shows it checked, with its price in
 * the totals and on the order button, before anything is approved.
 * @returns the checkout after the change (its problems say what is still missing), or null
 * @throws StateError when the database fails
 */
export async function saveSiteDetails(ctx: CommerceContext, cartId: string, checkoutId: string, details: SiteDetails): Promise<CheckoutView | null> {
  const current = await siteCheckout(ctx, cartId, checkoutId);
  if (!current) return null;
  const changes: CheckoutChanges = { buyer: details.buyer, address: details.address, optionId: details.optionId, account: details.account ? { user_id: details.account.user_id } : null, ...(details.discountCodes ? { discountCodes: details.discountCodes } : {}) };
  // What the change would make, priced: unchanged entries write nothing (the order button's
  // post repeats them), and the cheapest option is chosen in the same write.
  const { next } = await applyChanges(ctx, current.record, changes);
  const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);
  if (same(next.buyer, current.record.buyer) && same(next.address, current.record.address) && same(next.option_id, current.record.option_id) && same(next.account, current.record.account) && same(next.discount_codes, current.record.discount_codes)) return current;
  if (!next.option_id) changes.optionId = await cheapestOption(ctx, next) ?? changes.optionId;
  return updateCheckout(ctx, SITE, checkoutId, changes);
}

/**
 * The buyer's click on the order button: approves the terms the page showed and pays them.
 * @param checkout the shopper's checkout, as `siteCheckout` or `saveSiteDetails` read it for the
 *        shopper's cart (never one found otherwise: that read is the capability check)
 * @param termsHash the hash of the terms the page showed (pricing.ts `termsHash`)
 * @param instrument the card as the sandbox tokenised it (payment/card.ts); none when the
 *        discounts cover the total (`PricedCheckout.nothingDue`)
 * @throws StateError when the database fails; CheckoutBusyError when the checkout keeps changing
 */
export async function paySiteCheckout(ctx: CommerceContext, checkout: CheckoutView, termsHash: string, instrument?: InstrumentInput): Promise<SitePayment> {
  // The click approves `termsHash`: the claim records that approval and pays, in one go (complete.ts).
  const view = await payCheckout(ctx, SITE, checkout.record.id, { instruments: instrument ? [instrument] : [] }, async (outcome) => outcome, undefined, termsHash);
  return paymentOutcome(ctx, checkout, termsHash, view, instrument);
}

/**
 * The buyer's click on "order on invoice": approves the terms the page showed and places the
 * order on invoice (bank transfer within 30 days), when the buyer's business is granted it.
 * @param purchaseOrder the purchase-order number typed, or null
 * @returns as `paySiteCheckout` (`paid`: placed), or `refused` when not granted or the purchase order is missing
 * @throws StateError when the database fails; CheckoutBusyError when the checkout keeps changing
 */
export async function orderSiteCheckoutOnInvoice(ctx: CommerceContext, checkout: CheckoutView, termsHash: string, purchaseOrder: string | null): Promise<SitePayment> {
  const view = await payCheckout(ctx, SITE, checkout.record.id, { instruments: [], invoice: { purchase_order: purchaseOrder } }, async (outcome) => outcome, undefined, termsHash);
  return paymentOutcome(ctx, checkout, termsHash, view);
}

/** What a payment's answer means for the page. */
async function paymentOutcome(ctx: CommerceContext, checkout: CheckoutView, termsHash: string, view: CheckoutView | null, instrument?: InstrumentInput): Promise<SitePayment> {
  if (!view) return { kind: 'not_found' };
  if (view.status === 'completed') return { kind: 'paid', view };
  const refusal = view.problems.find((p) => p.code === 'invoice_not_granted' || p.code === 'purchase_order_missing');
  if (refusal) return { kind: 'refused', view, problem: refusal };
  const soldOut = view.problems.find((p) => p.code === 'sold_out_at_payment');
  if (soldOut) return { kind: 'sold_out', view, problem: soldOut };
  if (view.problems.some((p) => p.code === 'payment_declined')) return { kind: 'declined', view };
  if (instrument && view.problems.some((p) => p.code === 'payment_needs_authentication')) {
    const card = { brand: String(instrument.display?.brand ?? ''), last_digits: String(instrument.display?.last_digits ?? '') };
    return { kind: 'authenticate', view, challenge: await challengeToken(ctx, checkout.record.id, termsHash, instrument), card };
  }
  switch (view.status) {
    case 'paying': return { kind: 'busy', view };
    case 'canceled': return { kind: 'closed', view };
    case 'incomplete': return { kind: 'incomplete', view };
    // Complete but not paid: the terms the click approved are not the checkout's any more.
    default: return { kind: 'changed', view };
  }
}

/**
 * A checkout of the store's pages once no payment of it is running: waits (completion.ts
 * `settledCompletion`, up to `waitMs`) while another request pays it — the first click of a
 * double click, another tab.
 * @returns the checkout as it then stands (still `paying` when the wait ran out), or null
 * @throws StateError when the database fails
 */
export async function settledSiteCheckout(ctx: CommerceContext, checkoutId: string, waitMs = 5000): Promise<CheckoutView | null> {
  await settledCompletion(ctx, checkoutId, SITE, waitMs);
  return getCheckout(ctx, SITE, checkoutId);
}

/** The sandbox bank's 3-D Secure challenge of a card, as the page carries it (`paySiteCheckout`'s `authenticate`). */
export interface SiteChallenge {
  /** The challenge token (base64url HMAC-SHA256 of the checkout, its terms and the card). */
  token: string;
  /** The card's brand and last 4 digits the challenge names. */
  card: { brand: string; last_digits: string };
}

/**
 * The card the issuer authenticated: the sandbox then pays, as a payment service does after 3-D Secure.
 * @param card the brand and last 4 digits the challenge named
 */
const authenticatedCard = (card: SiteChallenge['card']): InstrumentInput => ({
  id: 'card', handler_id: SANDBOX_HANDLER_ID, type: 'card', selected: true, display: { ...card },
  credential: { type: 'token', token: 'success_token' },
});

/** Whether `challenge` is the token this store made for this checkout, these terms and this card (constant time). */
async function challengeHolds(ctx: CommerceContext, checkoutId: string, termsHash: string, challenge: SiteChallenge): Promise<boolean> {
  const expected = Buffer.from(await challengeToken(ctx, checkoutId, termsHash, authenticatedCard(challenge.card)));
  const given = Buffer.from(challenge.token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether a challenge the buyer left (a reload, the back button) still stands for the checkout as
 * it is now: made by this store for its current terms. A challenge of other terms is void: the
 * amount it named is not the one the order button would charge.
 */
export async function challengeStands(ctx: CommerceContext, view: CheckoutView, challenge: SiteChallenge): Promise<boolean> {
  const terms = view.priced?.termsHash;
  return view.status !== 'completed' && view.status !== 'canceled' && !!terms && challengeHolds(ctx, view.record.id, terms, challenge);
}

/**
 * The buyer passed the sandbox bank's 3-D Secure challenge: pays with the authenticated card.
 * @param challenge the token and card the challenge page carried (`paySiteCheckout`'s `authenticate`)
 * @returns as `paySiteCheckout`; `not_found` for a token this store did not make for these terms
 */
export async function passSiteChallenge(ctx: CommerceContext, cartId: string, checkoutId: string, termsHash: string, challenge: SiteChallenge): Promise<SitePayment> {
  if (!(await challengeHolds(ctx, checkoutId, termsHash, challenge))) return { kind: 'not_found' };
  const checkout = await siteCheckout(ctx, cartId, checkoutId);
  return checkout ? paySiteCheckout(ctx, checkout, termsHash, authenticatedCard(challenge.card)) : { kind: 'not_found' };
}

/** The challenge token of a card for a checkout's terms (base64url HMAC-SHA256). */
async function challengeToken(ctx: CommerceContext, checkoutId: string, termsHash: string, instrument: InstrumentInput): Promise<string> {
  const key = await ctx.secrets.subkey('card-challenge');
  return createHmac('sha256', key).update(`${checkoutId}:${termsHash}:${instrument.display?.brand}:${instrument.display?.last_digits}`).digest('base64url');
}
