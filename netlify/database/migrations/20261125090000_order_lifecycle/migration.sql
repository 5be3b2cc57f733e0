-- Orders after payment (docs/decisions.md "Orders live on after payment"): the merchant ships
-- (partially or whole), marks deliveries, cancels before anything shipped and refunds. The
-- fulfillment events and adjustments the buyer and the platform read stay in `orders.data`
-- (UCP documents, read whole); the rules they obey are columns with constraints here, so no
-- code path can ship more than was ordered or refund more than was captured.

-- Lifecycle of a paid order: `processing` (nothing shipped yet), `partially_shipped`,
-- `shipped` (every unit to ship has left), `delivered`, `canceled` (before anything shipped).
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('pending_payment', 'processing', 'partially_shipped', 'shipped', 'delivered', 'canceled', 'voided'));
CREATE INDEX orders_status_created_at ON orders (status, created_at);

-- Units handed to a carrier and units delivered, per line: never more than ordered, never
-- delivered before shipped.
ALTER TABLE order_lines ADD COLUMN shipped integer NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN delivered integer NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD CONSTRAINT order_lines_shipped_within_quantity CHECK (shipped >= 0 AND shipped <= quantity);
ALTER TABLE order_lines ADD CONSTRAINT order_lines_delivered_within_shipped CHECK (delivered >= 0 AND delivered <= shipped);

-- What the payment handler gave back of a charge, in cents: never more than it captured.
ALTER TABLE charges ADD COLUMN refunded integer NOT NULL DEFAULT 0;
ALTER TABLE charges ADD CONSTRAINT charges_refunded_within_amount CHECK (refunded >= 0 AND refunded <= amount);

-- One row per refund the payment handler made (a cancellation's refund included).
CREATE TABLE refunds (
  id          text        PRIMARY KEY,
  order_id    text        NOT NULL REFERENCES charges (order_id),
  -- Cents given back, > 0.
  amount      integer     NOT NULL CHECK (amount > 0),
  reason      text        NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX refunds_order ON refunds (order_id, created_at);
