/**
 * The one-time code that proves the buyer approved a payment (docs/agent-commerce.md "Buyer approval":
 * no payment without the buyer's explicit approval at the time of payment). The agent holds the
 * approval page's URL, so the URL alone cannot prove anything: the page sends a code to the
 * checkout's buyer e-mail, as Shop Pay does, and only the person who reads that mailbox can type
 * it. The rules:
 * - 6 digits (10^6 codes), drawn with a CSPRNG;
 * - stored only as an HMAC under the service's secret key (a plain hash of 10^6 values would be
 *   reversed at once), bound to the checkout, compared in constant time;
 * - valid 10 minutes, for the exact terms it was sent for;
 * - 5 wrong tries and the code is dead (a guesser's chance per code: 5 in 10^6);
 * - sends limited per checkout (5 per hour, 30 s after the code still open) and per address
 *   (10 per hour), so the
 *   page cannot be used to flood a mailbox nor to draw codes without end.
 */
import { createHash, createHmac, randomInt } from 'node:crypto';
import { sameDigest } from './approval';
import { parseMailbox } from './email';

export const APPROVAL_CODE = {
  digits: 6,
  ttlSeconds: 10 * 60,
  maxWrongTries: 5,
  /** Sends per checkout and per address within `windowSeconds`. */
  perCheckout: 5,
  perAddress: 10,
  windowSeconds: 3600,
  /** Least time between the checkout's open code and a new one. */
  resendAfterSeconds: 30,
} as const;

/** A new code: `digits` decimal digits, leading zeros kept ("004217"). */
export function newApprovalCode(): string {
  return String(randomInt(0, 10 ** APPROVAL_CODE.digits)).padStart(APPROVAL_CODE.digits, '0');
}

/**
 * What is stored of a code: HMAC-SHA256(key, checkout id, code), hex.
 * @param key the service's key for approval codes (32 bytes)
 */
export function approvalCodeDigest(key: Buffer, checkoutId: string, code: string): string {
  return createHmac('sha256', key).update(`${checkoutId}:${code}`).digest('hex');
}

/**
 * Normalises what a person typed: spaces, dashes and dots are dropped ("004 217" → "004217").
 * @returns the digits, or null when the input cannot be a code (wrong length or characters)
 */
export function parseApprovalCode(input: string): string | null {
  const code = input.replace(/[\s.\-\u00a0]/g, '');
  return new RegExp(`^\\d{${APPROVAL_CODE.digits}}$`).test(code) ? code : null;
}

/** Constant-time check that `code` is the one whose digest is stored. */
export function approvalCodeMatches(key: Buffer, checkoutId: string, code: string, digest: string): boolean {
  return sameDigest(approvalCodeDigest(key, checkoutId, code), digest);
}

/**
 * SHA-256 (hex) of an e-mail address: counts sends per address without storing it again. Every
 * spelling of one mailbox has one digest: the address is normalised by src/commerce/email.ts
 * `parseMailbox` (domain case, IDN or punycode, surrounding spaces) and then lower-cased whole,
 * so local parts differing only in case count as one address too.
 */
export function addressDigest(email: string): string {
  return createHash('sha256').update((parseMailbox(email) ?? email.trim()).toLowerCase()).digest('hex');
}

/** Sends within the last `windowSeconds`: how many, the oldest and the latest (epoch ms, null when none). */
export interface SendCount {
  count: number;
  oldestAt: number | null;
  latestAt: number | null;
}

/**
 * Whether another code may be sent now.
 * @param sent recent sends for this checkout and for its buyer's address
 * @param now epoch ms
 * @returns `{ok: true}`, or the number of seconds to wait before a send is allowed
 */
export function mayResend(sent: { checkout: SendCount; address: SendCount }, now: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
  const { windowSeconds, resendAfterSeconds, perCheckout, perAddress } = APPROVAL_CODE;
  const wait = (until: number) => ({ ok: false as const, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) });
  if (sent.checkout.count >= perCheckout) return wait((sent.checkout.oldestAt ?? now) + windowSeconds * 1000);
  if (sent.address.count >= perAddress) return wait((sent.address.oldestAt ?? now) + windowSeconds * 1000);
  const latest = sent.checkout.latestAt;
  if (latest !== null && now - latest < resendAfterSeconds * 1000) return wait(latest + resendAfterSeconds * 1000);
  return { ok: true };
}
