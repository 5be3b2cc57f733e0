/**
 * A document in words, in its language: every label, line and mention an invoice or a credit
 * note shows, as plain strings, amounts formatted as the store's pages format them
 * (src/views/format.ts). The HTML page (html.ts) and the PDF (pdf.ts) lay out this one view, so
 * they cannot say different things.
 */
import { type Locale, localeOr } from '../../catalog/locales';
import type { DocumentData, DocumentDiscount, DocumentRecord } from '../../commerce/documents';
import { localize } from '../../catalog/localize';
import type { QuoteData, QuoteRecord } from '../../commerce/quotes';
import { quotesUi } from '../../i18n/quotes-ui';
import { addressLines, brandName, countryName, formatDate, formatPrice, intl } from '../../views/format';
import { documentsUi } from '../../i18n/documents-ui';
import { ui as uiOf } from '../../i18n/ui';

/** One row of the lines' table: description, quantity, unit price excl. VAT, rate, amount excl. VAT. */
export type DocumentRow = [description: string, quantity: string, unitNet: string, rate: string, net: string];

export interface DocumentView {
  locale: Locale;
  /** What separates a label from its value in this language (src/i18n/ui.ts `colon`). */
  colon: string;
  /** "Facture FA-2026-000123". */
  title: string;
  /** Label and value: issue date, date of sale, order. */
  facts: Array<[string, string]>;
  seller: { heading: string; lines: string[] };
  buyer: { heading: string; lines: string[] };
  header: DocumentRow;
  rows: DocumentRow[];
  /**
   * The rebates granted (CGI annex II art. 242 nonies A, I-8°), under the lines: a heading, then
   * each offer's title in the document's language with its code, and the amount (negative, VAT
   * included). The lines are already after them: shown, not subtracted again. Absent without any.
   */
  rebates?: { heading: string; rows: Array<[string, string]> };
  vat: { heading: string; header: [string, string, string, string]; rows: Array<[string, string, string, string]> };
  /** Label and amount: total excl. VAT, VAT per rate, total incl. VAT (the last). */
  totals: Array<[string, string]>;
  /** The sentences under the totals: the credit note's invoice, VAT mention, payment, reason. */
  notes: string[];
}


/** A VAT rate in a table cell: "20 %", "5,5 %" (the locale's decimal mark). */
function ratePercent(rate: number, locale: Locale): string {
  return `${intl('rate', locale, (tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 2 })).format(rate)}\u00a0%`;
}

type Body = Pick<DocumentView, 'seller' | 'buyer' | 'header' | 'rows' | 'rebates' | 'vat' | 'totals'>;

/** A rebate's words: "Bienvenue : 10 % … (code BIENVENUE10)", the title alone for an automatic offer. */
export function rebateLabel(discount: Pick<DocumentDiscount, 'title' | 'code'>, locale: Locale): string {
  const title = localize(discount.title, locale);
  return discount.code ? documentsUi(locale).rebateCode({ title, code: discount.code }) : title;
}

/** The parties, lines, VAT per rate and totals of a document or a quote, in `locale`. */
function bodyView(data: DocumentData | QuoteData, locale: Locale): Body {
  const t = documentsUi(locale);
  const colon = uiOf(locale).colon;
  const money = (cents: number) => formatPrice(cents, locale);
  const seller = data.seller;
  return {
    seller: {
      heading: t.seller,
      lines: [seller.name, seller.legal_form, ...addressLines(seller.address, locale), `${t.siren}${colon}${seller.siren} · ${seller.registration}`, `${t.vatNumber}${colon}${seller.vat_number}`, seller.email],
    },
    buyer: {
      heading: t.buyer,
      lines: [data.buyer.name, ...addressLines(data.buyer.address, locale), ...(data.buyer.vat_number ? [`${t.vatNumber}${colon}${data.buyer.vat_number}`] : []), ...(data.buyer.email ? [data.buyer.email] : [])].filter(Boolean),
    },
    header: [t.description, t.quantity, t.unitNet, t.vatRate, t.lineNet],
    rows: data.lines.map((l) => [
      l.kind === 'shipping' ? t.shipping({ method: l.description }) : l.kind === 'refund' ? t.refundLine : l.description,
      String(l.quantity), money(l.unit_net), ratePercent(l.vat_rate, locale), money(l.net),
    ]),
    ...(data.discounts?.length ? { rebates: { heading: t.rebates, rows: data.discounts.map((d): [string, string] => [rebateLabel(d, locale), money(-d.amount)]) } } : {}),
    vat: {
      heading: t.vatBreakdown,
      header: [t.vatRate, t.vatBase, t.vatAmount, t.totalGross],
      rows: data.vat_groups.map((g) => [t.totalVat({ rate: g.rate }), money(g.net), money(g.vat), money(g.gross)]),
    },
    totals: [
      [t.totalNet, money(data.totals.net)],
      ...data.vat_groups.map((g): [string, string] => [t.totalVat({ rate: g.rate }), money(g.vat)]),
      [t.totalGross, money(data.totals.gross)],
    ],
  };
}

/** The sentence that explains the VAT of a document or a quote (its regime), with French VAT's beside an exemption. */
function vatMentions(data: DocumentData | QuoteData, locale: Locale): string[] {
  const t = documentsUi(locale);
  const rate = Math.max(0, ...data.vat_groups.map((g) => g.rate));
  if (data.regime === 'export') return [t.exportMention];
  if (data.regime === 'intra_eu') return [t.intraEuMention, ...(rate > 0 ? [t.frenchVatMention({ rate })] : [])];
  if (data.regime === 'oss') return [t.ossMention({ country: countryName(data.country, locale), rate })];
  return [t.frenchVatMention({ rate })];
}

/** The words of `doc` in its language (the order's). */
export function documentView(doc: DocumentRecord): DocumentView {
  const locale = localeOr(doc.data.locale);
  const t = documentsUi(locale);
  const date = (iso: string) => formatDate(iso, locale);
  const { data } = doc;
  const credit = data.kind === 'credit_note';
  const title = credit ? t.creditNoteNumbered({ number: doc.number }) : t.invoiceNumbered({ number: doc.number });
  const notes: string[] = [];
  if (data.credit) notes.push(t.creditNoteFor({ number: data.credit.invoice_number, date: date(data.credit.invoice_issued_at) }));
  notes.push(...vatMentions(data, locale));
  const { payment } = data;
  if (payment.method === 'bank_transfer') {
    if (!credit) notes.push(t.bankTransferDue({ date: date(payment.due_at), iban: payment.iban, bic: payment.bic, reference: payment.reference }));
    if (payment.purchase_order) notes.push(t.purchaseOrder({ number: payment.purchase_order }));
  } else if (payment.method === 'none') {
    if (!credit) notes.push(t.nothingToPay);
  } else {
    const card = { date: date(payment.at), brand: brandName(payment.brand), last4: payment.last_digits ?? '····' };
    notes.push(credit ? t.refundedToCard(card) : t.paidByCard(card));
  }
  if (data.credit) notes.push(t.reason({ reason: data.credit.reason }));
  // Between professionals (code de commerce L441-10): any order of a business account, and documents
  // issued before accounts existed that name a VAT-registered buyer.
  if (data.buyer.organisation || data.buyer.vat_number || payment.method === 'bank_transfer') notes.push(t.businessTerms);
  return {
    locale,
    colon: uiOf(locale).colon,
    title,
    facts: [
      [t.issueDate, date(doc.issued_at)],
      [t.saleDate, date(data.order.created_at)],
      [t.order, data.order.label],
    ],
    ...bodyView(data, locale),
    notes,
  };
}

/** The words of a quote in its language (the page it was made on): its number, dates, lines and terms. */
export function quoteView(quote: QuoteRecord): DocumentView {
  const locale = localeOr(quote.data.locale);
  const t = documentsUi(locale);
  const q = quotesUi(locale);
  const date = (iso: string) => formatDate(iso, locale);
  return {
    locale,
    colon: uiOf(locale).colon,
    title: q.quoteNumbered({ number: quote.number }),
    facts: [[t.issueDate, date(quote.issued_at)], [q.validUntil, date(quote.valid_until)]],
    ...bodyView(quote.data, locale),
    notes: [...vatMentions(quote.data, locale), q.quoteTerms({ date: date(quote.valid_until) })],
  };
}
