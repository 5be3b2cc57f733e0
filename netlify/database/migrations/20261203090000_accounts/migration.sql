-- Accounts (docs/decisions.md "The store knows people"): people who sign in with an e-mailed
-- one-time code, and organisations with their members. The auth_* tables are the schema of the
-- authentication library (better-auth 1.7: core tables, email-otp and organization plugins;
-- src/accounts/auth.ts), as its migration generator writes them for these options;
-- tests/accounts.test.ts fails when the library expects another schema. Then the store's own:
-- the sends of sign-in codes, counted per address (src/accounts/sign-in-code.ts).
create table "auth_user" ("id" text not null primary key, "name" text not null, "email" text not null unique, "emailVerified" boolean not null, "image" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz default CURRENT_TIMESTAMP not null);
create table "auth_session" ("id" text not null primary key, "expiresAt" timestamptz not null, "token" text not null unique, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null, "ipAddress" text, "userAgent" text, "userId" text not null references "auth_user" ("id") on delete cascade, "activeOrganizationId" text);
create table "auth_account" ("id" text not null primary key, "accountId" text not null, "providerId" text not null, "userId" text not null references "auth_user" ("id") on delete cascade, "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" timestamptz, "refreshTokenExpiresAt" timestamptz, "scope" text, "password" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null);
create table "auth_verification" ("id" text not null primary key, "identifier" text not null, "value" text not null, "expiresAt" timestamptz not null, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz default CURRENT_TIMESTAMP not null);
create table "auth_organization" ("id" text not null primary key, "name" text not null, "slug" text not null unique, "logo" text, "createdAt" timestamptz not null, "metadata" text);
create table "auth_member" ("id" text not null primary key, "organizationId" text not null references "auth_organization" ("id") on delete cascade, "userId" text not null references "auth_user" ("id") on delete cascade, "role" text not null, "createdAt" timestamptz not null);
create table "auth_invitation" ("id" text not null primary key, "organizationId" text not null references "auth_organization" ("id") on delete cascade, "email" text not null, "role" text, "status" text not null, "expiresAt" timestamptz not null, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "inviterId" text not null references "auth_user" ("id") on delete cascade);
create index "auth_session_userId_idx" on "auth_session" ("userId");
create index "auth_account_userId_idx" on "auth_account" ("userId");
create index "auth_verification_identifier_idx" on "auth_verification" ("identifier");
create index "auth_member_organizationId_idx" on "auth_member" ("organizationId");
create index "auth_member_userId_idx" on "auth_member" ("userId");
create index "auth_invitation_organizationId_idx" on "auth_invitation" ("organizationId");
create index "auth_invitation_email_idx" on "auth_invitation" ("email");
-- One row per sign-in code sent: the per-address limit counts them (5 per hour), by the
-- SHA-256 of the normalised address, never the address itself.
CREATE TABLE sign_in_sends (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email_digest text        NOT NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX sign_in_sends_address ON sign_in_sends (email_digest, created_at);

-- The devices an account signed in from (the digest of a random cookie), to tell the account
-- holder by e-mail when a new one signs in.
CREATE TABLE account_devices (
  user_id       text        NOT NULL REFERENCES "auth_user" ("id") ON DELETE CASCADE,
  device_digest text        NOT NULL,
  first_seen_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, device_digest)
);

-- The account page lists the orders placed with the account's verified e-mail.
CREATE INDEX orders_buyer_email ON orders (lower(buyer_email));
