/**
 * Buyer approval of a payment (docs/decisions.md "Buyer approval is enforced by the server";
 * docs/agent-commerce.md "Buyer approval"): the approval is recorded against a hash of the exact terms the approval page
 * shows, so any later change of lines, quantities, unit prices, totals with their VAT, currency,
 * buyer name or e-mail, delivery address, shipping option or the payment instrument named voids it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from './canonical-json';

/** How long an approval stays valid, in seconds (15 minutes: long enough to return to the agent, short enough to be "at the time of payment", docs/agent-commerce.md "Buyer approval"). */
export const APPROVAL_TTL_SECONDS = 15 * 60;

/** The terms a buyer approves. Amounts in EUR cents. */
export interface Terms {
  checkoutId: string;
  currency: string;
  lines: Array<{ variantId: string; quantity: number; unitPrice: number }>;
  /** Each total with the amounts it includes (the VAT lines), in cents. */
  totals: Array<{ type: string; amount: number; included?: number[] }>;
  /** Who is ordering: the name and the e-mail the confirmation and the approval code go to. */
  buyer: { first_name?: string; last_name?: string; email?: string };
  destination: Record<string, string | undefined> | null;
  shippingOptionId: string | null;
  /**
   * The payment instrument the platform named before the approval (no credential): only that
   * one may pay. Absent when none was named: the platform then chooses among the accepted ones,
   * and the hash is the one terms without this member always had.
   */
  payment?: { handlerId: string; type: string; brand?: string; lastDigits?: string };
  /**
   * The organisation the buyer orders for, when signed in as a member of an approved business:
   * its name and VAT number are on the invoice, and its status sets the VAT. Absent for a
   * consumer (their hash unchanged).
   */
  business?: { legalName: string; vatNumber: string | null; country: string; viesValid: boolean };
  /** The number of the quote whose prices the buyer orders at; absent otherwise (the hash unchanged). */
  quote?: string;
  /** The discounts applied (offer handle, cents off), in order; absent without any (the hash unchanged). */
  discounts?: Array<{ offer: string; amount: number }>;
  /** Paid by bank transfer on invoice (the payment term a platform selected); absent: by card (the hash unchanged). */
  paymentTerm?: 'bank_transfer';
}

/** SHA-256 (hex) of the canonical terms: equal hashes mean identical terms. */
export function termsHash(terms: Terms): string {
  return createHash('sha256').update(canonicalJson(terms)).digest('hex');
}

/** A new unguessable secret for a `continue_url` (256 random bits, base64url). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a secret: what is stored, so a storage leak does not reveal the URL. */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Constant-time comparison of two hex digests (false when their lengths differ). */
export function sameDigest(hexA: string, hexB: string): boolean {
  const a = Buffer.from(hexA, 'hex');
  const b = Buffer.from(hexB, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Constant-time check that `secret` matches a stored digest. */
export function secretMatches(secret: string, digest: string): boolean {
  return sameDigest(secretDigest(secret), digest);
}

/**
 * True when a recorded approval authorises completing with `currentHash` at `now`.
 * @param approval the stored approval `{terms_hash, approved_at}` (epoch seconds), or null
 * @param now epoch seconds
 */
export function approvalValid(approval: { terms_hash: string; approved_at: number } | null, currentHash: string, now: number): boolean {
  return !!approval && approval.terms_hash === currentHash && now - approval.approved_at <= APPROVAL_TTL_SECONDS && now >= approval.approved_at;
}
