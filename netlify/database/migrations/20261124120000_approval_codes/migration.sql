-- One-time codes that prove the buyer approved a payment (docs/agent-commerce.md "Buyer approval":
-- no payment without the buyer's explicit approval at the time of payment). A code is sent to
-- the checkout's buyer e-mail and bound to the exact terms it was sent for; only an HMAC of it
-- is stored (src/commerce/approval-code.ts), never the code itself.
CREATE TABLE approval_codes (
  id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  checkout_id     text        NOT NULL REFERENCES checkouts (id) ON DELETE CASCADE,
  -- SHA-256 of the lower-cased address the code went to: counts sends per address without keeping it twice.
  email_digest    text        NOT NULL,
  terms_hash      text        NOT NULL,
  code_digest     text        NOT NULL,
  created_at      timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  failed_attempts integer     NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  -- Set when the code approved the checkout, or when a newer code replaced it.
  closed_at       timestamptz,
  CONSTRAINT approval_codes_expiry_after_creation CHECK (expires_at > created_at)
);
-- At most one code per checkout can be used: the newest open one.
CREATE UNIQUE INDEX approval_codes_one_open ON approval_codes (checkout_id) WHERE closed_at IS NULL;
CREATE INDEX approval_codes_checkout_sent ON approval_codes (checkout_id, created_at);
CREATE INDEX approval_codes_address_sent ON approval_codes (email_digest, created_at);
