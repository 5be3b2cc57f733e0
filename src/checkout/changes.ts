/**
 * Applying a change to a checkout (or filling a new one): each part sent replaces the stored
 * one and a part left out is kept (the store's own pages change one part at a time). A
 * replacement (`replacementChanges`, UCP's update_checkout) is the whole of what a platform sets
 * on a checkout instead: what it leaves out is cleared. Lines go
 * through the cart's rules (lines.ts): what cannot be bought is left out with a problem, a
 * quantity above the stock left is lowered. The address is normalised
 * (src/commerce/address.ts), the buyer's e-mail too (src/commerce/email.ts); the shipping option is kept as chosen and checked by the pricing.
 * A payment instrument named before paying keeps only its non-secret facts (payment/sandbox.ts
 * `chooseInstrument`): one the store does not accept is left out with a problem.
 */
import { type AddressInput, normalizeAddress } from '../commerce/address';
import { parseMailbox } from '../commerce/email';
import type { Buyer, CheckoutRecord, ShoppingContext } from '../commerce/records';
import type { CommerceContext } from './context';
import { type RequestedLine, resolveLines } from './lines';
import { type InstrumentInput, chooseInstrument } from './payment/sandbox';
import { type Problem, error, warning } from './problems';
import { PAYMENT_TERM_IDS } from '../commerce/payment-terms';
import { shoppingContext, shopperView } from './shopper';

/** A change of a checkout in the store's terms; `undefined` everywhere means "keep". */
export interface CheckoutChanges {
  lines?: readonly RequestedLine[];
  /** The buyer: a buyer replaces it, null removes it. */
  buyer?: Buyer | null;
  /** The shopper's hints: hints replace them, null removes them. */
  context?: ShoppingContext | null;
  /** The shipping address: an address replaces it, null removes it. */
  address?: AddressInput | null;
  /** The shipping option (a method id of content/shipping.yaml): a string selects it, null clears it. */
  optionId?: string | null;
  /** The request asked for more than one shipping method; only the first was read. */
  severalMethods?: boolean;
  /**
   * The payment instrument the platform will pay with: the selected one of `instruments` is
   * named on the checkout (its facts only, never its credential); an empty list removes it.
   */
  payment?: { instruments: readonly InstrumentInput[] };
  /** The signed-in person buying on the site: an account links it, null unlinks it (signed out). */
  account?: { user_id: string } | null;
  /** The quote whose prices the checkout is ordered at: an id names it, null drops it (src/checkout/quotes.ts). */
  quoteId?: string | null;
  /** Discount codes: they replace the stored ones, an empty list clears them (UCP discount extension `discounts.codes`). */
  discountCodes?: readonly string[];
  /**
   * The payment term selected (src/commerce/payment-terms.ts `PAYMENT_TERM_IDS`): an id selects
   * it, null returns to the default (the card); an id the store does not offer changes nothing
   * and is reported.
   */
  paymentTerm?: string | null;
  /**
   * An address the account saved, named by its id (a linked platform's `selected_destination_id`):
   * resolved into `address` for the checkout's account (checkouts.ts); another account's id, or
   * one without an account, names no address.
   */
  savedAddressId?: string;
}

/**
 * The whole of what a platform sets on a checkout, as a full-replacement update states it (UCP
 * `update_checkout`: "a full replacement operation"): every part it leaves out is cleared. What
 * the store owns is not part of it and is kept (id, status, expiry, the buyer's approval while the
 * terms it covers stay the same, the site's account and quote).
 */
export interface CheckoutReplacement {
  /** Required: the lines replace the stored ones (kept when none of them can be bought, with the problems). */
  lines: readonly RequestedLine[];
  /** Absent: no buyer. */
  buyer?: Buyer;
  /** Absent: no hints. */
  context?: ShoppingContext;
  /** The shipping address; `current`: the stored one, which the request names by reference; absent: none. */
  address?: AddressInput | 'current';
  /** The shipping option; absent or null: none selected. */
  optionId?: string | null;
  /** The instruments the platform names (the selected one is kept); absent: none named. */
  instruments?: readonly InstrumentInput[];
  /** The request asked for more than one shipping method; only the first was read. */
  severalMethods?: boolean;
  /** Discount codes; absent: none. */
  discountCodes?: readonly string[];
  /** The selected payment term's id; absent: the default (the card). */
  paymentTerm?: string;
  /** A saved address of the account, by id, as the shipping address. */
  savedAddressId?: string;
}

/** The change that replaces a checkout's platform-set state with `replacement`: each part it leaves out is cleared. */
export function replacementChanges(replacement: CheckoutReplacement): CheckoutChanges {
  return {
    lines: replacement.lines,
    buyer: replacement.buyer ?? null,
    context: replacement.context ?? null,
    ...(replacement.address === 'current' ? {} : { address: replacement.address ?? null }),
    optionId: replacement.optionId ?? null,
    payment: { instruments: replacement.instruments ?? [] },
    discountCodes: replacement.discountCodes ?? [],
    paymentTerm: replacement.paymentTerm ?? null,
    ...(replacement.savedAddressId ? { savedAddressId: replacement.savedAddressId } : {}),
    ...(replacement.severalMethods ? { severalMethods: true } : {}),
  };
}

/** The most codes a checkout keeps (Google's guide for agents: at most 10), and the longest code read. */
export const DISCOUNT_CODES = { max: 10, length: 64 } as const;

/**
 * The codes a checkout stores: trimmed, empty ones dropped, each once whatever its case (the
 * first spelling kept), at most `DISCOUNT_CODES.max`, each cut to `DISCOUNT_CODES.length`.
 */
export function discountCodesOf(codes: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of codes) {
    const code = raw.trim().slice(0, DISCOUNT_CODES.length);
    if (!code || seen.has(code.toUpperCase())) continue;
    seen.add(code.toUpperCase());
    kept.push(code);
  }
  return kept.slice(0, DISCOUNT_CODES.max);
}

const BUYER_FIELDS = ['first_name', 'last_name', 'email', 'phone_number'] as const;

/**
 * The buyer fields the store keeps (others are dropped). The e-mail is stored normalised, once,
 * as src/commerce/email.ts `parseMailbox` reads it (trimmed, domain lower-cased and in punycode):
 * the approval page shows it, the approved terms hash it, the approval code's per-address limit
 * counts it and the e-mails go to it. One that is not a mailbox (the UCP adapter refuses those
 * with -32602; other callers) is kept trimmed, and the pricing reports it as `email_invalid`.
 */
export function buyerOf(input: Buyer): Buyer {
  const fields = input as Record<string, unknown>;
  const buyer: Buyer = Object.fromEntries(BUYER_FIELDS.flatMap((f) => (typeof fields[f] === 'string' ? [[f, fields[f]]] : [])));
  if (buyer.email !== undefined) buyer.email = parseMailbox(buyer.email) ?? buyer.email.trim();
  return buyer;
}

/**
 * Applies a change to a record (to an empty record when creating).
 * @returns the next record (not saved), the problems of the request, and whether lines were sent
 *          but none could be bought (the stored lines are then kept)
 */
export async function applyChanges(ctx: CommerceContext, record: CheckoutRecord, changes: CheckoutChanges): Promise<{ next: CheckoutRecord; problems: Problem[]; noneBuyable: boolean }> {
  const problems: Problem[] = [];
  if (changes.severalMethods) problems.push(warning('several_methods_ignored', undefined, { field: 'methods' }));
  const context = changes.context === null ? undefined : changes.context ? shoppingContext(changes.context) : record.context;
  const { context: _context, ...rest } = record;
  const next: CheckoutRecord = {
    ...rest,
    ...(context ? { context } : {}),
    ...(changes.buyer ? { buyer: buyerOf(changes.buyer) } : {}),
    ...(changes.optionId !== undefined ? { option_id: changes.optionId?.trim() || null } : {}),
  };
  if (changes.buyer === null) delete next.buyer;
  if (changes.account === null) delete next.account;
  else if (changes.account) next.account = { user_id: changes.account.user_id };
  if (changes.quoteId === null) delete next.quote_id;
  else if (changes.quoteId) next.quote_id = changes.quoteId;
  if (changes.discountCodes) {
    const codes = discountCodesOf(changes.discountCodes);
    if (codes.length) next.discount_codes = codes;
    else delete next.discount_codes;
  }
  if (changes.paymentTerm === null || changes.paymentTerm === 'card') delete next.payment_term;
  else if (changes.paymentTerm === 'bank_transfer') next.payment_term = 'bank_transfer';
  else if (changes.paymentTerm !== undefined) problems.push(error('payment_term_unknown', { id: changes.paymentTerm, offered: PAYMENT_TERM_IDS }, { field: 'payment_term' }));
  if (changes.address === null) delete next.address;
  else if (changes.address) next.address = normalizeAddress(changes.address);
  if (changes.payment) {
    const chosen = chooseInstrument(changes.payment.instruments);
    if ('problem' in chosen) problems.push(chosen.problem);
    else if (chosen.instrument) next.instrument = chosen.instrument;
    else delete next.instrument;
  }
  let noneBuyable = false;
  if (changes.lines) {
    // Resolved without the destination: an item that does not ship there stays in the checkout
    // and is flagged by the pricing (item_unavailable, product_not_shipped) until the address changes.
    const { lines, problems: lineProblems } = await resolveLines(changes.lines, shopperView(ctx, next.context?.language ? { language: next.context.language } : undefined));
    problems.push(...lineProblems);
    noneBuyable = changes.lines.length > 0 && lines.length === 0;
    if (!noneBuyable) next.lines = lines;
  }
  return { next, problems, noneBuyable };
}
