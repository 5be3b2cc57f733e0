/**
 * What an invoice and a credit note say, computed from an order, its charge and its refunds:
 * pure functions, no I/O (src/documents/issue.ts writes them in the transactions that move the
 * money). The rules: ../shared/docs/business.md "Invoices" (mentions), CGI art. 258 A (intra-EU
 * distance sales at the destination's VAT, OSS), 262 I (exports) and 262 ter I (intra-Community
 * supplies to a business with a VAT number of another member state), EN 16931 BG-23 (VAT per rate).
 */
import type { Store } from '../catalog/schema';
import type { Address } from '../commerce/address';
import type { OrderRecord } from '../commerce/records';
import type { Taxation } from '../commerce/pricing-context';
import { storedTotalLines, totalAmount } from '../commerce/totals';
import { isEuCountry } from '../commerce/vat';
import { type GrossLine, netLines } from './amounts';
import { allocate, unitShares } from '../commerce/allocation';
import { discountsByTarget } from '../commerce/discounts';
import type { RefundedUnits } from '../commerce/fulfillment';
import type { DocumentData, DocumentDiscount, DocumentRecord, DocumentSeller, VatRegime } from '../commerce/documents';
import type { QuoteData } from '../commerce/quotes';
import { NOTHING_DUE_HANDLER_ID } from '../commerce/payment-terms';

/** The facts of a charge an invoice names (src/state/orders.ts `ChargeRecord`). */
export interface ChargeFacts {
  amount: number;
  /** The payment handler that captured it (`sandbox_card`, or `nothing_due` for a total of 0). */
  handler: string;
  display: { brand?: string; last_digits?: string };
  /** ISO 8601. */
  captured_at: string;
}

/** The facts of a refund a credit note names (src/state/refunds.ts `RefundRecord`). */
export interface RefundFacts {
  id: string;
  amount: number;
  reason: string;
  /** ISO 8601. */
  created_at: string;
}

/** The seller of content/store.yaml, as a document keeps it. */
export function sellerOf(store: Pick<Store, 'legal_name' | 'seller' | 'contact'>): DocumentSeller {
  const { siren, vat_number, legal_form, registration, address } = store.seller;
  return { name: store.legal_name, legal_form, registration, siren, vat_number, address: { ...address }, email: store.contact.email };
}

/** The VAT rate of a paid order (its `total`'s `vat` line), 0 for an export. */
function orderVatRate(order: Pick<OrderRecord, 'totals'>): number {
  const lines = storedTotalLines(order.totals.find((t) => t.type === 'total')?.lines ?? []);
  return lines.find((l) => l.kind === 'vat')?.rate ?? 0;
}

/** Why the order's VAT is what it is: French, the destination's (OSS) or none (export). */
function regimeOf(store: Pick<Store, 'vat'>, country: string, rate: number): VatRegime {
  if (rate === 0 && !isEuCountry(store, country)) return 'export';
  return country === store.vat.origin_country ? 'france' : 'oss';
}

/** What a document is made from: an order, or the sale a quote proposes (`id`, `label`, `created_at` its own). */
export type Sale = Pick<OrderRecord, 'id' | 'label' | 'created_at' | 'locale' | 'currency' | 'buyer' | 'lines' | 'shipping_taxation' | 'business' | 'totals' | 'destination' | 'shipping' | 'discounts'>;

function buyerName(order: Pick<OrderRecord, 'buyer' | 'destination' | 'business'>): string {
  if (order.business) return order.business.legal_name;
  const name = (a: { first_name?: string; last_name?: string }) => [a.first_name, a.last_name].filter(Boolean).join(' ');
  return name(order.destination) || name(order.buyer) || order.buyer.email || '';
}

/** The rebates an invoice of `order` states: each discount that took something off, in the order applied. */
function rebatesOf(order: Pick<Sale, 'discounts'>): DocumentDiscount[] {
  return (order.discounts ?? []).filter((d) => d.amount > 0).map((d) => ({ title: d.title, code: d.code, amount: d.amount }));
}

/** A consumer's billing address: the order's destination without the recipient's name and phone (they are the buyer's). An organisation's is its own. */
function billingAddress(destination: Address): Address {
  const { first_name: _f, last_name: _l, phone_number: _p, ...postal } = destination;
  return postal;
}

/**
 * What every invoice of an order says whatever the payment: its lines (description in the
 * order's language, quantity, unit price excluding VAT, rate, amounts), shipping as a line, VAT
 * per rate, the regime that explains the VAT, the buyer (the organisation and its VAT number for
 * a business).
 * @param amount what the lines and shipping must add up to (the charge, or the order's total), cents
 * @throws Error when they do not (they always do: the charge is the order's total)
 */
function invoiceBody(store: Pick<Store, 'legal_name' | 'seller' | 'contact' | 'vat'>, order: Sale, amount: number): Omit<DocumentData, 'payment'> {
  const rate = orderVatRate(order);
  // Orders from before business terms hold no taxation per line: every line had the total's rate.
  const rateOf = (taxation: Taxation | undefined) => (taxation === undefined ? rate : taxation.kind === 'vat' ? taxation.rate : 0);
  const country = order.destination.address_country ?? store.vat.origin_country;
  const shippingAmount = order.totals.find((t) => t.type === 'fulfillment')?.amount ?? 0;
  // A discount lowers the taxable amount of what it was allocated to (CGI art. 267 II 2°: rebates
  // granted to the buyer are not part of it): each line and the shipping at what was charged.
  const off = discountsByTarget(order.discounts ?? [], order.lines.length);
  const gross: GrossLine[] = order.lines.map((l, i) => ({ kind: 'item', line_id: l.id, description: l.title, quantity: l.quantity, vat_rate: rateOf(l.taxation), gross: l.total - (off.lines[i] ?? 0) }));
  if (order.shipping) gross.push({ kind: 'shipping', description: order.shipping.title, quantity: 1, vat_rate: rateOf(order.shipping_taxation), gross: shippingAmount - off.shipping });
  const intraEu = [...order.lines.map((l) => l.taxation), order.shipping_taxation].some((t) => t?.kind === 'intra_eu');
  const amounts = netLines(gross);
  const rebates = rebatesOf(order);
  if (amounts.totals.gross !== amount) throw new Error(`order ${order.label}: lines and shipping add up to ${amounts.totals.gross} cents, the payment is ${amount}`);
  return {
    kind: 'invoice',
    locale: order.locale,
    currency: order.currency,
    order: { id: order.id, label: order.label, created_at: order.created_at },
    seller: sellerOf(store),
    buyer: {
      name: buyerName(order), ...(order.buyer.email ? { email: order.buyer.email } : {}), address: order.business?.billing_address ?? billingAddress(order.destination),
      ...(order.business?.vat_number ? { vat_number: order.business.vat_number } : {}),
      ...(order.business ? { organisation: true } : {}),
    },
    regime: intraEu ? 'intra_eu' : regimeOf(store, country, rate),
    country,
    ...amounts,
    ...(rebates.length ? { discounts: rebates } : {}),
  };
}

/**
 * The invoice of a paid order, with the card payment (or none: its discounts covered it all).
 * @throws Error when the order's lines and shipping do not add up to the charge
 */
export function invoiceData(store: Pick<Store, 'legal_name' | 'seller' | 'contact' | 'vat'>, order: OrderRecord, charge: ChargeFacts): DocumentData {
  const payment: DocumentData['payment'] = charge.handler === NOTHING_DUE_HANDLER_ID
    ? { method: 'none', at: charge.captured_at }
    : { method: 'card', ...charge.display, at: charge.captured_at };
  return { ...invoiceBody(store, order, charge.amount), payment };
}

/**
 * The invoice of an order placed on invoice: the bank transfer asked for, by its due date, to the
 * store's account (content/store.yaml `seller.bank`), quoting the order's number.
 * @param issuedAt epoch ms
 * @throws Error when the order has no payment terms
 */
export function termsInvoiceData(store: Pick<Store, 'legal_name' | 'seller' | 'contact' | 'vat'>, order: OrderRecord, issuedAt: number): DocumentData {
  const terms = order.invoice_payment;
  if (!terms) throw new Error(`order ${order.label} is not on invoice`);
  const { iban, bic } = store.seller.bank;
  return {
    ...invoiceBody(store, order, totalAmount(order.totals)),
    payment: { method: 'bank_transfer', due_at: terms.due_at, iban, bic, reference: terms.reference, purchase_order: terms.purchase_order, at: new Date(issuedAt).toISOString() },
  };
}

/**
 * What a quote shows: the lines, shipping, VAT per rate and totals an invoice of the same sale
 * would show, with the buyer's organisation (src/commerce/quotes.ts).
 * @param sale `label` the quote's number (set when it is numbered), `created_at` its issue date
 */
export function quoteData(store: Pick<Store, 'legal_name' | 'seller' | 'contact' | 'vat'>, sale: Sale): QuoteData {
  const { kind: _invoice, ...body } = invoiceBody(store, sale, totalAmount(sale.totals));
  return { ...body, kind: 'quote' };
}

/** A refund of units of lines (src/commerce/fulfillment.ts `planLineRefund`), with the order they belong to. */
export interface RefundedLines {
  order: Pick<OrderRecord, 'lines' | 'discounts'>;
  units: readonly RefundedUnits[];
}

/**
 * The rebates of refunded units: for each line, the list price of the units (their shares of the
 * line's total, as `unitShares` takes them) less what they were charged, shared among the
 * discounts allocated to the line in proportion to their allocations (largest remainder).
 */
function refundedRebates({ order, units }: RefundedLines): DocumentDiscount[] {
  const byOffer = new Map<string, DocumentDiscount>();
  for (const u of units) {
    const line = order.lines[u.index];
    const list = unitShares(line.total, line.quantity).slice(u.after, u.after + u.quantity).reduce((a, x) => a + x, 0);
    const on = (order.discounts ?? []).flatMap((d) => d.allocations.filter((a) => a.target.kind === 'line' && a.target.index === u.index).map((a) => ({ d, amount: a.amount })));
    if (!on.length || list === u.amount) continue;
    allocate(list - u.amount, on.map((x) => x.amount)).forEach((share, k) => {
      const { d } = on[k];
      const entry = byOffer.get(d.handle) ?? { title: d.title, code: d.code, amount: 0 };
      entry.amount += share;
      byOffer.set(d.handle, entry);
    });
  }
  return [...byOffer.values()].filter((d) => d.amount > 0);
}

/** The credit note's lines of a refund of units: each refunded line at what its units were charged, with the invoice line's description and rate. */
function refundedLines(invoice: DocumentRecord, refund: RefundFacts, refunded: RefundedLines): GrossLine[] {
  const lines = refunded.units.map((u): GrossLine => {
    const billed = invoice.data.lines.find((l) => l.kind === 'item' && l.line_id === u.id);
    if (!billed) throw new Error(`invoice ${invoice.number} has no line ${u.id}`);
    return { kind: 'item', line_id: u.id, description: billed.description, quantity: u.quantity, vat_rate: billed.vat_rate, gross: u.amount };
  });
  const sum = lines.reduce((a, l) => a + l.gross, 0);
  if (sum !== refund.amount) throw new Error(`refund ${refund.id}: its lines add up to ${sum} cents, the refund is ${refund.amount}`);
  return lines;
}

/**
 * The credit note of a refund, with the invoice it corrects and the order's adjustment
 * (`adjustmentId`) that tells the buyer. A refund of an amount is shared among the invoice's VAT
 * rates in proportion to their gross (largest remainder), one line per rate. A refund of units
 * (`lines`) has one line per refunded line, at what those units were charged (after discounts),
 * at the line's rate, and states the rebates those units had (CGI annex II art. 242 nonies A, I-8°);
 * a refund of the whole invoice states all of its rebates.
 * @param refund amount in cents, > 0 and at most the invoice's gross less earlier refunds (the
 *        charge's CHECK has refused more before this is called)
 * @throws Error when the refunded lines are not on the invoice or do not add up to the refund
 */
export function creditNoteData(invoice: DocumentRecord, refund: RefundFacts, adjustmentId: string, lines?: RefundedLines): DocumentData {
  const groups = invoice.data.vat_groups;
  const gross = lines ? refundedLines(invoice, refund, lines)
    : allocate(refund.amount, groups.map((g) => g.gross)).map((share, i): GrossLine => ({ kind: 'refund', description: refund.reason, quantity: 1, vat_rate: groups[i].rate, gross: share }))
      .filter((l) => l.gross > 0);
  const { kind: _invoice, credit: _none, discounts: _invoiced, ...rest } = invoice.data;
  // A refund of the whole invoice (a cancellation) takes back its rebates too; one of a part of
  // an amount cannot say which units it is for, nor so which rebates.
  const rebates = lines ? refundedRebates(lines) : refund.amount === invoice.data.totals.gross ? invoice.data.discounts ?? [] : [];
  return {
    ...rest,
    kind: 'credit_note',
    ...netLines(gross),
    ...(rebates.length ? { discounts: rebates } : {}),
    payment: { ...invoice.data.payment, at: refund.created_at },
    credit: { invoice_id: invoice.id, invoice_number: invoice.number, invoice_issued_at: invoice.issued_at, refund_id: refund.id, reason: refund.reason, adjustment_id: adjustmentId },
  };
}
