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
 * counted without races; a confirmation writes the approval only if the checkout has not
 * changed since it was read (compare-and-swap), and counts wrong tries atomically.
 * Answering a 3-D Secure request or a declined payment goes through the same code.
 */
import type { Locale } from '../catalog/locales';
import { APPROVAL_CODE, addressDigest, approvalCodeMatches, approvalCodeDigest, mayResend, newApprovalCode, parseApprovalCode } from '../commerce/approval-code';
import { parseMailbox } from '../commerce/email';
import type { CheckoutRecord } from '../commerce/records';
import { totalAmount } from '../commerce/totals';
import { type Queryable, transaction } from '../state/db';
import { loadVersionedCheckout, saveCheckout } from '../state/checkouts';
import { type ApprovalCodeRecord, approveWithCode, closeApprovalCode, openApprovalCode, openCodeOf, recentSends, recordWrongTry } from '../state/approval-codes';
import { plannedMessages } from '../state/outbox';
import { queueApprovalCode } from '../mail/messages';
import { lockedProblem } from './checkouts';
import { isStale, loadVersionedRecovered, lockCheckoutRecovered } from './completion';
import type { CommerceContext } from './context';
import { type PricedCheckout, priceCheckout } from './pricing';

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

/** Optimistic tries of a confirmation (compare-and-swap) before it holds the checkout's lock instead. */
const ATTEMPTS = 3;

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
    const loaded = await loadVersionedCheckout(tx, id, { forUpdate: true, lockAddress: ADDRESS_LOCK });
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
    const messages = await plannedMessages((q) => queueApprovalCode(q, sealKey, { checkoutId: id, codeId: String(sends.nextId), to, locale, amount, code }, now));
    const [messageId = null] = await openApprovalCode(tx, {
      id: sends.nextId, checkoutId: id, emailDigest, termsHash: priced.termsHash, codeDigest: approvalCodeDigest(key, id, code), now, expiresAt: now + APPROVAL_CODE.ttlSeconds * 1000,
    }, messages);
    return { kind: 'sent', to, messageId };
  });
}

/**
 * Checks the code the buyer typed and, when right, records the approval of the current terms.
 * A wrong code counts a try; the fifth wrong try kills the code. A code sent for other terms, or
 * past its 10 minutes, is closed. The checkout and its code are read in one statement and the
 * approval is written only if the checkout has not changed since (src/state/approval-codes.ts
 * `approveWithCode`), else they are read again; the last try holds the checkout's lock instead.
 * @param input what the buyer typed (spaces and dashes are ignored)
 * @returns `approved`, `wrong` with the tries left, `dead`, `expired`, `no_code`, `malformed`
 *          (not 6 digits: not counted as a try), or a refusal
 * @throws StateError when the database fails (nothing recorded)
 */
export async function confirmApprovalCode(ctx: CommerceContext, id: string, secret: string, termsHash: string, input: string): Promise<ConfirmOutcome> {
  const key = await ctx.secrets.subkey('approval-code');
  for (let attempt = 1; attempt < ATTEMPTS; attempt++) {
    const loaded = await loadVersionedRecovered(ctx, id, undefined, { withOpenCode: true });
    const checked = await checkForApproval(ctx, loaded?.record ?? null, secret, termsHash);
    if ('kind' in checked) return checked;
    const outcome = await judgeCode(ctx, ctx.db, checked, loaded!.openCode ?? null, key, input, (approved, codeId) => approveWithCode(ctx.db, approved, loaded!.version, codeId, ctx.now()));
    if (outcome) return outcome;
  }
  return transaction(ctx.db, async (tx): Promise<ConfirmOutcome> => {
    const locked = await lockForApproval(ctx, tx, id, secret, termsHash);
    if ('kind' in locked) return locked;
    const open = await openCodeOf(tx, id, { forUpdate: true });
    const outcome = await judgeCode(ctx, tx, locked, open, key, input, async (approved, codeId) => {
      await closeApprovalCode(tx, codeId, ctx.now());
      await saveCheckout(tx, approved, ctx.now());
      return true;
    });
    return outcome!;
  });
}

/**
 * The verdict on a typed code against the checkout's open code; a right one is recorded by
 * `approve` (the checkout approved, the code closed), which says false when the checkout changed.
 * @returns the outcome, or null when `approve` found the checkout changed (read it again)
 */
async function judgeCode(ctx: CommerceContext, q: Queryable, { record, priced }: { record: CheckoutRecord; priced: PricedCheckout }, open: ApprovalCodeRecord | null, key: Buffer, input: string,
  approve: (approved: CheckoutRecord, codeId: number) => Promise<boolean>): Promise<ConfirmOutcome | null> {
  const now = ctx.now();
  const code = parseApprovalCode(input);
  if (!open) return { kind: 'no_code' };
  if (open.terms_hash !== priced.termsHash) {
    await closeApprovalCode(q, open.id, now);
    return { kind: 'changed' };
  }
  if (open.expires_at <= now) {
    await closeApprovalCode(q, open.id, now);
    return { kind: 'expired' };
  }
  if (!code) return { kind: 'malformed' };
  if (!approvalCodeMatches(key, record.id, code, open.code_digest)) {
    const wrong = await recordWrongTry(q, open.id);
    if (wrong < APPROVAL_CODE.maxWrongTries) return { kind: 'wrong', triesLeft: APPROVAL_CODE.maxWrongTries - wrong };
    await closeApprovalCode(q, open.id, now);
    return { kind: 'dead' };
  }
  // The approval also answers a 3-D Secure request of the payment: the buyer was asked again.
  const { escalation: _answered, ...rest } = record;
  return (await approve({ ...rest, approval: { terms_hash: priced.termsHash, approved_at: Math.floor(now / 1000) } }, open.id)) ? { kind: 'approved' } : null;
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
