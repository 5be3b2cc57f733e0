-- Invoices and credit notes (src/documents/, src/state/documents.ts). French law (CGI annex II
-- art. 242 nonies A) wants one continuous chronological numbering, never reused or skipped, and
-- an invoice that is never edited once issued: corrections are credit notes.
-- - document_sequences: one row per series (`FA` invoices, `AV` credit notes) and year. A
--   document takes its number by raising `last_number` in the transaction that inserts it: the
--   row lock orders concurrent issuers, and a rolled-back transaction gives its number back, so
--   the numbers of a year are 1, 2, 3, … with no gap.
-- - documents: the issued documents, `data` the document as issued (seller, buyer, lines,
--   totals per VAT rate, payment; amounts in cents, words chosen when shown). A trigger refuses
--   every UPDATE and DELETE. One invoice per order; one credit note per refund.

CREATE TABLE document_sequences (
  series text NOT NULL CHECK (series IN ('FA', 'AV')),
  year integer NOT NULL CHECK (year BETWEEN 2000 AND 9999),
  last_number integer NOT NULL CHECK (last_number > 0),
  PRIMARY KEY (series, year)
);

CREATE TABLE documents (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
  series text NOT NULL,
  year integer NOT NULL,
  seq integer NOT NULL CHECK (seq > 0),
  number text NOT NULL UNIQUE,
  order_id text NOT NULL REFERENCES orders (id),
  -- A credit note's invoice, and the refund it documents.
  invoice_id text REFERENCES documents (id),
  refund_id text UNIQUE REFERENCES refunds (id),
  issued_at timestamptz NOT NULL,
  -- Gross amount in cents: positive on an invoice, the amount given back on a credit note.
  gross integer NOT NULL CHECK (gross >= 0),
  data jsonb NOT NULL,
  UNIQUE (series, year, seq),
  CHECK ((kind = 'invoice') = (series = 'FA')),
  CHECK ((kind = 'credit_note') = (invoice_id IS NOT NULL))
);

CREATE UNIQUE INDEX documents_one_invoice_per_order ON documents (order_id) WHERE kind = 'invoice';
CREATE INDEX documents_by_order ON documents (order_id, issued_at);
CREATE INDEX documents_by_date ON documents (issued_at);

CREATE FUNCTION documents_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'document % is issued and cannot be changed: issue a credit note', OLD.number
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;

CREATE TRIGGER documents_immutable BEFORE UPDATE OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_are_immutable();
