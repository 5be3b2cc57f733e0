/**
 * Deleting what has expired: rate-limit windows, idempotency records past their 24 h, approval
 * codes and sign-in sends after a day, expired sessions and sign-in codes, carts past their 7 days. Reads already treat all of these as absent; this only keeps tables small.
 */
import { at, type Queryable } from './db';
import { pruneWindows } from './rate-limits';
import { pruneApprovalCodes } from './approval-codes';
import { pruneSignInSends } from './sign-in';

/**
 * Deletes expired rows.
 * @param now epoch ms
 * @param rateWindowSeconds the rate limiter's window length (windows older than two are deleted)
 * @returns rows deleted per table
 */
export async function deleteExpired(q: Queryable, now: number, rateWindowSeconds: number): Promise<Record<string, number>> {
  const count = async (sql: string) => (await q.query(sql, [at(now)])).rowCount ?? 0;
  return {
    rate_limit_windows: await pruneWindows(q, now - 2 * rateWindowSeconds * 1000),
    idempotency_records: await count('DELETE FROM idempotency_records WHERE expires_at <= $1'),
    // The send limits of approval codes look back one hour; a day is kept for the merchant.
    approval_codes: await pruneApprovalCodes(q, now - 24 * 3600 * 1000),
    // The sign-in send limit looks back one hour; the library's expired sessions and codes are no longer accepted.
    sign_in_sends: await pruneSignInSends(q, now - 24 * 3600 * 1000),
    auth_session: await count('DELETE FROM auth_session WHERE "expiresAt" <= $1'),
    auth_verification: await count('DELETE FROM auth_verification WHERE "expiresAt" <= $1'),
    carts: await count('DELETE FROM carts WHERE expires_at <= $1 AND NOT EXISTS (SELECT 1 FROM checkouts c WHERE c.cart_id = carts.id)'),
  };
}
