/**
 * Discounts (issue 38; UCP discount extension `dev.ucp.shopping.discount`, 2026-04-08 and
 * 2026-08-25): which offers of content/discounts apply to a cart or checkout, in what order,
 * how much each takes off, and where that amount sits (on which line, on the shipping), so the
 * VAT is recomputed per rate on what is really charged (a discount never changes a line's rate;
 * CGI art. 267: the taxable amount is the price after the rebates granted).
 *
 * Pure: the caller reads the usage counts (orders completed with each offer) and passes them.
 * Amounts are integer EUR cents, VAT included, as everywhere in the core.
 */
import type { CatalogDiscount } from '../catalog/discount-schema';
import { allocate } from './allocation';
import type { Taxation } from './pricing-context';
import type { TaxedAmount } from './totals';

/** A priced line as the discounts see it (built by the caller from src/checkout/lines.ts `PricedLine`). */
export interface DiscountLine {
  /** Content variant id (`applies_to.variants`). */
  variantId: number;
  /** Product handle (`applies_to.products`). */
  productHandle: string;
  /** Handles of the collections the product belongs to (src/catalog/query.ts `productCollections`: `all`, categories, listed handles). */
  collections: readonly string[];
  /** Units, ≥ 1 (`method: each` takes its amount off each). */
  quantity: number;
  /** What the line costs before discounts, cents (unit price × quantity). */
  total: number;
  taxation: Taxation;
}

/**
 * Where part of a discount sits: on a line (its index in the lines given) or on the shipping.
 * The UCP adapter writes it as the allocation's JSONPath (`$.line_items[0]`, `$.totals.shipping`
 * in the discount extension's examples).
 */
export type DiscountTarget = { kind: 'line'; index: number } | { kind: 'shipping' };

/** An offer applied, with what it takes off and where (UCP `discounts.applied[]`). */
export interface AppliedDiscount {
  handle: string;
  /** The code as content writes it; null for an automatic offer (UCP omits `code` then). */
  code: string | null;
  automatic: boolean;
  /** The offer's titles by locale (fr always; others fall back to fr when shown). */
  title: CatalogDiscount['title'];
  /** The offer's method; a percentage is computed across whatever it says. */
  method: 'each' | 'across';
  /** The offer's priority (≥ 1, lower applied first). */
  priority: number;
  /** Cents taken off, > 0 unless nothing was left to take (free shipping before an option is chosen). */
  amount: number;
  /** Sum exactly to `amount`. */
  allocations: Array<{ target: DiscountTarget; amount: number }>;
}

/** Why a code the buyer entered does not apply (the page and the UCP adapter word it). */
export type RejectionReason = 'unknown' | 'not_started' | 'expired' | 'minimum' | 'not_applicable' | 'already_used' | 'exhausted' | 'not_combinable';
/** A code that does not apply, with what the sentence names. */
export interface RejectedCode {
  /** The offer's code as content writes it; for an `unknown` code, what was typed, trimmed and in capitals. */
  code: string;
  reason: RejectionReason;
  /** `starts_at` / `ends_at` (epoch ms) or `minimum` (cents) when the reason has one. */
  detail?: { at?: number; minimum?: number };
}

/** How often the offers were used by completed orders (src/state reads them). */
export interface DiscountUsage {
  /** Offers (handles) this buyer's completed orders already used. */
  usedByBuyer: ReadonlySet<string>;
  /** Completed orders that used each offer (handle → count). */
  totalUsed: ReadonlyMap<string, number>;
}
/** No use yet (an offer without limits, or a buyer without orders): what callers pass when they read nothing. */
export const NO_USAGE: DiscountUsage = { usedByBuyer: new Set(), totalUsed: new Map() };

/** What `applyDiscounts` decides on; every amount in integer EUR cents, VAT included, as charged. */
export interface DiscountInput {
  /** The catalog's offers (`Catalog.discounts`, amounts in cents). */
  offers: readonly CatalogDiscount[];
  /** What the buyer typed, in order (trimmed, case ignored; repeats count once). */
  codes: readonly string[];
  lines: readonly DiscountLine[];
  /** The shipping chosen (cents, as charged), or null before one is. */
  shipping: { amount: number; taxation: Taxation } | null;
  /** Epoch ms. */
  now: number;
  /** The offers' uses so far (src/state/discount-uses.ts reads them). */
  usage: DiscountUsage;
}

/** What `applyDiscounts` decided. */
export interface DiscountOutcome {
  /** In the order applied (priority, then handle). */
  applied: AppliedDiscount[];
  /** The codes typed that do not apply, in the order typed (`not_combinable` last). */
  rejected: RejectedCode[];
  /** Cents off each line, by index; each ≤ the line's total. */
  lineDiscounts: number[];
  /** Cents off the shipping, ≤ its amount. */
  shippingDiscount: number;
  /** Sum of `applied[].amount`. */
  total: number;
}

/**
 * Integer parts of `amount` in proportion to `weights`, by the largest remainder (issue 38:
 * "rounding so that allocations sum exactly to the amount, largest remainder"): the project's
 * one allocation, src/commerce/allocation.ts `allocate`, bounded so that no line gives more than
 * is left on it. The parts sum exactly to `amount`, and none exceeds its weight.
 * @param amount cents to share, 0 ≤ amount ≤ sum(weights)
 * @param weights non-negative integers (what is left on each line)
 * @throws Error on a negative or non-integer input, or an amount above the weights' sum
 */
export function allocateLargestRemainder(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (amount > sum) throw new Error(`cannot share ${amount} over weights summing to ${sum}`);
  // `allocate` checks that every input is a non-negative integer; no weights, nothing to share.
  return weights.length ? allocate(amount, weights) : [];
}

/** Offset of Europe/Paris from UTC at `epochMs`, in ms (+1 h in winter, +2 h in summer). */
function parisOffset(epochMs: number): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    .formatToParts(epochMs).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return wall - Math.floor(epochMs / 60_000) * 60_000;
}

/**
 * The instant of a Europe/Paris wall time as content writes it (src/catalog/discount-schema.ts
 * `ParisTime`: "2026-12-24" from midnight, "2026-12-24T08:00" or "2026-12-24T08:00:30"), with the
 * offset of that date from the time-zone database (Intl), never a fixed +01:00: winter UTC+1,
 * summer UTC+2. A time skipped in March (02:30) is read one hour later (03:30 CEST); a time that
 * occurs twice in October is read as the second (CET).
 * @returns epoch ms
 */
export function parisInstant(local: string): number {
  const [date, time = '00:00'] = local.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [h, min, sec = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, h, min, sec);
  const guess = wall - parisOffset(wall);
  return wall - parisOffset(guess);
}

/** The lines (indexes) an offer applies to. */
function eligibleLines(offer: CatalogDiscount, lines: readonly DiscountLine[]): number[] {
  const target = offer.applies_to;
  const matches = (l: DiscountLine) => target === 'all'
    || ('collections' in target && target.collections.some((c) => l.collections.includes(c)))
    || ('products' in target && target.products.includes(l.productHandle))
    || ('variants' in target && target.variants.includes(l.variantId));
  return lines.flatMap((l, i) => (matches(l) ? [i] : []));
}

/** Why `offer` cannot apply now, or null when it can. */
function ineligibility(offer: CatalogDiscount, input: DiscountInput): Omit<RejectedCode, 'code'> | null {
  if (offer.starts_at && parisInstant(offer.starts_at) > input.now) return { reason: 'not_started', detail: { at: parisInstant(offer.starts_at) } };
  if (offer.ends_at && parisInstant(offer.ends_at) <= input.now) return { reason: 'expired', detail: { at: parisInstant(offer.ends_at) } };
  if (offer.usage_limit !== undefined && (input.usage.totalUsed.get(offer.handle) ?? 0) >= offer.usage_limit) return { reason: 'exhausted' };
  if (offer.once_per_buyer && input.usage.usedByBuyer.has(offer.handle)) return { reason: 'already_used' };
  const lines = eligibleLines(offer, input.lines);
  if (!lines.length) return { reason: 'not_applicable' };
  const minimum = offer.minimum_subtotal ?? 0;
  if (lines.reduce((sum, i) => sum + input.lines[i].total, 0) < minimum) return { reason: 'minimum', detail: { minimum } };
  return null;
}

/** Applies `offers` in order to what is left of the lines and the shipping. */
function applyInOrder(offers: readonly CatalogDiscount[], input: DiscountInput): Pick<DiscountOutcome, 'applied' | 'lineDiscounts' | 'shippingDiscount'> {
  const left = input.lines.map((l) => l.total);
  let shippingLeft = input.shipping?.amount ?? 0;
  const applied: AppliedDiscount[] = [];
  for (const offer of offers) {
    const indexes = eligibleLines(offer, input.lines);
    const allocations: AppliedDiscount['allocations'] = [];
    const { value } = offer;
    if (value.free_shipping) {
      if (shippingLeft > 0) allocations.push({ target: { kind: 'shipping' }, amount: shippingLeft });
      shippingLeft = 0;
    } else {
      const weights = indexes.map((i) => left[i]);
      const eligible = weights.reduce((a, w) => a + w, 0);
      let parts: number[];
      if (value.percentage !== undefined) parts = allocateLargestRemainder(Math.floor((eligible * value.percentage + 50) / 100), weights);
      else if (offer.method === 'each') parts = indexes.map((i, k) => Math.min(value.amount! * input.lines[i].quantity, weights[k]));
      else parts = allocateLargestRemainder(Math.min(value.amount!, eligible), weights);
      indexes.forEach((i, k) => {
        if (!parts[k]) return;
        left[i] -= parts[k];
        allocations.push({ target: { kind: 'line', index: i }, amount: parts[k] });
      });
    }
    const amount = allocations.reduce((a, x) => a + x.amount, 0);
    applied.push({ handle: offer.handle, code: offer.code ?? null, automatic: !!offer.automatic, title: offer.title, method: offer.method, priority: offer.priority, amount, allocations });
  }
  return { applied, lineDiscounts: input.lines.map((l, i) => l.total - left[i]), shippingDiscount: (input.shipping?.amount ?? 0) - shippingLeft };
}

const byPriority = (a: CatalogDiscount, b: CatalogDiscount) => a.priority - b.priority || (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0);

/**
 * The discounts of a cart or checkout (issue 38 "The rules live in the core"; UCP discount
 * extension `discounts.applied[]`, its `priority`, `method` and `allocations`):
 * - candidates: the offers of the codes entered (trimmed, matched without regard to case, each
 *   code once) and every automatic offer, when eligible: active (`starts_at` ≤ now < `ends_at`,
 *   Europe/Paris), its usage limits not reached (`exhausted` before `already_used`), at least one
 *   line it applies to (`not_applicable`), and the `minimum_subtotal` reached by the lines it
 *   applies to, as they cost before any discount (`minimum`). A code that fails says why
 *   (`rejected`); an automatic offer that fails is silent.
 * - order: priority (lower first), then handle; each offer takes from what earlier ones left,
 *   never below zero on a line or the shipping.
 * - stacking: an offer with `combines: false` applies only alone. The choices are the set of
 *   combining candidates, and each non-combining candidate alone; the one taking off the most
 *   for the buyer wins (ties: the combining set, then the first by priority). Codes left out are
 *   rejected as `not_combinable`.
 * - amounts: a percentage is p % of what is left on its lines, rounded half up to the cent once
 *   for the offer (whatever its method), shared by the largest remainder in proportion to what
 *   is left on each line; a fixed amount `across` is min(amount, what is left), shared the same
 *   way; `each` is amount × quantity on every line, capped at what is left on it; free shipping is
 *   what is left of the shipping (0 before a shipping option is chosen). 100 % brings the lines to 0.
 * @param input offers, codes, lines (cents as charged), shipping (cents or null), now (epoch ms), usage
 * @returns the applied offers (in the order they were applied, allocations > 0 only, summing to
 *   each `amount`), why each other code does not apply, the cents off each line (by index) and
 *   off the shipping, and their `total`
 * @throws Error when a line's total, quantity or the shipping is not a non-negative integer
 *   (quantity: positive)
 */
export function applyDiscounts(input: DiscountInput): DiscountOutcome {
  input.lines.forEach((l, i) => {
    if (!Number.isSafeInteger(l.total) || l.total < 0) throw new Error(`line ${i}: total must be a non-negative integer number of cents, got ${l.total}`);
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 1) throw new Error(`line ${i}: quantity must be a positive integer, got ${l.quantity}`);
  });
  if (input.shipping && (!Number.isSafeInteger(input.shipping.amount) || input.shipping.amount < 0)) throw new Error(`shipping must be a non-negative integer number of cents, got ${input.shipping.amount}`);
  const rejected: RejectedCode[] = [];
  const codes = [...new Set(input.codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
  const candidates: CatalogDiscount[] = [];
  const typed = new Map<string, string>();
  for (const code of codes) {
    const offer = input.offers.find((o) => o.code?.toUpperCase() === code);
    if (!offer) { rejected.push({ code, reason: 'unknown' }); continue; }
    const why = ineligibility(offer, input);
    if (why) rejected.push({ code: offer.code!, ...why });
    else { candidates.push(offer); typed.set(offer.handle, offer.code!); }
  }
  for (const offer of input.offers) if (offer.automatic && !ineligibility(offer, input)) candidates.push(offer);
  candidates.sort(byPriority);

  const combining = candidates.filter((o) => o.combines);
  const choices = [combining, ...candidates.filter((o) => !o.combines).map((o) => [o])].filter((c) => c.length);
  let best = { offers: [] as CatalogDiscount[], outcome: applyInOrder([], input), total: 0 };
  for (const offers of choices) {
    const outcome = applyInOrder(offers, input);
    const total = outcome.applied.reduce((a, d) => a + d.amount, 0);
    if (total > best.total || !best.offers.length) best = { offers, outcome, total };
  }
  for (const offer of candidates) if (!best.offers.includes(offer) && typed.has(offer.handle)) rejected.push({ code: typed.get(offer.handle)!, reason: 'not_combinable' });
  return { ...best.outcome, rejected, total: best.total };
}

/**
 * The taxed parts of a total after discounts: each line and the shipping keep their taxation (a
 * discount never changes which VAT rate applies), with the cents taken off them, so that
 * `buildTotals(subtotal, shipping, outcome.total, parts)` gives the net and the VAT of each rate
 * on what is charged (Directive 2006/112/EC art. 79(b), CGI art. 267 II 2°: rebates granted to the
 * buyer are not part of the taxable amount).
 * @param lines the lines given to `applyDiscounts` (cents as charged, before discounts)
 * @param lineDiscounts cents off each line, by index (`DiscountOutcome.lineDiscounts`)
 * @param shipping the shipping (cents as charged), or null: no part for it
 * @param shippingDiscount cents off the shipping (`DiscountOutcome.shippingDiscount`; 0 without shipping)
 * @returns one part per line, in order, then the shipping's; they sum to the discounted total
 * @throws Error when the discounts are not one per line, or one is negative, fractional or more
 *   than its line (or the shipping)
 */
export function discountedParts(lines: ReadonlyArray<Pick<DiscountLine, 'total' | 'taxation'>>, lineDiscounts: readonly number[], shipping: { amount: number; taxation: Taxation } | null, shippingDiscount: number): TaxedAmount[] {
  if (lineDiscounts.length !== lines.length) throw new Error(`${lineDiscounts.length} line discounts for ${lines.length} lines`);
  const off = (what: string, amount: number, discount: number) => {
    if (!Number.isSafeInteger(discount) || discount < 0 || discount > amount) throw new Error(`${what}: a discount of ${discount} cents on ${amount}`);
    return amount - discount;
  };
  const parts = lines.map((l, i) => ({ taxation: l.taxation, amount: off(`line ${i}`, l.total, lineDiscounts[i]) }));
  if (!shipping) {
    if (shippingDiscount !== 0) throw new Error(`a shipping discount of ${shippingDiscount} cents without shipping`);
    return parts;
  }
  return [...parts, { taxation: shipping.taxation, amount: off('shipping', shipping.amount, shippingDiscount) }];
}

/**
 * Cents the applied discounts take off each line (by index) and off the shipping: the sum of
 * their allocations per target (an order's `discounts`, src/commerce/records.ts).
 * @param count the number of lines (indexes without a discount get 0)
 * @returns `lines[i]` cents off line i (≥ 0), `shipping` cents off the shipping
 */
export function discountsByTarget(applied: ReadonlyArray<Pick<AppliedDiscount, 'allocations'>>, count: number): { lines: number[]; shipping: number } {
  const lines = Array.from({ length: count }, () => 0);
  let shipping = 0;
  for (const d of applied) for (const a of d.allocations) {
    if (a.target.kind === 'line') lines[a.target.index] = (lines[a.target.index] ?? 0) + a.amount;
    else shipping += a.amount;
  }
  return { lines, shipping };
}
