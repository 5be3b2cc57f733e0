/**
 * The rules of the one-time code that signs a person in (docs/decisions.md "The store knows
 * people"): the same strength as the approval code (src/commerce/approval-code.ts) — 6 digits
 * from a CSPRNG (drawn by the authentication library), valid 10 minutes, dead after 5 wrong
 * tries, stored hashed — and sends limited per address (5 per hour, 30 s apart), so the form can
 * neither flood a mailbox nor draw codes without end. No answer says whether an address has an
 * account: every address can receive a code, and the first sign-in opens the account.
 */
import type { SendCount } from '../commerce/approval-code';

export const SIGN_IN_CODE = {
  digits: 6,
  ttlSeconds: 10 * 60,
  maxWrongTries: 5,
  /** Sends per address within `windowSeconds`. */
  perAddress: 5,
  windowSeconds: 3600,
  /** Least time between two sends to one address. */
  resendAfterSeconds: 30,
} as const;

/**
 * Whether another code may be sent to an address now.
 * @param sent the address's sends within the last `windowSeconds` (epoch ms)
 * @param now epoch ms
 * @returns `{ok: true}`, or the seconds to wait
 */
export function maySendSignInCode(sent: SendCount, now: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
  const wait = (until: number) => ({ ok: false as const, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) });
  if (sent.count >= SIGN_IN_CODE.perAddress) return wait((sent.oldestAt ?? now) + SIGN_IN_CODE.windowSeconds * 1000);
  if (sent.latestAt !== null && now - sent.latestAt < SIGN_IN_CODE.resendAfterSeconds * 1000) return wait(sent.latestAt + SIGN_IN_CODE.resendAfterSeconds * 1000);
  return { ok: true };
}
