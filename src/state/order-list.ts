/**
 * The merchant's view of many orders (src/merchant/): paid orders filtered by status and date,
 * with what was paid, refunded and shipped, in one query. Orders still being completed and
 * voided attempts are never listed: they were never paid.
 */
import { type Total, storedTotalLines } from '../commerce/totals';
import { at, iso, type Queryable } from './db';
import { PAID_STATUSES, type PaidOrderStatus } from '../commerce/fulfillment';
import type { AppliedDiscount } from '../commerce/discounts';
import { NOTHING_DUE_HANDLER_ID } from '../commerce/payment-terms';

export interface OrderSummary {
  id: string;
  label: string;
  status: PaidOrderStatus;
  /** ISO 8601. */
  created_at: string;
  locale: string;
  currency: string;
  /** Grand total, VAT included, cents. */
  total: number;
  /** Cents refunded so far. */
  refunded: number;
  buyer_email: string | null;
  /** ISO 3166 country of the delivery address. */
  country: string | null;
  /** Units ordered, shipped and delivered over all lines. */
  units: number;
  shipped: number;
  delivered: number;
  /**
   * The total without VAT and its VAT over all rates, cents; the VAT rate in percent (0: export
   * or intra-EU supply), or `mixed` when the order's lines bear several (its invoice splits them).
   */
  net: number;
  vat: number;
  vat_rate: number | 'mixed';
  /** Shipping paid, VAT included, cents. */
  shipping: number;
  /** The organisation ordered for (a business account), else the recipient's name. */
  buyer_name: string;
  /** The shipping option's title, or null when nothing ships. */
  shipping_method: string | null;
  /** `card` with its brand (`card visa`), `bank transfer` for an order on invoice terms, `nothing due` when discounts covered it all, or null before payment. */
  payment_method: string | null;
  /** Cents the order's discounts took off (≥ 0; the `total` is after them). */
  discount: number;
  /** The discounts applied, in the order applied: each one's code, or its handle for an automatic offer. */
  discount_codes: string[];
}

export interface OrderFilter {
  status?: PaidOrderStatus;
  /** Created at or after, epoch ms. */
  since?: number;
  /** Created before, epoch ms. */
  until?: number;
  /** Most rows (default 1000). */
  limit?: number;
}

interface Row extends Omit<OrderSummary, 'created_at' | 'units' | 'shipped' | 'delivered' | 'refunded' | 'net' | 'vat' | 'vat_rate' | 'shipping' | 'buyer_name' | 'payment_method' | 'discount' | 'discount_codes'> {
  created_at: Date;
  totals: Total[];
  discounts: Array<Pick<AppliedDiscount, 'handle' | 'code' | 'amount'>> | null;
  first_name: string | null;
  last_name: string | null;
  card_brand: string | null;
  charged: boolean;
  nothing_due: boolean | null;
  organisation: string | null;
  on_invoice: boolean;
  units: string;
  shipped: string;
  delivered: string;
  refunded: number | null;
}

/**
 * Paid orders, newest first.
 * @throws StateError when the database fails
 */
export async function listOrders(q: Queryable, filter: OrderFilter = {}): Promise<OrderSummary[]> {
  const { rows } = await q.query<Row>(
    `SELECT o.id, o.label, o.status, o.created_at, o.locale, o.currency, o.total, o.buyer_email,
            o.data -> 'destination' ->> 'address_country' AS country, c.refunded, o.data -> 'totals' AS totals,
            o.data -> 'destination' ->> 'first_name' AS first_name, o.data -> 'destination' ->> 'last_name' AS last_name,
            o.data -> 'shipping' ->> 'title' AS shipping_method, c.display ->> 'brand' AS card_brand, c.order_id IS NOT NULL AS charged, c.handler = $5 AS nothing_due,
            o.data -> 'business' ->> 'legal_name' AS organisation, o.data ? 'invoice_payment' AS on_invoice, o.data -> 'discounts' AS discounts,
            coalesce(sum(l.quantity), 0) AS units, coalesce(sum(l.shipped), 0) AS shipped, coalesce(sum(l.delivered), 0) AS delivered
     FROM orders o
     LEFT JOIN order_lines l ON l.order_id = o.id
     LEFT JOIN charges c ON c.order_id = o.id
     WHERE o.status = ANY($1::text[]) AND ($2::timestamptz IS NULL OR o.created_at >= $2) AND ($3::timestamptz IS NULL OR o.created_at < $3)
     GROUP BY o.id, c.order_id
     ORDER BY o.created_at DESC, o.id
     LIMIT $4`,
    [filter.status ? [filter.status] : [...PAID_STATUSES], filter.since === undefined ? null : at(filter.since), filter.until === undefined ? null : at(filter.until), filter.limit ?? 1000, NOTHING_DUE_HANDLER_ID],
  );
  return rows.map(({ totals, first_name, last_name, card_brand, charged, nothing_due, organisation, on_invoice, discounts, ...r }) => {
    const vatLines = storedTotalLines(totals.find((t) => t.type === 'total')?.lines ?? []).filter((l) => l.kind === 'vat');
    const vat = vatLines.reduce((sum, l) => sum + l.amount, 0);
    const rates = [...new Set(vatLines.map((l) => l.rate))];
    return {
      ...r, created_at: iso(r.created_at), refunded: r.refunded ?? 0, units: Number(r.units), shipped: Number(r.shipped), delivered: Number(r.delivered),
      net: r.total - vat, vat, vat_rate: rates.length > 1 ? 'mixed' : (rates[0] ?? 0), shipping: totals.find((t) => t.type === 'fulfillment')?.amount ?? 0,
      buyer_name: organisation ?? [first_name, last_name].filter(Boolean).join(' '), shipping_method: r.shipping_method ?? null,
      payment_method: nothing_due ? 'nothing due' : charged ? ['card', card_brand].filter(Boolean).join(' ') : on_invoice ? 'bank transfer' : null,
      discount: (discounts ?? []).reduce((sum, d) => sum + d.amount, 0), discount_codes: (discounts ?? []).map((d) => d.code ?? d.handle),
    };
  });
}
