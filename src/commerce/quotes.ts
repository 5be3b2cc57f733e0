/**
 * Quotes of business accounts (docs/decisions.md "A quote fixes the catalogue's prices for 30
 * days"; spec: "professional and school orders go through a business account", the business
 * page's promise of quotes valid 30 days). A quote fixes what the catalogue said on its day —
 * each line's unit price as written in content (VAT included, the price every destination is
 * priced from) and the shipping option's price — for its destination and its organisation. A
 * checkout ordering at the quote's prices is still priced by the pricing pipeline: VAT is the
 * one of the day of the sale, on the quoted prices (a quote never changes which rate applies).
 * A quote makes at most one order, before it expires.
 */
import type { Address } from './address';
import type { DocumentData } from './documents';

/** How long a quote holds, in days (the business page's promise). */
export const QUOTE_VALIDITY_DAYS = 30;

/** What a quote fixes: the catalogue's prices of its day, in cents. */
export interface QuoteTerms {
  /** Each line: the variant, its units and its unit price as content wrote it that day (VAT included, cents). */
  lines: Array<{ variant_id: number; quantity: number; price: number }>;
  /** The shipping option and its price as content wrote it that day (cents, before the buyer's VAT status); null when nothing ships. */
  shipping: { option_id: string; price: number } | null;
  /** The delivery address the quote was priced for. */
  address: Address;
  /** The locale of the page it was made on: the language it is shown in. */
  locale: string;
}

/** A quote as shown: the words of a document (src/commerce/documents.ts), numbered `DV-2026-000001`. */
export type QuoteData = Omit<DocumentData, 'kind' | 'payment' | 'credit'> & { kind: 'quote' };

export interface QuoteRecord {
  /** `qt_` + 16 random bytes, base64url. */
  id: string;
  number: string;
  /** The business account (src/state/business-accounts.ts) whose members may see it and order at its prices. */
  business_account_id: string;
  /** The authentication library's user id of the member who asked for it. */
  created_by: string;
  /** ISO 8601. */
  issued_at: string;
  valid_until: string;
  terms: QuoteTerms;
  data: QuoteData;
  /** The order placed at its prices, once. */
  order_id: string | null;
  accepted_at: string | null;
}

/** Where a quote stands for its account at `now`: open, ordered, or expired. */
export type QuoteStatus = 'open' | 'ordered' | 'expired';

/** The status of `quote` at `now` (epoch ms). */
export function quoteStatus(quote: Pick<QuoteRecord, 'order_id' | 'valid_until'>, now: number): QuoteStatus {
  if (quote.order_id) return 'ordered';
  return Date.parse(quote.valid_until) > now ? 'open' : 'expired';
}

/** When a quote issued at `issuedAt` (epoch ms) stops holding: `QUOTE_VALIDITY_DAYS` later, epoch ms. */
export function quoteValidUntil(issuedAt: number): number {
  return issuedAt + QUOTE_VALIDITY_DAYS * 86_400_000;
}

/** True when two sets of lines hold the same variants in the same units, in any order. */
export function sameLines(a: ReadonlyArray<{ variant_id: number; quantity: number }>, b: ReadonlyArray<{ variant_id: number; quantity: number }>): boolean {
  const key = (lines: typeof a) => lines.map((l) => `${l.variant_id}×${l.quantity}`).sort().join(',');
  return key(a) === key(b);
}

/**
 * Why the quote a checkout names does not price it, or null when it does: `expired`, `ordered`
 * (it made an order already), `account` (the buyer is not a member of the quote's business),
 * `lines` (the checkout's lines are not the quote's, variant by variant and unit by unit),
 * `country` (the delivery goes to another country than the quote's).
 */
export function quoteMismatch(
  quote: Pick<QuoteRecord, 'order_id' | 'valid_until' | 'business_account_id' | 'terms'>,
  checkout: { businessAccountId: string | null; lines: ReadonlyArray<{ variant_id: number; quantity: number }>; country: string | undefined },
  now: number,
): 'expired' | 'ordered' | 'account' | 'lines' | 'country' | null {
  const status = quoteStatus(quote, now);
  if (status !== 'open') return status;
  if (checkout.businessAccountId !== quote.business_account_id) return 'account';
  if (!sameLines(checkout.lines, quote.terms.lines)) return 'lines';
  if (checkout.country && checkout.country !== quote.terms.address.address_country) return 'country';
  return null;
}
