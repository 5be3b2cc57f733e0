/**
 * How the merchant's command line prints orders: aligned text tables for `list` and `outbox`
 * (the messages not sent yet), a block of facts for `show`, and CSV (RFC 4180: comma, double
 * quotes doubled, CRLF line ends, a header row) for `export`. Amounts are printed for the merchant
 * as the store's pages print prices, in the store's default locale (content/store.yaml
 * `default_locale`: French, "78,70 €"), in tables, sentences and refusals; as integer cents in JSON
 * and CSV, where a spreadsheet or a script reads them.
 * Whatever is printed shows a stored control character as an escape (`\x1b`), never the
 * character itself, so a buyer's name cannot clear the screen or forge a line; CSV cells that a
 * spreadsheet would read as a formula are neutralised (OWASP "CSV Injection").
 */
import { DEFAULT_LOCALE } from '../catalog/locales';
import { type InvoicePayment, invoicePaymentState, received } from '../commerce/payment-terms';
import { escapeNonPrintable } from '../commerce/text';
import type { OrderSummary } from '../state/order-list';
import type { DocumentRecord } from '../commerce/documents';
import type { OutboxMessage } from '../state/outbox';
import type { OrderDetails } from './orders';
import { totalAmount } from '../commerce/totals';
import { addressLines, formatPrice } from '../views/format';

/** The merchant's locale: the store's default locale (content/store.yaml `default_locale`). */
export const MERCHANT_LOCALE = DEFAULT_LOCALE;

/**
 * An amount as the merchant reads it, as the store's pages print prices: 7870 → "78,70 €" (French).
 * @param cents integer cents
 */
export function euros(cents: number): string {
  return formatPrice(cents, MERCHANT_LOCALE);
}
/** "2026-11-20 10:00" in UTC. */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

/**
 * Rows as a table with a header, columns padded to their widest cell; numeric columns right-aligned.
 * @param right indexes of the columns to right-align
 */
export function textTable(head: readonly string[], rawRows: ReadonlyArray<readonly string[]>, right: readonly number[] = []): string {
  const rows = rawRows.map((r) => r.map(escapeNonPrintable));
  const width = head.map((h, i) => Math.max([...h].length, ...rows.map((r) => [...r[i]].length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (right.includes(i) ? c.padStart(width[i]) : c.padEnd(width[i]))).join('  ').trimEnd();
  return [line(head), line(width.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** `list`: one row per order, newest first. */
export function ordersTable(orders: readonly OrderSummary[]): string {
  if (!orders.length) return 'No orders match.';
  return textTable(
    ['label', 'status', 'created (UTC)', 'total', 'refunded', 'shipped', 'buyer', 'id'],
    orders.map((o) => [o.label, o.status, when(o.created_at), euros(o.total), o.refunded ? euros(o.refunded) : '', `${o.shipped}/${o.units}`, o.buyer_email ?? '', o.id]),
    [3, 4, 5],
  );
}

/** A cell a spreadsheet would read as a formula or a control (OWASP "CSV Injection"): it starts with `=`, `+`, `-`, `@`, a tab or a CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field. Text starting like a formula gets a leading single quote (`=HYPERLINK(…)` →
 * `'=HYPERLINK(…)`), as OWASP's CSV Injection guidance recommends; non-printable characters are
 * escaped (`\x1b`); the field is quoted when it holds a comma or a quote, quotes doubled
 * (RFC 4180 §2). Numbers are written as they are.
 */
function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = escapeNonPrintable(FORMULA_START.test(value) ? `'${value}` : value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text with a header row; CRLF line ends (RFC 4180 §2.1). */
function csv(head: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return [head, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * `export --csv`: one row per order, amounts in cents; `discount_cents` is what the discounts took
 * off (the total is after it), `discount_codes` their codes (an automatic offer's handle), space-separated.
 */
export function ordersCsv(orders: readonly OrderSummary[]): string {
  return csv(
    ['id', 'label', 'status', 'created_at', 'currency', 'total_cents', 'refunded_cents', 'buyer_email', 'country', 'locale', 'units', 'shipped', 'delivered',
      'net_cents', 'vat_cents', 'vat_rate', 'shipping_cents', 'buyer_name', 'shipping_method', 'payment_method', 'discount_cents', 'discount_codes'],
    orders.map((o) => [o.id, o.label, o.status, o.created_at, o.currency, o.total, o.refunded, o.buyer_email, o.country, o.locale, o.units, o.shipped, o.delivered,
      o.net, o.vat, o.vat_rate, o.shipping, o.buyer_name, o.shipping_method, o.payment_method, o.discount, o.discount_codes.join(' ')]),
  );
}

/** `show`: the order's facts, lines, discounts (French title, code, amount), payment, events, adjustments and messages. */
export function orderText({ order, lines, charge, refunds, messages, documents }: OrderDetails): string {
  const total = totalAmount(order.totals);
  const address = order.destination;
  const table = textTable(['line', 'item', 'ordered', 'shipped', 'delivered', 'line total'],
    lines.map((l) => [l.line_id, l.title, String(l.quantity), String(l.shipped), String(l.delivered), euros(l.total)]), [2, 3, 4, 5]);
  const out = [
    `${order.label}  ${order.status}`,
    `id        ${order.id}`,
    `placed    ${when(order.created_at)} UTC (locale ${order.locale})`,
    `buyer     ${order.buyer.email ?? '—'}`,
    `ship to   ${addressLines(address, MERCHANT_LOCALE).join(', ')}`,
    `shipping  ${order.shipping ? `${order.shipping.title} (${order.shipping.carrier})` : '—'}`,
    `total     ${euros(total)}`,
    `paid      ${charge ? `${euros(charge.amount)} by ${charge.display.brand ?? 'card'}${charge.display.last_digits ? ` •••• ${charge.display.last_digits}` : ''}, refunded ${euros(charge.refunded)}` : order.invoice_payment ? invoiceWords(order.invoice_payment, total) : '—'}`,
    ...(order.business ? [`for       ${order.business.legal_name}${order.business.vat_number ? ` (VAT ${order.business.vat_number})` : ''}`] : []),
    `webhook   ${order.webhook_url ?? '—'}`,
    '',
    table,
    '',
    'events',
    ...order.events.map((e) => `  ${e.id}  ${when(e.occurred_at)}  ${e.type}  ${e.line_items.map((l) => `${l.id}×${l.quantity}`).join(' ')}${e.carrier ? `  ${e.carrier}` : ''}${e.tracking_number ? ` ${e.tracking_number}` : ''}${e.tracking_url ? ` ${e.tracking_url}` : ''}`),
  ];
  const discounts = (order.discounts ?? []).filter((d) => d.amount > 0);
  if (discounts.length) out.push('', 'discounts', ...discounts.map((d) => `  ${d.code ?? `${d.handle} (automatic)`}  ${euros(-d.amount)}  ${d.title.fr}`));
  const adjustments = order.adjustments ?? [];
  if (adjustments.length) {
    // A refund of units names them (negative quantities, as UCP adjustments write reductions).
    const units = (a: (typeof adjustments)[number]) => (a.type === 'refund' && a.line_items?.length ? `  ${a.line_items.map((l) => `${l.id}×${-l.quantity}`).join(' ')}` : '');
    out.push('', 'adjustments', ...adjustments.map((a) => `  ${a.id}  ${when(a.occurred_at)}  ${a.type}  ${a.totals?.length ? euros(-a.totals[0].amount) : ''}${units(a)}${a.description ? `  ${a.description}` : ''}`));
  }
  if (refunds.length) out.push('', 'refunds', ...refunds.map((r) => `  ${r.id}  ${when(r.created_at)}  ${euros(r.amount)}  ${r.reason}`));
  if (documents.length) out.push('', 'documents', ...documents.map((d) => `  ${d.number}  ${when(d.issued_at)}  ${d.data.kind === 'invoice' ? 'invoice' : `credit note of ${d.data.credit?.invoice_number}`}  ${euros(d.data.totals.gross)}`));
  if (messages.length) {
    out.push('', 'messages', ...messages.map((m) => {
      const state = m.delivered_at ? `sent ${when(m.delivered_at)}` : `waiting (${m.attempts} attempt(s)${m.last_error ? `: ${m.last_error}` : ''})`;
      return `  ${messageWhat(m)}  ${state}`;
    }));
  }
  // Each entry is one line, whatever its values hold; the table escaped its own cells.
  return out.map((l) => (l === table ? l : escapeNonPrintable(l))).join('\n');
}

/** An order on invoice's payment in words: its state, what was received, the due date and purchase order. */
function invoiceWords(payment: InvoicePayment, total: number, now = Date.now()): string {
  const got = received(payment);
  const state = invoicePaymentState(payment, total, now).replace('_', ' ');
  return `on invoice, ${state}: ${euros(got)} received, ${euros(total - got)} left, due ${payment.due_at.slice(0, 10)}${payment.purchase_order ? `, purchase order ${payment.purchase_order}` : ''}${payment.transfers.length ? ` (transfers: ${payment.transfers.map((t) => `${euros(t.amount)} ${t.reference} ${t.received_at.slice(0, 10)}`).join('; ')})` : ''}`;
}

/** What JSON.stringify leaves as it is and a terminal would not print: DEL, C1 controls, format characters, line and paragraph separators. */
const RAW_IN_JSON = /[\u007f-\u009f\p{Cf}\u2028\u2029]/gu;

/**
 * `--json` output: JSON.stringify with indentation, every character a terminal would not print
 * written as a `\uXXXX` escape (RFC 8259 §7), so the text stays valid JSON with the same value.
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(RAW_IN_JSON, (c) => Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''));
}

/** What an outbox message is, e.g. "mail order_update (shipped)" or "webhook created"; never its content (a sealed code stays sealed). */
function messageWhat(m: OutboxMessage): string {
  const p = m.payload as { template?: string; event?: string };
  return m.kind === 'mail' ? `mail ${p.template}${p.event ? ` (${p.event})` : ''}` : `${m.kind} ${p.event ?? ''}`.trimEnd();
}

/** A message waiting in the outbox as the merchant reads it: no payload (it may hold a buyer's address or a sealed code). */
export interface WaitingMessage {
  id: number;
  /** e.g. "mail order_update (shipped)", "webhook created" */
  message: string;
  /** The order or checkout id it is about. */
  about: string;
  created_at: string;
  attempts: number;
  next_attempt_at?: string;
  last_error?: string;
}

/** The merchant's view of undelivered outbox messages. */
export function waitingMessages(messages: readonly OutboxMessage[]): WaitingMessage[] {
  return messages.map((m) => {
    const p = m.payload as { order_id?: string; checkout_id?: string };
    return {
      id: m.id, message: messageWhat(m), about: p.order_id ?? p.checkout_id ?? '', created_at: m.created_at, attempts: m.attempts,
      ...(m.next_attempt_at ? { next_attempt_at: m.next_attempt_at } : {}), ...(m.last_error ? { last_error: m.last_error } : {}),
    };
  });
}

/**
 * `outbox`: the messages not sent yet, oldest first, with what they are about (order or
 * checkout id), their attempts, the next attempt (UTC) and the last error.
 */
export function outboxTable(messages: readonly WaitingMessage[]): string {
  if (!messages.length) return 'Nothing is waiting: every e-mail and webhook has been sent.';
  return textTable(
    ['id', 'message', 'about', 'queued (UTC)', 'attempts', 'next (UTC)', 'last error'],
    messages.map((m) => [String(m.id), m.message, m.about, when(m.created_at), String(m.attempts), m.next_attempt_at ? when(m.next_attempt_at) : '', m.last_error ?? '']),
    [0, 4],
  );
}

/**
 * One row of the books: the amounts of one VAT rate of one document, in cents, negative for a
 * credit note (so that a period's rows sum to what it earned).
 */
export interface BookRow {
  number: string;
  type: 'invoice' | 'credit_note';
  issued_at: string;
  order: string;
  /** The invoice a credit note corrects. */
  invoice: string | null;
  buyer_name: string;
  buyer_vat_number: string | null;
  country: string;
  vat_regime: string;
  vat_rate: number;
  net: number;
  vat: number;
  /** The shipping part of `gross`. */
  shipping: number;
  gross: number;
}

/** The rows of the books of `documents`: one per document and VAT rate. */
export function bookRows(documents: readonly DocumentRecord[]): BookRow[] {
  return documents.flatMap(({ number, issued_at, data }) => {
    const sign = data.kind === 'credit_note' ? -1 : 1;
    return data.vat_groups.map((g) => ({
      number, type: data.kind, issued_at, order: data.order.label, invoice: data.credit?.invoice_number ?? null,
      buyer_name: data.buyer.name, buyer_vat_number: data.buyer.vat_number ?? null, country: data.country, vat_regime: data.regime, vat_rate: g.rate,
      net: sign * g.net, vat: sign * g.vat, shipping: sign * data.lines.filter((l) => l.kind === 'shipping' && l.vat_rate === g.rate).reduce((a, l) => a + l.gross, 0), gross: sign * g.gross,
    }));
  });
}

/** `invoices --csv`: the books' rows, amounts in cents. */
export function booksCsv(rows: readonly BookRow[]): string {
  return csv(
    ['number', 'type', 'issued_at', 'order', 'invoice', 'buyer_name', 'buyer_vat_number', 'country', 'vat_regime', 'vat_rate', 'net_cents', 'vat_cents', 'shipping_cents', 'gross_cents'],
    rows.map((r) => [r.number, r.type, r.issued_at, r.order, r.invoice, r.buyer_name, r.buyer_vat_number, r.country, r.vat_regime, r.vat_rate, r.net, r.vat, r.shipping, r.gross]),
  );
}

/** `invoices`: the books' rows, then their sums per country and VAT rate (what the VAT return declares) and in all. */
export function booksTable(rows: readonly BookRow[]): string {
  if (!rows.length) return 'No invoices or credit notes in this period.';
  const table = textTable(['number', 'issued (UTC)', 'order', 'country', 'VAT', 'net', 'VAT amount', 'shipping', 'gross', 'buyer'],
    rows.map((r) => [r.number, when(r.issued_at), r.order, r.country, `${r.vat_rate} %`, euros(r.net), euros(r.vat), euros(r.shipping), euros(r.gross), r.buyer_name]), [4, 5, 6, 7, 8]);
  const sums = new Map<string, { country: string; rate: number; regime: string; net: number; vat: number; gross: number }>();
  for (const r of rows) {
    const key = `${r.country} ${r.vat_rate} ${r.vat_regime}`;
    const sum = sums.get(key) ?? { country: r.country, rate: r.vat_rate, regime: r.vat_regime, net: 0, vat: 0, gross: 0 };
    sum.net += r.net; sum.vat += r.vat; sum.gross += r.gross;
    sums.set(key, sum);
  }
  const all = rows.reduce((a, r) => ({ net: a.net + r.net, vat: a.vat + r.vat, gross: a.gross + r.gross }), { net: 0, vat: 0, gross: 0 });
  const totals = textTable(['country', 'VAT', 'regime', 'net', 'VAT amount', 'gross'],
    [...[...sums.values()].sort((a, b) => a.country.localeCompare(b.country) || a.rate - b.rate).map((s) => [s.country, `${s.rate} %`, s.regime, euros(s.net), euros(s.vat), euros(s.gross)]),
      ['all', '', '', euros(all.net), euros(all.vat), euros(all.gross)]], [1, 3, 4, 5]);
  return `${table}\n\nby country and VAT rate\n${totals}`;
}
