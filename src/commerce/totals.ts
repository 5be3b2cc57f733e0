/**
 * Totals of a cart, checkout or order in UCP shape (docs/agent-commerce.md "Totals and
 * VAT"): subtotal, fulfillment, optional discount (negative) and total, where every entry
 * other than `total` sums to `total`. Prices include VAT, so no positive `tax` line is added;
 * the VAT is disclosed in `lines` under `total`, per rate (the destination's rate inside the EU,
 * OSS; none outside the EU, where prices are already net). The lines add up to the total.
 */
import type { Locale } from '../catalog/locales';
import { netOfVat } from './vat';

export interface TotalLine { display_text: string; amount: number }
export interface Total { type: string; amount: number; display_text?: string; lines?: TotalLine[] }

/** Labels of the VAT disclosure, per locale. `{rate}` is replaced by the rate, e.g. "20 %". */
const LABELS: Record<Locale, { net: string; vat: string; exempt: string }> = {
  fr: { net: 'Montant HT', vat: 'dont TVA {rate}', exempt: 'Exportation hors UE, sans TVA' },
  en: { net: 'Net amount', vat: 'incl. VAT {rate}', exempt: 'Export outside the EU, no VAT' },
  de: { net: 'Nettobetrag', vat: 'enthaltene MwSt. {rate}', exempt: 'Ausfuhr außerhalb der EU, ohne MwSt.' },
  nl: { net: 'Nettobedrag', vat: 'waarvan btw {rate}', exempt: 'Export buiten de EU, zonder btw' },
  cs: { net: 'Částka bez DPH', vat: 'z toho DPH {rate}', exempt: 'Vývoz mimo EU, bez DPH' },
  ru: { net: 'Сумма без НДС', vat: 'в т. ч. НДС {rate}', exempt: 'Экспорт за пределы ЕС, без НДС' },
  it: { net: 'Imponibile', vat: 'di cui IVA {rate}', exempt: 'Esportazione extra UE, senza IVA' },
  pt: { net: 'Valor sem IVA', vat: 'IVA incluído {rate}', exempt: 'Exportação fora da UE, sem IVA' },
  pl: { net: 'Kwota netto', vat: 'w tym VAT {rate}', exempt: 'Eksport poza UE, bez VAT' },
  es: { net: 'Base imponible', vat: 'IVA incluido {rate}', exempt: 'Exportación fuera de la UE, sin IVA' },
  sv: { net: 'Belopp exkl. moms', vat: 'varav moms {rate}', exempt: 'Export utanför EU, utan moms' },
  da: { net: 'Beløb ekskl. moms', vat: 'heraf moms {rate}', exempt: 'Eksport uden for EU, uden moms' },
};

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
export function buildTotals(subtotal: number, fulfillment: number | null, discount: number, vatRate: number, locale: Locale): Total[] {
  for (const [name, v] of Object.entries({ subtotal, fulfillment: fulfillment ?? 0, discount })) {
    if (!Number.isSafeInteger(v) || v < 0) throw new Error(`${name} must be a non-negative integer number of cents, got ${v}`);
  }
  const gross = subtotal + (fulfillment ?? 0);
  if (discount > gross) throw new Error(`discount ${discount} exceeds the amount ${gross}`);
  const total = gross - discount;
  const labels = LABELS[locale];
  const entries: Total[] = [{ type: 'subtotal', amount: subtotal }];
  if (fulfillment !== null) entries.push({ type: 'fulfillment', amount: fulfillment });
  if (discount > 0) entries.push({ type: 'discount', amount: -discount });
  let lines: TotalLine[];
  if (vatRate > 0) {
    const net = netOfVat(total, vatRate);
    const rate = `${String(vatRate).replace('.', locale === 'en' ? '.' : ',')} %`;
    lines = [
      { display_text: labels.net, amount: net },
      { display_text: labels.vat.replace('{rate}', rate), amount: total - net },
    ];
  } else {
    lines = [{ display_text: labels.exempt, amount: total }];
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
