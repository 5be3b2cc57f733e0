-- Passkeys of accounts (src/accounts/passkeys.ts, the authentication library's plugin): one row
-- per WebAuthn credential, its public key (COSE, base64url) and signature counter; deleting the
-- account deletes them. tests/accounts.test.ts checks the table against the plugin's schema.
create table "auth_passkey" ("id" text not null primary key, "userId" text not null references "auth_user" ("id") on delete cascade, "credentialId" text not null unique, "publicKey" text not null, "counter" integer not null, "transports" text, "name" text, "createdAt" timestamptz not null, "lastUsedAt" timestamptz);
create index "auth_passkey_userId_idx" on "auth_passkey" ("userId");
