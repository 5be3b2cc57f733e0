/**
 * Who owns a checkout or an order (docs/agent-commerce.md "Ownership"): the platform that made it
 * and, for a linked platform (UCP identity linking, issue 37), the account it acts for. Pure.
 */

/**
 * Who a checkout or order belongs to: the platform's profile URL ("anonymous" for an agent
 * without a profile, "storefront" for the store's own pages) and, for a linked platform, the
 * account it acts for. Checkouts and orders are visible to their owner only (`ownedBy`).
 */
export interface Owner {
  platform: string;
  /**
   * The account a linked platform acts for (UCP identity linking: a bearer token the account
   * holder granted, src/accounts/bearer.ts). Its checkouts belong to the account: the buyer is
   * the account's verified e-mail and its business terms apply; they are visible only to calls
   * with a token of the same account. Absent: a guest call, whose checkouts carry no account.
   */
  account?: LinkedAccount;
  /**
   * The store's own pages (src/checkout/site-checkout.ts `SITE`): they set the signed-in buyer on
   * the checkout themselves and see every checkout of their platform.
   */
  pages?: true;
  /**
   * Where the owner wants the events of orders it places (its order webhook), and the protocol
   * version to render them at.
   */
  webhook?: { url: string; version: string };
}


/** The account holder a linked platform acts for, from its access token. */
export interface LinkedAccount {
  /** The accounts' user id. */
  user_id: string;
  /** Their verified e-mail. */
  email: string;
  /** The platform's OAuth client id and registered name (or null). */
  client_id: string;
  platform_name: string | null;
  /** Scopes the holder granted (src/accounts/oauth.ts OAUTH_SCOPES). */
  scopes: readonly string[];
}

/**
 * Whether a checkout or order `record` is visible to `owner`: the owner's platform made it and,
 * for a linked platform, for the same account; a guest call sees no linked checkout. The store's
 * own pages see every checkout of theirs (`Owner.pages`).
 */
export function ownedBy(owner: Owner, record: { platform: string; account?: { user_id: string } }): boolean {
  if (record.platform !== owner.platform) return false;
  if (owner.pages) return true;
  return (record.account?.user_id ?? null) === (owner.account?.user_id ?? null);
}
