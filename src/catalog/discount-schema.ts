/**
 * Discount offers as editors write them: one file per offer, `content/discounts/{handle}.yaml`
 * (issue 38 "Offers are content"). The rules that apply them live in src/commerce/discounts.ts;
 * this file only says what a valid offer is, and which offers contradict the rest of the content
 * (`discountProblems`), so the build names the file and the field.
 */
import { z } from 'zod';
import { LocalizedText } from './schema';

const show = (v: unknown) => JSON.stringify(v);

const EUROS = /^(0|[1-9]\d{0,6})(\.\d{1,2})?$/;

/** "5", "12.5", "12.50" (euros, as EUROS matches them) → integer cents, without floating point. */
function eurosToCents(euros: string): number {
  const [whole, decimals = ''] = euros.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}

/**
 * A euro amount > 0 with at most two decimals, VAT included: a string ("5", "12.50", parsed
 * exactly) or a YAML number (12.5). Loaded as integer cents (docs/decisions.md "Money is
 * integer cents"): `"12.50"` → 1250.
 */
const Euros = z
  .union([
    z.string().regex(EUROS, { error: (iss) => `${show(iss.input)} is not an amount like "12.50"` }),
    z.number().positive(),
  ], { error: (iss) => `${show(iss.input)} is not an amount in euros like "12.50"` })
  .transform((v, ctx) => {
    const text = String(v);
    if (!EUROS.test(text)) {
      ctx.addIssue({ code: 'custom', message: `${show(v)} is not an amount like "12.50" (euros, at most two decimals)` });
      return z.NEVER;
    }
    const cents = eurosToCents(text);
    if (cents <= 0) ctx.addIssue({ code: 'custom', message: 'must be more than 0' });
    return cents;
  })
  .describe('Euros, VAT included, with at most two decimals, e.g. "10" or "12.50" (loaded as integer cents)');

/**
 * A day (from its start) or a local time, in Europe/Paris time: "2026-12-24", "2026-12-24T08:00"
 * or "2026-12-24T08:00:30". No offset: the store's wall clock, daylight saving time included
 * (src/commerce/discounts.ts `parisInstant` turns it into an instant).
 */
const ParisTime = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?)?$/, { error: (iss) => `${show(iss.input)} is not a date like "2026-12-24" or a time like "2026-12-24T08:00" (Europe/Paris)` })
  .describe('Europe/Paris local time: a date ("2026-12-24", from midnight) or a date and time ("2026-12-24T08:00")');

/** A ParisTime written in full ("2026-12-24" → "2026-12-24T00:00:00"), so two compare as strings in wall-clock order. */
const fullParisTime = (t: string) => (t.length === 10 ? `${t}T00:00:00` : t.length === 16 ? `${t}:00` : t);

const Handle = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: (iss) => `${show(iss.input)} is not a handle` });

/** What an offer takes off: a percentage, an amount in euros, or the shipping (exactly one). */
const Value = z
  .strictObject({
    percentage: z.int().min(1).max(100).optional().describe('Percent off the eligible lines, 1–100'),
    amount: Euros.optional().describe('Euros off (the lines together, or each unit with method: each); integer cents once loaded'),
    free_shipping: z.literal(true).optional().describe('The shipping of the order is free'),
  })
  .refine((v) => [v.percentage, v.amount, v.free_shipping].filter((x) => x !== undefined).length === 1, { error: 'write exactly one of percentage, amount or free_shipping' });

/** What an offer applies to: everything, or some collections, products or variants. */
const AppliesTo = z.union([
  z.literal('all'),
  z.strictObject({ collections: z.array(Handle).min(1) }),
  z.strictObject({ products: z.array(Handle).min(1) }),
  z.strictObject({ variants: z.array(z.int().positive()).min(1) }),
], { error: 'expected "all", {collections: [...]}, {products: [...]} or {variants: [...]}' });

/**
 * One discount offer (issue 38; names from the UCP discount extension, `dev.ucp.shopping.discount`):
 * a `code` the buyer types (3–32 letters, digits, - or _, matched without regard to case) or
 * `automatic: true`, never both; exactly one `value`; what it `applies_to`; `method` `across` (an
 * amount shared over the eligible lines) or `each` (the amount off every unit; a percentage is
 * computed across either way, since p % of each unit is p % of the lines); `priority` from 1
 * (UCP's minimum), lower first; `combines: false` makes it apply alone. Once loaded, `value.amount`
 * and `minimum_subtotal` are integer cents. How offers apply: src/commerce/discounts.ts.
 */
export const Discount = z
  .strictObject({
    code: z
      .string()
      .regex(/^[A-Za-z0-9_-]{3,32}$/, { error: (iss) => `${show(iss.input)} is not a code (3 to 32 letters, digits, - or _)` })
      .optional()
      .describe('The code the buyer types, matched without regard to case; leave out for an automatic offer'),
    automatic: z.boolean().optional().describe('true: applies without a code to every eligible cart'),
    title: LocalizedText.describe('What the buyer reads beside the amount, per locale'),
    value: Value,
    applies_to: AppliesTo.default('all'),
    method: z.enum(['across', 'each']).default('across').describe('An amount off the eligible lines together (across) or off each unit (each); a percentage is the same either way (computed across)'),
    minimum_subtotal: Euros.optional().describe('Euros the eligible lines must total at least (VAT included, before discounts); integer cents once loaded'),
    starts_at: ParisTime.optional(),
    ends_at: ParisTime.optional().describe('The first moment the offer no longer applies'),
    once_per_buyer: z.boolean().default(false).describe('One order per buyer e-mail (or account)'),
    usage_limit: z.int().positive().optional().describe('Orders that may use it in all'),
    combines: z.boolean().default(false).describe('false: applied only alone (the best single offer wins)'),
    priority: z.int().min(1).max(1000).default(1).describe('Lower applies first, from 1 (UCP discount `priority`)'),
  })
  .superRefine((d, ctx) => {
    if (!!d.code === (d.automatic === true)) ctx.addIssue({ code: 'custom', path: ['code'], message: 'an offer has either a code or automatic: true, not both and not neither' });
    if (d.starts_at && d.ends_at && fullParisTime(d.ends_at) <= fullParisTime(d.starts_at)) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: `${show(d.ends_at)} is not after starts_at ${show(d.starts_at)}` });
    if (d.method === 'each' && d.value.free_shipping) ctx.addIssue({ code: 'custom', path: ['method'], message: 'method: each is for an amount (or a percentage) per unit, not free shipping' });
  });
export type Discount = z.infer<typeof Discount>;

/** An offer as loaded: its file's content (amounts in cents) and its handle (the file name). */
export type CatalogDiscount = Discount & { handle: string };

/**
 * What makes loaded offers contradict the rest of the content, as `field: problem` per offer:
 * an unknown collection, product or variant, a code used by two offers (case aside).
 * @param known the handles and variant ids the content has
 * @returns `[handle, problem]` pairs, none for consistent offers
 */
export function discountProblems(discounts: readonly CatalogDiscount[], known: { collections: ReadonlySet<string>; products: ReadonlySet<string>; variants: ReadonlySet<number> }): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  const codes = new Map<string, string>();
  for (const d of discounts) {
    const target = d.applies_to;
    if (target !== 'all') {
      if ('collections' in target) target.collections.forEach((h, i) => known.collections.has(h) || problems.push([d.handle, `applies_to.collections[${i}]: "${h}" is not a collection (no content/collections/${h}.yaml)`]));
      if ('products' in target) target.products.forEach((h, i) => known.products.has(h) || problems.push([d.handle, `applies_to.products[${i}]: "${h}" is not a product (no content/products/${h}.yaml)`]));
      if ('variants' in target) target.variants.forEach((id, i) => known.variants.has(id) || problems.push([d.handle, `applies_to.variants[${i}]: ${id} is not a variant id of any product`]));
    }
    if (d.code) {
      const key = d.code.toUpperCase();
      const other = codes.get(key);
      if (other) problems.push([d.handle, `code: "${d.code}" is already the code of content/discounts/${other}.yaml (codes are matched without regard to case)`]);
      else codes.set(key, d.handle);
    }
  }
  return problems;
}
