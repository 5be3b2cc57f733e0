/**
 * The card form of the store's own checkout page, in front of the sandbox card handler
 * (sandbox.ts): it checks what a buyer typed — the number (Luhn checksum and brand, by the
 * `card-validator` library), the expiry (MM/YY, not in the past) and the security code — and
 * exchanges a test card for the sandbox token a payment service would return, as a tokenising
 * card field does. The number, expiry and code are read here and nowhere else: they are never
 * stored, logged or echoed; what goes on is the token, the brand and the last 4 digits.
 *
 * Test cards (README "Buying on the site"): 4242 4242 4242 4242 and 5555 5555 5555 4444 pay,
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 3220 asks for 3-D Secure. Any other valid
 * card is refused: the store takes no real payment.
 */
import cardValidator from 'card-validator';
import { SANDBOX_HANDLER_ID, SANDBOX_INSTRUMENTS, type InstrumentInput } from './sandbox';

/** What the buyer typed. */
export interface CardEntry {
  number: string;
  /** "MM/YY" (also "MM/YYYY", "MM YY"). */
  expiry: string;
  cvc: string;
}

/** A field of the card form and why it is refused. */
export type CardProblem =
  | { field: 'number'; reason: 'invalid' | 'not_test' | 'brand' }
  | { field: 'expiry'; reason: 'invalid' | 'expired' }
  | { field: 'cvc'; reason: 'invalid' };

/** The sandbox's answer for each test card number (digits only). */
export const TEST_CARDS: Readonly<Record<string, 'success_token' | 'fail_token' | '3ds_token'>> = {
  '4242424242424242': 'success_token',
  '5555555555554444': 'success_token',
  '4000000000000002': 'fail_token',
  '4000000000003220': '3ds_token',
};

const ACCEPTED_BRANDS: readonly string[] = SANDBOX_INSTRUMENTS[0].brands;

/**
 * Reads a card entry and tokenises it.
 * @param now clock, epoch ms (a card is valid through the last day of its expiry month, UTC)
 * @returns the payment instrument for the sandbox (token, brand, last 4 digits), or the problems
 *          of each field (all of them, so the page marks every wrong field at once)
 */
export function tokenizeCard(entry: CardEntry, now: number): { instrument: InstrumentInput } | { problems: CardProblem[] } {
  const problems: CardProblem[] = [];
  const digits = entry.number.replace(/[\s-]/g, '');
  const checked = /^\d{12,19}$/.test(digits) ? cardValidator.number(digits) : null;
  const brand = checked?.card?.type;
  if (!checked?.isValid || !brand) problems.push({ field: 'number', reason: 'invalid' });
  else if (!ACCEPTED_BRANDS.includes(brand)) problems.push({ field: 'number', reason: 'brand' });
  else if (!TEST_CARDS[digits]) problems.push({ field: 'number', reason: 'not_test' });
  const expiry = expiryProblem(entry.expiry, now);
  if (expiry) problems.push({ field: 'expiry', reason: expiry });
  const cvcLength = brand === 'american-express' ? 4 : 3;
  if (!/^\d{3,4}$/.test(entry.cvc.trim()) || !cardValidator.cvv(entry.cvc.trim(), cvcLength).isValid) problems.push({ field: 'cvc', reason: 'invalid' });
  if (problems.length) return { problems };
  return {
    instrument: {
      id: 'card', handler_id: SANDBOX_HANDLER_ID, type: 'card', selected: true,
      display: { brand, last_digits: digits.slice(-4) },
      credential: { type: 'token', token: TEST_CARDS[digits] },
    },
  };
}

/**
 * Why an expiry is refused, or null: not MM/YY (or MMYY, what a phone's numeric keypad, which has
 * no slash, lets one type), or a month before `now`'s.
 */
function expiryProblem(value: string, now: number): 'invalid' | 'expired' | null {
  const match = /^\s*(\d{2})(\d{2})\s*$/.exec(value) ?? /^\s*(\d{1,2})\s*[/ -]\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return 'invalid';
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return 'invalid';
  const today = new Date(now);
  return year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1 ? 'expired' : null;
}
