/**
 * The buyer's approval of a payment, proven by a one-time code sent to the checkout's buyer
 * e-mail (rules: src/commerce/approval-code.ts), for checkouts an agent built. The approval page (the checkout's
 * `continue_url`, which the agent also holds) offers three actions:
 * - `sendApprovalCode`: a new code for the terms on screen, mailed through the outbox;
 * - `confirmApprovalCode`: the code typed by the buyer; when it is right, the approval of
 *   these exact terms is recorded on the checkout (15 minutes, src/commerce/approval.ts), which
 *   then reads `ready_for_complete`;
 * - `refuseCheckout`: the buyer says the order is not right; the checkout is canceled with the
 *   reason `refused_by_buyer`, which the agent reads.
 * All need the URL's secret and the hash of the terms shown. Sends and refusals run in a
 * transaction that locks the checkout row (and, for sends, the buyer address), so sends are
 * counted without races; a confirmation compares, counts and uses the code in one statement on
 * the code's row, then writes the approval (compare-and-swap on the checkout, or under its lock).
 * Answering a 3-D Secure request or a declined payment goes through the same code.
 */
import type { Locale } from '../catalog/locales';
import { APPROVAL_CODE, addressDigest, approvalCodeDigest, mayResend, newApprovalCode, parseApprovalCode } from '../commerce/approval-code';
import { parseMailbox } from '../commerce/email';
import type { CheckoutRecord } from '../commerce/records';
import { totalAmount } from '../commerce/totals';
import { type Queryable, transaction } from '../state/db';
import { loadVersionedCheckout, replaceCheckout, saveCheckout } from '../state/checkouts';
import { closeApprovalCode, guessApprovalCode, openApprovalCode, openCodeOf, recentSends } from '../state/approval-codes';
import { plannedMessages } from '../state/outbox';
import { queueApprovalCode } from '../mail/messages';
import { lockedProblem } from './checkouts';
import { isStale, loadVersionedRecovered, lockCheckoutRecovered } from './completion';
import type { CommerceContext } from './context';
import { type PricedCheckout, priceCheckout, usageRead } from './pricing';

/** Why the page cannot act on the checkout (the same for both actions). */
export type Refusal = 'not_found' | 'closed' | 'incomplete' | 'changed';

export type SendOutcome =
  | { kind: 'sent'; to: string; messageId: number | null }
  | { kind: 'too_many'; retryAfterSeconds: number }
  | { kind: Refusal };

export type ConfirmOutcome =
  | { kind: 'approved' }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'dead' | 'expired' | 'no_code' | 'malformed' }
  | { kind: Refusal };

/** What became of the buyer's refusal: the checkout is canceled, or the page cannot act on it (an incomplete checkout can be refused). */
export type RefuseOutcome = { kind: 'refused' } | { kind: Exclude<Refusal, 'incomplete'> };

/** Prefix of the advisory lock of a buyer address (then its digest, src/commerce/approval-code.ts `addressDigest`). */
const ADDRESS_LOCK = 'approval-code:';

/**
 * Checks what the actions need of a checkout: the secret, an open checkout, terms equal to
 * those shown and, unless `incompleteToo`, complete.
 */
async function checkForApproval(ctx: CommerceContext, record: CheckoutRecord | null, secret: string, termsHash: string, incompleteToo = false): Promise<{ record: CheckoutRecord; priced: PricedCheckout } | { kind: Refusal }> {
  if (!record || !ctx.secrets.matches(secret, record.approval_secret)) return { kind: 'not_found' };
  if (lockedProblem(record, ctx.now())) return { kind: 'closed' };
  const priced = await priceCheckout(ctx, record);
  if (!priced.complete && !incompleteToo) return { kind: 'incomplete' };
  if (termsHash !== priced.termsHash) return { kind: 'changed' };
  return { record, priced };
}

/** Locks the checkout (recovering a crashed completion first) and checks it (`checkForApproval`). */
async function lockForApproval(ctx: CommerceContext, tx: Queryable, id: string, secret: string, termsHash: string, incompleteToo = false): Promise<{ record: CheckoutRecord; priced: PricedCheckout } | { kind: Refusal }> {
  return checkForApproval(ctx, await lockCheckoutRecovered(tx, id, ctx.now()), secret, termsHash, incompleteToo);
}

/**
 * Sends a new one-time code to the checkout's buyer e-mail (closing any previous code).
 * @param termsHash the hash of the terms the page showed
 * @param locale language of the e-mail
 * @returns `sent` with the outbox message to deliver now; `too_many` (limits of
 *          APPROVAL_CODE) with the seconds to wait; or a refusal
 * @throws StateError when the database fails (nothing is sent)
 */
export async function sendApprovalCode(ctx: CommerceContext, id: string, secret: string, termsHash: string, locale: Locale): Promise<SendOutcome> {
  const key = await ctx.secrets.subkey('approval-code');
  const sealKey = await ctx.secrets.subkey('seal');
  return transaction(ctx.db, async (tx) => {
    // Sends to one address from several checkouts are counted one at a time: the row's read
    // takes the address's lock when its digest in SQL is the one computed here (the e-mail is
    // stored normalised), and it is taken by itself otherwise.
    const loaded = await loadVersionedCheckout(tx, id, { forUpdate: true, lockAddress: ADDRESS_LOCK, discounts: usageRead(ctx) });
    const record = loaded && isStale(loaded.record, ctx.now()) ? await lockCheckoutRecovered(tx, id, ctx.now()) : (loaded?.record ?? null);
    const locked = await checkForApproval(ctx, record, secret, termsHash);
    if ('kind' in locked) return locked;
    const { priced } = locked;
    // Stored normalised by changes.ts buyerOf; parsed again so that, whatever the row holds, the
    // code goes to and is counted for one mailbox.
    const to = parseMailbox(locked.record.buyer!.email!) ?? locked.record.buyer!.email!.trim();
    const emailDigest = addressDigest(to);
    const now = ctx.now();
    if (loaded?.lockedAddress !== emailDigest || record !== loaded.record) {
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${ADDRESS_LOCK}${emailDigest}`]);
    }
    const sends = await recentSends(tx, id, emailDigest, now - APPROVAL_CODE.windowSeconds * 1000);
    const allowed = mayResend(sends, now);
    if (!allowed.ok) return { kind: 'too_many', retryAfterSeconds: allowed.retryAfterSeconds };
    const code = newApprovalCode();
    const amount = totalAmount(priced.totals);
    const messages = await plannedMessages((q) => queueApprovalCode(q, sealKey, { checkoutId: id, codeId: String(sends.nextId), to, locale, amount, discounts: priced.discounts.applied, code }, now));
    const [messageId = null] = await openApprovalCode(tx, {
      id: sends.nextId, checkoutId: id, emailDigest, termsHash: priced.termsHash, codeDigest: approvalCodeDigest(key, id, code), now, expiresAt: now + APPROVAL_CODE.ttlSeconds * 1000,
    }, messages);
    return { kind: 'sent', to, messageId };
  });
}

/**
 * Checks the code the buyer typed and, when right, records the approval of the current terms.
 * A wrong code counts a try; the fifth wrong try kills the code. A code sent for other terms, or
 * past its 10 minutes, is closed. The guess is compared, counted and (when right) the code used
 * in one statement on the code's row (src/state/approval-codes.ts `guessApprovalCode`), so the
 * lock-out holds however many guesses arrive together; the approval is then written on the
 * checkout read before if it is unchanged, else under its lock after checking it again.
 * @param input what the buyer typed (spaces and dashes are ignored)
 * @returns `approved`, `wrong` with the tries left, `dead`, `expired`, `no_code`, `malformed`
 *          (not 6 digits: not counted as a try), or a refusal
 * @throws StateError when the database fails (nothing recorded)
 */
export async function confirmApprovalCode(ctx: CommerceContext, id: string, secret: string, termsHash: string, input: string): Promise<ConfirmOutcome> {
  const key = await ctx.secrets.subkey('approval-code');
  const loaded = await loadVersionedRecovered(ctx, id, undefined, { withOpenCode: true, discounts: usageRead(ctx) });
  const checked = await checkForApproval(ctx, loaded?.record ?? null, secret, termsHash);
  if ('kind' in checked) return checked;
  const { record, priced } = checked;
  const open = loaded!.openCode ?? null;
  const now = ctx.now();
  if (!open) return { kind: 'no_code' };
  if (open.terms_hash !== priced.termsHash) {
    await closeApprovalCode(ctx.db, open.id, now);
    return { kind: 'changed' };
  }
  if (open.expires_at <= now) {
    await closeApprovalCode(ctx.db, open.id, now);
    return { kind: 'expired' };
  }
  const code = parseApprovalCode(input);
  if (!code) return { kind: 'malformed' };
  const verdict = await guessApprovalCode(ctx.db, { codeId: open.id, digest: approvalCodeDigest(key, record.id, code), now, maxWrongTries: APPROVAL_CODE.maxWrongTries });
  if (verdict.kind === 'wrong') {
    const left = APPROVAL_CODE.maxWrongTries - verdict.wrongTries;
    return left > 0 ? { kind: 'wrong', triesLeft: left } : { kind: 'dead' };
  }
  if (verdict.kind === 'closed') {
    // Closed since it was read: by wrong guesses, a new code, or this buyer's other click that approved.
    const again = await loadVersionedRecovered(ctx, id);
    return again?.record.approval?.terms_hash === priced.termsHash ? { kind: 'approved' } : { kind: 'dead' };
  }
  return recordApproval(ctx, { record, version: loaded!.version }, secret, priced.termsHash, now);
}

/**
 * Records the approval of `termsHash`, which a right code (now used) proved, on the checkout:
 * a compare-and-swap on the row read before the guess, or, when it changed since, under the
 * row's lock after checking the checkout again (a change of the terms voids the code's proof).
 * The approval also answers a 3-D Secure request of the payment: the buyer was asked again.
 * @param now epoch ms: the code's `closed_at`, and the checkout's `updated_at` and approval time
 */
async function recordApproval(ctx: CommerceContext, read: { record: CheckoutRecord; version: string }, secret: string, termsHash: string, now: number): Promise<ConfirmOutcome> {
  const approved = (record: CheckoutRecord): CheckoutRecord => {
    const { escalation: _answered, ...rest } = record;
    return { ...rest, approval: { terms_hash: termsHash, approved_at: Math.floor(now / 1000) } };
  };
  if (await replaceCheckout(ctx.db, approved(read.record), now, read.version)) return { kind: 'approved' };
  return transaction(ctx.db, async (tx): Promise<ConfirmOutcome> => {
    const locked = await lockForApproval(ctx, tx, read.record.id, secret, termsHash);
    if ('kind' in locked) return locked;
    await saveCheckout(tx, approved(locked.record), now);
    return { kind: 'approved' };
  });
}

/**
 * The buyer refuses the order shown ("this is not right"): the checkout is canceled with the
 * reason `refused_by_buyer` (the agent reads `canceled` and why), its approval and any code
 * waiting are void, and nothing can be paid any more. An incomplete checkout can be refused too.
 * @param termsHash the hash of the terms the page showed
 * @returns `refused`, or a refusal (`changed`: the order changed since the page was shown)
 * @throws StateError when the database fails (nothing recorded)
 */
export async function refuseCheckout(ctx: CommerceContext, id: string, secret: string, termsHash: string): Promise<RefuseOutcome> {
  return transaction(ctx.db, async (tx): Promise<RefuseOutcome> => {
    const locked = await lockForApproval(ctx, tx, id, secret, termsHash, true);
    if ('kind' in locked) return locked as RefuseOutcome;
    const now = ctx.now();
    const open = await openCodeOf(tx, id, { forUpdate: true });
    if (open) await closeApprovalCode(tx, open.id, now);
    const { approval: _voided, escalation: _dropped, ...rest } = locked.record;
    await saveCheckout(tx, { ...rest, state: 'canceled', canceled_at: new Date(now).toISOString(), cancel_reason: 'refused_by_buyer' }, now);
    return { kind: 'refused' };
  });
}
