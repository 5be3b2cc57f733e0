-- Dynamic state of the store (docs/decisions.md "Dynamic data in Netlify Database"): carts,
-- checkouts with the buyer's approval, orders and their lines, charges, stock sold per variant
-- and count date, idempotency records, rate-limit windows and the outbox of outgoing messages.
-- Documents that are only ever read whole (what the buyer chose, the order as approved) are
-- jsonb; everything a rule or a query depends on is a column with a constraint.
-- Applied in tests by src/state/migrate.ts, locally by `netlify database migrations apply`,
-- and by Netlify on deploy. Never edit this file once applied: add a new migration.

-- Units sold per tracked variant since its stock count (content/products/*.yaml
-- `inventory: {quantity, counted_at, policy}`). A new count date starts a new row at 0.
CREATE TABLE stock_levels (
  variant_id  bigint  NOT NULL,
  counted_at  text    NOT NULL,
  counted     integer NOT NULL CHECK (counted >= 0),
  policy      text    NOT NULL CHECK (policy IN ('deny', 'continue')),
  sold        integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
  PRIMARY KEY (variant_id, counted_at),
  -- A `deny` variant is never sold beyond what was counted.
  CONSTRAINT stock_levels_deny_never_oversold CHECK (policy = 'continue' OR sold <= counted)
);

CREATE TABLE carts (
  id          text        PRIMARY KEY CHECK (id ~ '^cart_[A-Za-z0-9_-]{32}$'),
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  -- {lines: [{variant_id, quantity}], context?, buyer?}
  data        jsonb       NOT NULL
);
CREATE INDEX carts_expires_at ON carts (expires_at);

CREATE TABLE checkouts (
  id           text        PRIMARY KEY CHECK (id ~ '^chk_[A-Za-z0-9_-]{32}$'),
  -- Platform profile URL that created it, or 'anonymous': other platforms read it as not found.
  platform     text        NOT NULL,
  state        text        NOT NULL CHECK (state IN ('open', 'completing', 'completed', 'canceled')),
  cart_id      text,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  -- {lines, context?, buyer?, address?, option_id?, approval_secret, escalation?}
  data         jsonb       NOT NULL,
  -- The buyer's approval: hash of the approved terms and when (src/commerce/approval.ts).
  approved_terms_hash text,
  approved_at  timestamptz,
  -- complete_checkout in progress: the order it is writing and since when (crash recovery).
  completing_order_id text,
  completing_since    timestamptz,
  order_id     text UNIQUE,
  completed_at timestamptz,
  canceled_at  timestamptz,
  CONSTRAINT checkouts_approval_whole CHECK ((approved_terms_hash IS NULL) = (approved_at IS NULL)),
  CONSTRAINT checkouts_completing_has_order CHECK ((state = 'completing') = (completing_order_id IS NOT NULL AND completing_since IS NOT NULL)),
  CONSTRAINT checkouts_completed_has_order CHECK ((state = 'completed') = (order_id IS NOT NULL))
);
CREATE INDEX checkouts_cart ON checkouts (cart_id, created_at) WHERE cart_id IS NOT NULL;
CREATE INDEX checkouts_completing ON checkouts (completing_since) WHERE state = 'completing';

CREATE TABLE orders (
  id          text        PRIMARY KEY CHECK (id ~ '^ord_[A-Za-z0-9_-]{32}$'),
  label       text        NOT NULL UNIQUE,
  checkout_id text        NOT NULL REFERENCES checkouts (id),
  platform    text        NOT NULL,
  status      text        NOT NULL CHECK (status IN ('pending_payment', 'processing', 'voided')),
  locale      text        NOT NULL,
  currency    text        NOT NULL,
  -- Grand total, VAT included, in minor units (cents).
  total       integer     NOT NULL CHECK (total >= 0),
  buyer_email text,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  -- {checkout (snapshot as approved), destination, shipping, digital_line_ids, backordered, events, secret}
  data        jsonb       NOT NULL
);
-- One order per checkout: a voided attempt (declined payment, crash before the charge) stays as a record.
CREATE UNIQUE INDEX orders_one_per_checkout ON orders (checkout_id) WHERE status <> 'voided';
CREATE INDEX orders_created_at ON orders (created_at);

CREATE TABLE order_lines (
  order_id    text    NOT NULL REFERENCES orders (id),
  line_id     text    NOT NULL,
  variant_id  bigint  NOT NULL,
  title       text    NOT NULL,
  quantity    integer NOT NULL CHECK (quantity > 0),
  -- Unit price and line total, VAT included, in cents.
  unit_price  integer NOT NULL CHECK (unit_price >= 0),
  total       integer NOT NULL CHECK (total >= 0),
  backordered integer NOT NULL DEFAULT 0 CHECK (backordered >= 0 AND backordered <= quantity),
  PRIMARY KEY (order_id, line_id)
);

-- Stock taken by an order, per stock row: given back when the order is voided. Written in the
-- order's transaction before the order row (the order needs the backorder counts), hence the
-- deferred reference.
CREATE TABLE stock_movements (
  order_id    text    NOT NULL REFERENCES orders (id) DEFERRABLE INITIALLY DEFERRED,
  variant_id  bigint  NOT NULL,
  counted_at  text    NOT NULL,
  quantity    integer NOT NULL CHECK (quantity > 0),
  released_at timestamptz,
  PRIMARY KEY (order_id, variant_id, counted_at),
  FOREIGN KEY (variant_id, counted_at) REFERENCES stock_levels (variant_id, counted_at)
);

-- Payments captured by the payment handler: at most one per order.
CREATE TABLE charges (
  order_id    text        PRIMARY KEY REFERENCES orders (id),
  amount      integer     NOT NULL CHECK (amount >= 0),
  currency    text        NOT NULL,
  handler     text        NOT NULL,
  -- {brand?, last_digits?}: never a credential.
  display     jsonb       NOT NULL,
  captured_at timestamptz NOT NULL
);

-- Idempotency keys (docs/agent-commerce.md "Idempotency"): one record per platform + tool + key, kept 24 h.
CREATE TABLE idempotency_records (
  platform    text        NOT NULL,
  tool        text        NOT NULL,
  key         text        NOT NULL,
  -- SHA-256 of the canonical JSON of the arguments (without meta).
  fingerprint text        NOT NULL,
  state       text        NOT NULL CHECK (state IN ('pending', 'done')),
  -- json, not jsonb: a replay must be byte-identical to the first response (jsonb reorders keys).
  response    json,
  started_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  PRIMARY KEY (platform, tool, key),
  CONSTRAINT idempotency_done_has_response CHECK ((state = 'done') = (response IS NOT NULL))
);
CREATE INDEX idempotency_records_expires_at ON idempotency_records (expires_at);

-- Fixed rate-limit windows per client IP (src/http/rate-limit.ts).
CREATE TABLE rate_limit_windows (
  client       text        NOT NULL,
  window_start timestamptz NOT NULL,
  hits         integer     NOT NULL CHECK (hits > 0),
  PRIMARY KEY (client, window_start)
);
CREATE INDEX rate_limit_windows_start ON rate_limit_windows (window_start);

-- Outgoing messages (e-mails, webhooks), written in the transaction of the change they report
-- and delivered after it, retried with backoff until delivered.
CREATE TABLE outbox (
  id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind            text        NOT NULL,
  -- The same event is never queued twice.
  dedupe_key      text        NOT NULL UNIQUE,
  payload         jsonb       NOT NULL,
  created_at      timestamptz NOT NULL,
  attempts        integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL,
  delivered_at    timestamptz,
  last_error      text
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL;

-- Keys the service creates for itself when the environment gives none (URL secrets).
CREATE TABLE service_keys (
  name  text PRIMARY KEY,
  value text NOT NULL
);
