/**
 * Totals of a cart, checkout or order in UCP shape (docs/agent-commerce.md "Totals and
 * VAT"): subtotal, fulfillment, optional discount (negative) and total, where every entry
 * other than `total` sums to `total`. Prices include VAT, so no positive `tax` line is added;
 * the VAT is disclosed in `lines` under `total`, per rate (the destination's rate inside the EU,
 * OSS; none outside the EU, where prices are already net). The lines add up to the total.
 */
import { netOfVat } from './vat';

/**
 * A line under the total, as a code and an amount (cents), never a sentence: `net` (the total
 * without VAT), `vat` (the VAT included, at `rate` percent), `exempt` (an export outside the EU,
 * no VAT). Its words are chosen when it is shown, in the reader's language
 * (src/i18n/totals.ts `totalLineText`), so a stored order reads in every language.
 */
export interface TotalLine { kind: 'net' | 'vat' | 'exempt'; rate?: number; amount: number }
export interface Total { type: string; amount: number; display_text?: string; lines?: TotalLine[] }

/**
 * Builds the totals array.
 * @param subtotal sum of line totals in EUR cents (>= 0), prices as charged to this buyer
 * @param fulfillment shipping price in cents (>= 0), or null before a shipping option is chosen
 * @param discount discount in cents as a positive number (0: no discount line)
 * @param vatRate VAT rate in percent included in the amounts (destination rate in the EU), or 0
 *        outside the EU (prices already net of VAT)
 * @returns `[subtotal, fulfillment?, discount?, total]`; sum(all but total) === total, and the
 *          total's `lines` (net + VAT, or the export note) sum to the total.
 * @throws Error when an amount is negative or not an integer, or the discount exceeds the sum.
 */
export function buildTotals(subtotal: number, fulfillment: number | null, discount: number, vatRate: number): Total[] {
  for (const [name, v] of Object.entries({ subtotal, fulfillment: fulfillment ?? 0, discount })) {
    if (!Number.isSafeInteger(v) || v < 0) throw new Error(`${name} must be a non-negative integer number of cents, got ${v}`);
  }
  const gross = subtotal + (fulfillment ?? 0);
  if (discount > gross) throw new Error(`discount ${discount} exceeds the amount ${gross}`);
  const total = gross - discount;
  const entries: Total[] = [{ type: 'subtotal', amount: subtotal }];
  if (fulfillment !== null) entries.push({ type: 'fulfillment', amount: fulfillment });
  if (discount > 0) entries.push({ type: 'discount', amount: -discount });
  let lines: TotalLine[];
  if (vatRate > 0) {
    const net = netOfVat(total, vatRate);
    lines = [{ kind: 'net', amount: net }, { kind: 'vat', rate: vatRate, amount: total - net }];
  } else {
    lines = [{ kind: 'exempt', amount: total }];
  }
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
