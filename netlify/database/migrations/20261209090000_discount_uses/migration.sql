-- Uses of discount offers (content/discounts, src/commerce/discounts.ts; issue 38 "Usage limits
-- hold under races"): a use is taken in the transaction that claims the checkout for its order
-- (src/checkout/complete.ts) and given back when that payment is undone or the order canceled.
-- - discount_counts: the uses of each offer, raised only while below its cap by an upsert that
--   locks the row, so racing completions take at most `cap` uses.
-- - discount_uses: which order used which offer, for which buyer (lower-case e-mail); an offer of
--   one use per buyer (`once`) takes a buyer at most once.
CREATE TABLE discount_counts (
  offer text    PRIMARY KEY,
  used  integer NOT NULL CHECK (used >= 0),
  cap   integer NOT NULL CHECK (cap > 0)
);

CREATE TABLE discount_uses (
  offer    text        NOT NULL,
  order_id text        NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  buyer    text        NOT NULL,
  once     boolean     NOT NULL,
  used_at  timestamptz NOT NULL,
  PRIMARY KEY (offer, order_id)
);
CREATE UNIQUE INDEX discount_once_per_buyer ON discount_uses (offer, buyer) WHERE once;
CREATE INDEX discount_uses_of_buyer ON discount_uses (buyer);
