-- Business accounts (docs/decisions.md "The store knows people"; src/accounts/business.ts): an
-- organisation's application, the merchant's decision and the terms it buys on. The person who
-- applied is an account (auth_user); on approval the store opens the organisation in the
-- authentication library (auth_organization, the applicant its owner) and links it here.
-- `details` holds what the application said (src/accounts/business.ts `BusinessDetails`),
-- `vat_check` what VIES answered and when, `terms` the terms granted.
CREATE TABLE business_accounts (
  id               text        PRIMARY KEY,
  user_id          text        NOT NULL REFERENCES "auth_user" ("id") ON DELETE CASCADE,
  organization_id  text        UNIQUE REFERENCES "auth_organization" ("id") ON DELETE SET NULL,
  status           text        NOT NULL CHECK (status IN ('awaiting_vies', 'pending', 'approved', 'refused')),
  kind             text        NOT NULL CHECK (kind IN ('company', 'school', 'public_body', 'association')),
  legal_name       text        NOT NULL,
  country          text        NOT NULL,
  locale           text        NOT NULL,
  details          jsonb       NOT NULL,
  vat_check        jsonb,
  terms            jsonb,
  decision_note    text,
  created_at       timestamptz NOT NULL,
  decided_at       timestamptz
);
-- A person has at most one application under way or granted: a refused one may be followed by another.
CREATE UNIQUE INDEX business_accounts_one_per_user ON business_accounts (user_id) WHERE status <> 'refused';
CREATE INDEX business_accounts_status ON business_accounts (status, created_at);
