/**
 * Totals of a cart, checkout or order in UCP shape (docs/agent-commerce.md "Totals and
 * VAT"): subtotal, fulfillment, optional discount (negative) and total, where every entry
 * other than `total` sums to `total`. Prices include VAT, so no positive `tax` line is added;
 * the VAT is disclosed in `lines` under `total`, per rate (the destination's rate inside the EU,
 * OSS; none outside the EU, where prices are already net). The lines add up to the total.
 */
import { type Taxation, taxationKey } from './pricing-context';
import { netOfVat } from './vat';

/**
 * A line under the total, as a code and an amount (cents), never a sentence: `net` (the total
 * without VAT), `vat` (the VAT included, at `rate` percent; one line per rate), `exempt` (an
 * export outside the EU, no VAT), `intra_eu` (an exempt intra-Community supply, no VAT). Its
 * words are chosen when it is shown, in the reader's language (src/i18n/totals.ts
 * `totalLineText`), so a stored order reads in every language.
 */
export interface TotalLine { kind: 'net' | 'vat' | 'exempt' | 'intra_eu'; rate?: number; amount: number }

/** Part of a total taxed one way: its amount in cents (what is charged, VAT included when there is VAT). */
export interface TaxedAmount { taxation: Taxation; amount: number }

/**
 * The lines under a total made of taxed parts: when VAT is charged on some part, the net of the
 * whole (untaxed parts count as net) and the VAT of each rate, rising; when none is, one line for
 * the whole, `exempt` for an export, `intra_eu` for an intra-Community supply (an export wins when
 * both appear, which a checkout never does: one destination). The lines sum to the parts.
 */
export function totalLines(parts: readonly TaxedAmount[]): TotalLine[] {
  const byKey = new Map<string, TaxedAmount>();
  for (const p of parts) {
    const key = taxationKey(p.taxation);
    byKey.set(key, { taxation: p.taxation, amount: (byKey.get(key)?.amount ?? 0) + p.amount });
  }
  const taxed = [...byKey.values()].flatMap((p) => (p.taxation.kind === 'vat' && p.taxation.rate > 0 ? [{ rate: p.taxation.rate, amount: p.amount }] : [])).sort((a, b) => a.rate - b.rate);
  const total = parts.reduce((sum, p) => sum + p.amount, 0);
  if (!taxed.length) return [{ kind: byKey.has('export') || !byKey.has('intra_eu') ? 'exempt' : 'intra_eu', amount: total }];
  const vat = taxed.map((t) => ({ kind: 'vat' as const, rate: t.rate, amount: t.amount - netOfVat(t.amount, t.rate) }));
  return [{ kind: 'net', amount: total - vat.reduce((sum, v) => sum + v.amount, 0) }, ...vat];
}
export interface Total { type: string; amount: number; display_text?: string; lines?: TotalLine[] }

/**
 * Builds the totals array.
 * @param subtotal sum of line totals in EUR cents (>= 0), prices as charged to this buyer
 * @param fulfillment shipping price in cents (>= 0), or null before a shipping option is chosen
 * @param discount discount in cents as a positive number (0: no discount line)
 * @param vat the VAT rate in percent included in every amount (destination rate in the EU), 0
 *        outside the EU (prices already net of VAT); or the total's parts by taxation
 *        (`totalLines`), which must sum to the total
 * @returns `[subtotal, fulfillment?, discount?, total]`; sum(all but total) === total, and the
 *          total's `lines` (net + VAT per rate, or the exemption) sum to the total.
 * @throws Error when an amount is negative or not an integer, the discount exceeds the sum, or
 *         the parts do not sum to the total
 */
export function buildTotals(subtotal: number, fulfillment: number | null, discount: number, vat: number | readonly TaxedAmount[]): Total[] {
  for (const [name, v] of Object.entries({ subtotal, fulfillment: fulfillment ?? 0, discount })) {
    if (!Number.isSafeInteger(v) || v < 0) throw new Error(`${name} must be a non-negative integer number of cents, got ${v}`);
  }
  const gross = subtotal + (fulfillment ?? 0);
  if (discount > gross) throw new Error(`discount ${discount} exceeds the amount ${gross}`);
  const total = gross - discount;
  const entries: Total[] = [{ type: 'subtotal', amount: subtotal }];
  if (fulfillment !== null) entries.push({ type: 'fulfillment', amount: fulfillment });
  if (discount > 0) entries.push({ type: 'discount', amount: -discount });
  const parts: readonly TaxedAmount[] = typeof vat === 'number' ? [{ taxation: vat > 0 ? { kind: 'vat', rate: vat } : { kind: 'export' }, amount: total }] : vat;
  const partsSum = parts.reduce((sum, p) => sum + p.amount, 0);
  if (partsSum !== total) throw new Error(`the taxed parts sum to ${partsSum}, the total is ${total}`);
  const lines = totalLines(parts);
  entries.push({ type: 'total', amount: total, lines });
  return entries;
}

/**
 * The amount of the `total` entry of a UCP totals array, in EUR cents (negative in a refund
 * adjustment), or 0 when there is none (an adjustment without totals).
 */
export function totalAmount(totals: ReadonlyArray<{ type: string; amount: number }> | undefined): number {
  return totals?.find((t) => t.type === 'total')?.amount ?? 0;
}

/**
 * The lines under a stored total, in today's shape: orders stored before the lines held codes
 * carry `display_text` (a sentence in the order's language) instead. Those were written by
 * `buildTotals` alone, so their shape tells their codes: two lines are the net amount and the
 * VAT (its rate the number in the text, "dont TVA 5,5 %" → 5.5), one line is an export.
 * @param lines the `lines` of a stored `total`, either shape
 */
export function storedTotalLines(lines: ReadonlyArray<Partial<TotalLine> & { display_text?: string; amount: number }>): TotalLine[] {
  if (lines.every((l) => l.kind !== undefined)) return lines as TotalLine[];
  if (lines.length === 1) return [{ kind: 'exempt', amount: lines[0].amount }];
  const rate = Number(/(\d+(?:[.,]\d+)?)\s*%/.exec(lines[1]?.display_text ?? '')?.[1]?.replace(',', '.'));
  return [{ kind: 'net', amount: lines[0].amount }, { kind: 'vat', rate: Number.isFinite(rate) ? rate : 0, amount: lines[1]?.amount ?? 0 }];
}
