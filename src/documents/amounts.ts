/**
 * The amounts of an invoice from the gross amounts of an order (prices include VAT: the
 * decisions of docs/decisions.md "Prices include VAT"): per VAT rate, the net is the rate's gross
 * net of VAT rounded half up (src/commerce/vat.ts `netOfVat`, as the order's totals show it), the
 * VAT the difference; the net is then shared among the rate's lines in proportion to their gross,
 * by largest remainder (src/commerce/allocation.ts), so the lines' nets sum exactly to the rate's net and each line's
 * net + VAT is its gross.
 */
import { allocate } from '../commerce/allocation';
import { netOfVat } from '../commerce/vat';
import type { DocumentLine, VatGroup } from '../commerce/documents';

/** A line before its net is known: what it is and its gross amount (cents, VAT included). */
export type GrossLine = Omit<DocumentLine, 'unit_net' | 'net' | 'vat'>;

/**
 * Lines with their net and VAT, and the groups per VAT rate (EN 16931 BG-23), from gross lines.
 * @returns lines in the given order; groups by rising rate; totals the groups' sums
 */
export function netLines(lines: readonly GrossLine[]): { lines: DocumentLine[]; vat_groups: VatGroup[]; totals: { net: number; vat: number; gross: number } } {
  const rates = [...new Set(lines.map((l) => l.vat_rate))].sort((a, b) => a - b);
  const out: DocumentLine[] = lines.map((l) => ({ ...l, unit_net: 0, net: 0, vat: 0 }));
  const vat_groups: VatGroup[] = rates.map((rate) => {
    const members = out.filter((l) => l.vat_rate === rate);
    const gross = members.reduce((a, l) => a + l.gross, 0);
    const net = netOfVat(gross, rate);
    allocate(net, members.map((l) => l.gross)).forEach((share, i) => {
      const line = members[i];
      line.net = share;
      line.vat = line.gross - share;
      line.unit_net = line.quantity > 0 ? Math.round(share / line.quantity) : share;
    });
    return { rate, net, vat: gross - net, gross };
  });
  const sum = (key: 'net' | 'vat' | 'gross') => vat_groups.reduce((a, g) => a + g[key], 0);
  return { lines: out, vat_groups, totals: { net: sum('net'), vat: sum('vat'), gross: sum('gross') } };
}
