-- Quotes of business accounts (src/checkout/quotes.ts, docs/decisions.md "A quote fixes the
-- catalogue's prices for 30 days"):
-- - document_sequences gains the series `DV` (devis): a quote takes the next number of its year
--   in the transaction that inserts it, as invoices do, so quote numbers have no gap either.
-- - quotes: `terms` what the quote fixes (lines with the catalogue's unit prices of the day, the
--   shipping option and its price, the destination), `data` the quote as shown (seller, buyer,
--   lines, VAT per rate, totals; as documents.data). `order_id` is set once, in the transaction
--   that claims the checkout ordering at the quote's prices, and given back if that payment is
--   undone: a quote makes at most one order.
ALTER TABLE document_sequences DROP CONSTRAINT document_sequences_series_check;
ALTER TABLE document_sequences ADD CONSTRAINT document_sequences_series_check CHECK (series IN ('FA', 'AV', 'DV'));

CREATE TABLE quotes (
  id                  text        PRIMARY KEY,
  number              text        NOT NULL UNIQUE,
  business_account_id text        NOT NULL REFERENCES business_accounts (id) ON DELETE CASCADE,
  created_by          text        NOT NULL,
  issued_at           timestamptz NOT NULL,
  valid_until         timestamptz NOT NULL,
  gross               integer     NOT NULL CHECK (gross >= 0),
  terms               jsonb       NOT NULL,
  data                jsonb       NOT NULL,
  order_id            text        UNIQUE REFERENCES orders (id),
  accepted_at         timestamptz,
  CHECK (valid_until > issued_at),
  CHECK ((order_id IS NULL) = (accepted_at IS NULL))
);
CREATE INDEX quotes_of_account ON quotes (business_account_id, issued_at DESC);
