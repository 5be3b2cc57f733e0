/**
 * Invoices and credit notes as the store issues and keeps them (docs/decisions.md "Every sale
 * has a document"): everything French law asks an invoice to show (CGI annex II art. 242 nonies A,
 * Code de commerce L441-9; ../shared/docs/business.md "Invoices"), as codes and amounts in cents,
 * never sentences: the words are chosen when a document is shown, in its language
 * (src/documents/render/). Once issued a document never changes (the database refuses it):
 * a refund is a credit note that refers to its invoice.
 */
import type { Address } from './address';
import type { AppliedDiscount } from './discounts';

export type DocumentKind = 'invoice' | 'credit_note';

/**
 * Why VAT is charged as it is: `france` (French VAT, a sale in France), `oss` (the destination
 * country's VAT: an intra-EU distance sale, CGI art. 258 A, declared through the One-Stop Shop),
 * `export` (no VAT: goods leaving the EU, CGI art. 262 I), `intra_eu` (no VAT on goods sent to a
 * business of another member state with a VIES-valid number, CGI art. 262 ter I; its other lines
 * at French VAT).
 */
export type VatRegime = 'france' | 'oss' | 'export' | 'intra_eu';

/** The seller, as content/store.yaml `seller` and `legal_name` name it when the document is issued. */
export interface DocumentSeller {
  name: string;
  legal_form: string;
  registration: string;
  siren: string;
  vat_number: string;
  address: Address;
  email: string;
}

/** The buyer: the name and address of the order; for an organisation (a business account), its legal name and VAT number. */
export interface DocumentBuyer {
  name: string;
  email?: string;
  address: Address;
  vat_number?: string;
  /** True when the order was placed for an approved business account: the invoice is between professionals (Code de commerce L441-10). */
  organisation?: boolean;
}

/**
 * One line of a document. Amounts in cents; `net` + `vat` = `gross`; `unit_net` is the unit price
 * excluding VAT, rounded to the cent (the line's `net` is exact: lines of one rate share the
 * rate's net by largest remainder, so they sum to it).
 */
export interface DocumentLine {
  kind: 'item' | 'shipping' | 'refund';
  /** The order line (`li_<variant id>`), for items. */
  line_id?: string;
  /** In the order's language, as the buyer saw it; the shipping method's title for shipping. */
  description: string;
  quantity: number;
  unit_net: number;
  vat_rate: number;
  net: number;
  vat: number;
  gross: number;
}

/** The amounts of one VAT rate (EN 16931 BG-23): `net` × rate ≈ `vat`, `net` + `vat` = `gross`. */
export interface VatGroup {
  rate: number;
  net: number;
  vat: number;
  gross: number;
}

/**
 * How the money moved: a card payment (brand and last 4 digits, never more) or its refund; none
 * when discounts covered the whole total; or,
 * for an order on invoice, the bank transfer asked for: its due date, the store's account and
 * the reference to quote (src/commerce/payment-terms.ts).
 */
export type DocumentPayment =
  | {
      method: 'card';
      brand?: string;
      last_digits?: string;
      /** ISO 8601. */
      at: string;
    }
  | {
      /** Nothing to pay: the discounts covered the whole total (src/commerce/payment-terms.ts `NOTHING_DUE_HANDLER_ID`). */
      method: 'none';
      /** ISO 8601: when the order was placed. */
      at: string;
    }
  | {
      method: 'bank_transfer';
      /** ISO 8601. */
      due_at: string;
      iban: string;
      bic: string;
      reference: string;
      purchase_order: string | null;
      /** ISO 8601: the invoice's date (a credit note's: its own). */
      at: string;
    };

/**
 * A rebate granted on the sale a document shows (CGI annex II art. 242 nonies A, I-8°: an invoice
 * states the rebates granted on the sale): the offer's titles by locale (shown in the document's,
 * French when it has none), its code, and the cents it took off (VAT included). The document's
 * lines are already at what was charged, after it: it explains them, it is not subtracted again.
 */
export interface DocumentDiscount {
  title: AppliedDiscount['title'];
  /** Null for an automatic offer. */
  code: string | null;
  /** Cents, > 0. */
  amount: number;
}

/** What a document holds besides its number and issue date (the columns of src/state/documents.ts). */
export interface DocumentData {
  kind: DocumentKind;
  /** The order's locale: the language the document is shown in. */
  locale: string;
  currency: string;
  order: { id: string; label: string; created_at: string };
  seller: DocumentSeller;
  buyer: DocumentBuyer;
  regime: VatRegime;
  /** The destination country (ISO 3166-1 alpha-2). */
  country: string;
  lines: DocumentLine[];
  vat_groups: VatGroup[];
  totals: { net: number; vat: number; gross: number };
  /** The rebates granted on its lines and shipping, in the order applied; absent without any (and on documents issued before discounts). */
  discounts?: DocumentDiscount[];
  payment: DocumentPayment;
  /** A credit note's invoice, the refund it documents (if any) and the order's adjustment that tells it (`adjustments[].id`). */
  credit?: {
    invoice_id: string; invoice_number: string; invoice_issued_at: string;
    /** The refund, or null for the cancellation of an order on invoice never paid (no money went back). */
    refund_id: string | null;
    reason: string; adjustment_id: string;
  };
}

/** An issued document. */
export interface DocumentRecord {
  /** `doc_` + 16 random bytes, base64url: the capability in a document's URL, beside the order's secret. */
  id: string;
  /** `FA-2026-000123` (invoices) or `AV-2026-000045` (credit notes). */
  number: string;
  /** ISO 8601. */
  issued_at: string;
  data: DocumentData;
}
