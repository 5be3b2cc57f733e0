/**
 * Carts: what a shopper intends to buy, kept 7 days after its last change (src/state/carts.ts),
 * priced again at every read. Creating keeps what can be bought and says what was left out;
 * with nothing buyable no cart is created. Updating is a full replacement: the update's lines,
 * hints, buyer and discount codes replace the cart's, and what it leaves out is cleared; when lines
 * were sent and none can be bought, the cart is left as it was. Canceling deletes
 * the cart and returns it as it was. Changes lock the cart's row for their transaction, so a
 * cancel and an update racing cannot resurrect a canceled cart.
 */
import { type BuyerVatStatus, CONSUMER } from '../commerce/pricing-context';
import type { Buyer, CartRecord, ShoppingContext } from '../commerce/records';
import { deleteCart, loadCart, newCartId, saveCart } from '../state/carts';
import { transaction } from '../state/db';
import { buyerOf, discountCodesOf } from './changes';
import type { DiscountOutcome } from '../commerce/discounts';
import { checkoutDiscounts, discountWarnings } from './pricing';
import type { CommerceContext } from './context';
import { type PricedLine, type RequestedLine, linesSubtotal, priceLines, resolveLines } from './lines';
import type { Problem } from './problems';
import { shoppingContext, shopperView } from './shopper';

export interface CartInput {
  lines: readonly RequestedLine[];
  context?: ShoppingContext;
  buyer?: Buyer;
  /** Discount codes as typed (UCP discount extension `discounts.codes`); absent or empty: none. */
  discountCodes?: readonly string[];
}

/**
 * A cart priced for its shopper: lines, subtotal and total in cents (VAT included inside the
 * EU), the discounts and the problems. Shipping is not known yet, so a free-shipping offer is
 * applied with nothing to take (src/commerce/discounts.ts) and takes its amount at checkout.
 */
export interface PricedCart {
  record: CartRecord;
  lines: PricedLine[];
  /** Sum of the lines, before discounts. */
  subtotal: number;
  /** The offers applied to the lines and the codes that do not apply. */
  discounts: DiscountOutcome;
  /** `subtotal` minus `discounts.total`, ≥ 0. */
  total: number;
  /** The hints' problems, then the request's, then the lines'. */
  problems: Problem[];
}

/**
 * Prices a stored cart.
 * @param extra problems of the request that produced this state (left-out items, adjusted quantities)
 * @param buyer the buyer's VAT status (a signed-in member of an approved business on the site; agents' carts: a consumer's)
 */
export async function priceCart(ctx: CommerceContext, record: CartRecord, extra: readonly Problem[] = [], buyer: BuyerVatStatus = CONSUMER): Promise<PricedCart> {
  const view = shopperView(ctx, record.context, buyer);
  const problems = [...view.shopper.problems, ...extra];
  const lines = await priceLines(record.lines, view, problems);
  const discounts = await checkoutDiscounts(ctx, record, lines, null);
  problems.push(...discountWarnings(discounts));
  const subtotal = linesSubtotal(lines);
  return { record, lines, subtotal, discounts, total: subtotal - discounts.total, problems };
}

/**
 * Creates a cart.
 * @returns the priced cart, or `refused` with the problems when no line can be bought (nothing stored)
 * @throws StateError when the database fails
 */
export async function createCart(ctx: CommerceContext, input: CartInput): Promise<{ cart: PricedCart } | { refused: Problem[] }> {
  const context = shoppingContext(input.context);
  const view = shopperView(ctx, context);
  const { lines, problems } = await resolveLines(input.lines, view);
  if (!lines.length) return { refused: [...view.shopper.problems, ...problems] };
  const now = new Date(ctx.now()).toISOString();
  const buyer = input.buyer && buyerOf(input.buyer);
  const codes = discountCodesOf(input.discountCodes ?? []);
  const record: CartRecord = { id: newCartId(), created_at: now, updated_at: now, expires_at: now, lines, ...(context ? { context } : {}), ...(buyer ? { buyer } : {}), ...(codes.length ? { discount_codes: codes } : {}) };
  return { cart: await priceCart(ctx, await saveCart(ctx.db, record, ctx.now()), problems) };
}

/** A live cart, priced (for `buyer`'s VAT status); null when unknown, expired or canceled. */
export async function getCart(ctx: CommerceContext, id: string, buyer: BuyerVatStatus = CONSUMER): Promise<PricedCart | null> {
  const cart = await loadCart(ctx.db, id, ctx.now());
  return cart && priceCart(ctx, cart, [], buyer);
}

/**
 * Replaces a cart's lines, hints, buyer and discount codes with the input's (a full
 * replacement: what the input leaves out is cleared).
 * @returns the priced cart (unchanged when lines were sent and none can be bought), or null when unknown
 */
export async function updateCart(ctx: CommerceContext, id: string, input: CartInput): Promise<PricedCart | null> {
  const context = shoppingContext(input.context);
  const { lines, problems } = await resolveLines(input.lines, shopperView(ctx, context));
  const cart = await transaction(ctx.db, async (tx) => {
    const current = await loadCart(tx, id, ctx.now(), true);
    if (!current || (input.lines.length && !lines.length)) return current;
    const { context: _c, buyer: _b, discount_codes: _d, ...kept } = current;
    const buyer = input.buyer && buyerOf(input.buyer);
    const codes = discountCodesOf(input.discountCodes ?? []);
    return saveCart(tx, { ...kept, lines, ...(context ? { context } : {}), ...(buyer ? { buyer } : {}), ...(codes.length ? { discount_codes: codes } : {}) }, ctx.now());
  });
  return cart && priceCart(ctx, cart, problems);
}

/** Deletes a cart. @returns the cart as it was, priced; null when unknown */
export async function cancelCart(ctx: CommerceContext, id: string): Promise<PricedCart | null> {
  const canceled = await transaction(ctx.db, async (tx) => {
    const cart = await loadCart(tx, id, ctx.now(), true);
    if (cart) await deleteCart(tx, id);
    return cart;
  });
  return canceled && priceCart(ctx, canceled);
}
