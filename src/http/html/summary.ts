/**
 * The order summary shared by the approval page, the order status page and the checkout page: the line items with
 * quantities and prices, the totals with the VAT disclosure of UCP `total.lines`
 * (src/commerce/totals.ts), and the delivery address and method. Amounts are formatted with
 * src/catalog/format.ts from the same integer cents the agent sees.
 */
import type { Locale } from '../../catalog/locales';
import { LOCALE_TAGS } from '../../catalog/locales';
import { addressLines, formatPrice } from '../../views/format';
import { type CheckoutUi, checkoutUi } from '../../i18n/checkout-ui';
import { totalLineText } from '../../i18n/totals';
import type { TotalLine } from '../../commerce/totals';
import type { Address } from '../../commerce/address';
import { netOfVat } from '../../commerce/vat';
import { Html, html } from '../../views/html';
import { localize } from '../../catalog/localize';
import type { AppliedDiscount } from '../../commerce/discounts';

interface LineLike {
  id: string;
  title: string;
  /** Cents, VAT included inside the EU. */
  unitPrice: number;
  quantity: number;
  /** unitPrice × quantity, cents. */
  total: number;
  /** The VAT rate in percent included in the prices (0 or absent: none). */
  vatRate?: number;
}
interface TotalLike {
  type: string;
  amount: number;
  display_text?: string;
  lines?: readonly TotalLine[];
}

/** Amount cell with its value in cents for machines (`data-amount`). */
const money = (cents: number, locale: Locale) => html`<data value="${cents}" data-amount="${cents}">${formatPrice(cents, locale)}</data>`;

/**
 * An amount as a page shows it: VAT included, or for a member of a business account (`exclVat`)
 * excluding VAT first with VAT included beside it (issue 40). An amount with no VAT in it
 * (`rate` 0 or none: an export, an intra-EU supply) is shown as it is.
 * @param cents VAT included at `rate` (percent)
 */
export function shownPrice(cents: number, rate: number | undefined, locale: Locale, exclVat: boolean): Html {
  const ui = checkoutUi(locale);
  return exclVat && rate
    ? html`<data value="${netOfVat(cents, rate)}" data-amount="${netOfVat(cents, rate)}" data-excl-vat>${ui.exclVat({ amount: formatPrice(netOfVat(cents, rate), locale) })}</data><br><span class="small">${ui.inclVat({ amount: formatPrice(cents, locale) })}</span>`
    : money(cents, locale);
}

/** A discount as the pages show it: the offer's title in the page's language, its code, and the cents it takes off (≥ 0). */
export interface ShownDiscount {
  title: string;
  code: string | null;
  amount: number;
}

/** The discounts applied (src/commerce/discounts.ts), titled in `locale` (French when the offer has no title in it). */
export function shownDiscounts(applied: ReadonlyArray<Pick<AppliedDiscount, 'title' | 'code' | 'amount'>>, locale: Locale): ShownDiscount[] {
  return applied.map((d) => ({ title: localize(d.title, locale), code: d.code, amount: d.amount }));
}

/** What the summary shows besides its lines and totals. */
export interface SummaryOptions {
  /** The shipping option's title, beside "Shipping". */
  shippingTitle?: string;
  /**
   * For a placed order: its total is "paid" (or "to pay" when `due`: an order on invoice not paid
   * yet), and when `refunded` (cents) is more than 0 the refunds and what is left follow it.
   */
  paid?: { refunded: number; due?: boolean };
  /** Prices excluding VAT first, VAT included beside them (a member of a business account, issue 40); the totals keep their VAT lines. */
  exclVat?: boolean;
  /** Each discount applied, one row each in place of the totals' single `discount` entry. */
  discounts?: readonly ShownDiscount[];
}

/** The row of one discount: its title and code, and the amount taken off (a negative amount). */
function discountRow(d: ShownDiscount, locale: Locale): Html {
  return html`<tr class="discount" data-total-type="discount"${d.code ? html` data-discount-code="${d.code}"` : ''}><th scope="row" colspan="3">${d.title}${d.code ? html` <span class="small">(${d.code})</span>` : ''}</th><td class="num">${money(-d.amount, locale)}</td></tr>`;
}

/** The items table with the totals in its footer. */
export function summaryTable(lines: readonly LineLike[], totals: readonly TotalLike[], locale: Locale, ui: CheckoutUi, options: SummaryOptions = {}): Html {
  const { shippingTitle, paid, exclVat = false, discounts = [] } = options;
  const price = (cents: number, rate: number | undefined) => shownPrice(cents, rate, locale, exclVat);
  const row = (t: TotalLike) => (t.type === 'discount' && discounts.length
    ? html`${discounts.filter((d) => d.amount > 0).map((d) => discountRow(d, locale))}`
    : html`<tr class="${t.type}" data-total-type="${t.type}"><th scope="row" colspan="3">${label(t)}</th><td class="num">${money(t.amount, locale)}</td></tr>`);
  const label = (t: TotalLike) => {
    switch (t.type) {
      case 'subtotal': return ui.subtotal;
      case 'fulfillment': return shippingTitle ? `${ui.shipping} (${shippingTitle})` : ui.shipping;
      case 'total': return paid ? (paid.due ? ui.totalDue : ui.totalPaid) : ui.total;
      case 'discount': return ui.discountTotal;
      default: return t.display_text ?? t.type;
    }
  };
  return html`<table class="summary">
<caption class="visually-hidden">${ui.items}</caption>
<thead><tr><th scope="col">${ui.item}</th><th scope="col" class="num">${ui.quantity}</th><th scope="col" class="num">${ui.unitPrice}</th><th scope="col" class="num">${ui.lineTotal}</th></tr></thead>
<tbody>${lines.map((li) => html`<tr data-line-id="${li.id}"><td>${li.title}</td><td class="num">${li.quantity}</td><td class="num">${price(li.unitPrice, li.vatRate)}</td><td class="num">${price(li.total, li.vatRate)}</td></tr>`)}</tbody>
<tfoot>${totals.map((t) => html`${row(t)}${(t.lines ?? []).map((l) => html`<tr class="vat"><th scope="row" colspan="3">${totalLineText(l, locale)}</th><td class="num">${money(l.amount, locale)}</td></tr>`)}`)}${paid?.refunded ? html`<tr class="refunded" data-total-type="refunded"><th scope="row" colspan="3">${ui.totalRefunded}</th><td class="num">${money(-paid.refunded, locale)}</td></tr><tr class="total" data-total-type="net"><th scope="row" colspan="3">${ui.totalAfterRefunds}</th><td class="num">${money(totalOf(totals) - paid.refunded, locale)}</td></tr>` : ''}</tfoot>
</table>`;
}

const totalOf = (totals: readonly TotalLike[]) => totals.find((t) => t.type === 'total')?.amount ?? 0;

/** A postal address as lines, with the country name in the locale (src/views/format.ts `addressLines`, as in the e-mails). */
export function addressBlock(address: Address | undefined, locale: Locale): Html {
  if (!address) return html``;
  return html`<address>${addressLines(address, locale).map((r, i) => html`${i ? html`<br>` : ''}${r}`)}</address>`;
}

export { BRAND_NAMES, formatTime } from '../../views/format';

/**
 * A message whose arguments are HTML fragments (links): the message's own text is escaped, the
 * fragments are not. The message is given a marker for each argument (private-use characters no
 * message holds), then cut at the markers.
 * @param message a catalogue message of `values`' names (src/i18n/generated/)
 */
export function escapeTemplate<K extends string>(message: (values: Record<K, string>) => string, values: Record<K, Html>): Html {
  const names = Object.keys(values) as K[];
  const marked = message(Object.fromEntries(names.map((name, i) => [name, `\ue000${i}\ue001`])) as Record<K, string>);
  return new Html(marked.split(/(\ue000\d+\ue001)/).map((part) => {
    const index = /^\ue000(\d+)\ue001$/.exec(part)?.[1];
    return index !== undefined ? values[names[Number(index)]].value : html`${part}`.value;
  }).join(''));
}
