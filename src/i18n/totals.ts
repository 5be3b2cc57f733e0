/**
 * The words of the lines under a total (src/commerce/totals.ts `TotalLine`: net amount, VAT
 * included at a rate, export or intra-Community supply without VAT) in a reader's language, chosen when they are shown:
 * the "checkout" messages `totalNet`, `totalVat`, `totalExempt`, `totalIntraEu`.
 */
import type { Locale } from '../catalog/locales';
import { checkoutUi } from './checkout-ui';

/** A line under a total as src/commerce/totals.ts `TotalLine` holds it (i18n reads the commerce layer's shape, it does not import it). */
interface TotalLine { kind: 'net' | 'vat' | 'exempt' | 'intra_eu'; rate?: number; amount: number }
interface Total { type: string; amount: number; display_text?: string; lines?: readonly TotalLine[] }

/** The words of one line under a total, in `locale`: "Montant HT", "dont TVA 20 %", … */
export function totalLineText(line: TotalLine, locale: Locale): string {
  const ui = checkoutUi(locale);
  switch (line.kind) {
    case 'net': return ui.totalNet;
    case 'vat': return ui.totalVat({ rate: line.rate ?? 0 });
    case 'exempt': return ui.totalExempt;
    case 'intra_eu': return ui.totalIntraEu;
  }
}

/** A total with its lines worded (`display_text`), as UCP carries it. */
export type WordedTotal = Omit<Total, 'lines'> & { lines?: Array<{ display_text: string; amount: number }> };

/**
 * Totals with the words of their lines in `locale` (UCP `totals[].lines[].display_text`).
 * @param totals as built (src/commerce/totals.ts `buildTotals`) or stored
 */
export function wordedTotals(totals: readonly Total[], locale: Locale): WordedTotal[] {
  return totals.map(({ lines, ...total }) => (lines ? { ...total, lines: lines.map((l) => ({ display_text: totalLineText(l, locale), amount: l.amount })) } : total));
}
