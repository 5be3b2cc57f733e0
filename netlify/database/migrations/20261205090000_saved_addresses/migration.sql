-- Saved delivery addresses of accounts (src/checkout/saved-addresses.ts): the address of each
-- order placed signed in, once per account (`fingerprint`: the normalised address), offered at
-- the next checkout and deleted by the account holder. Deleting the account deletes them.
CREATE TABLE saved_addresses (
  id           text        PRIMARY KEY,
  user_id      text        NOT NULL REFERENCES "auth_user" ("id") ON DELETE CASCADE,
  address      jsonb       NOT NULL,
  fingerprint  text        NOT NULL,
  used_at      timestamptz NOT NULL,
  UNIQUE (user_id, fingerprint)
);
CREATE INDEX saved_addresses_recent ON saved_addresses (user_id, used_at DESC);
