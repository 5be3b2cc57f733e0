// The approval code's lock-out is a property of the database, not of one process: for any
// interleaving of guesses, at most 5 wrong ones are ever compared with a code, and no guess is
// accepted once the code is closed (src/state/approval-codes.ts `guessApprovalCode`). Bursts of
// 30 guesses from 3 OS processes, each with its own handler and pool, hit the approval page of
// one checkout at once, on a real PostgreSQL server, round after round.
import { afterAll, describe, expect, it } from 'vitest';
import { APPROVAL_CODE } from '../src/commerce/approval-code';
import { checkoutHandler, readyCheckout, requestCode } from './helpers/checkout';
import { testDb } from './helpers/db';
import { lineRacer } from './helpers/line-racer';

const ROUNDS = 12;
const PROCESSES = 3;
const GUESSES_PER_PROCESS = 10;

const db = testDb();
const { handler } = checkoutHandler({ db });

/** A racer process (tests/helpers/line-racer.ts) whose rounds answer { statuses }. */
function racer(url: string) {
  const started = lineRacer<{ statuses: number[] }>('guess-racer.ts', [url]);
  return { ...started, round: async (round: object) => (await started.round(round)).statuses };
}

/** `count` six-digit codes other than `code`, all different. */
function wrongCodes(code: string, count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const guess = String(Math.floor(Math.random() * 10 ** APPROVAL_CODE.digits)).padStart(APPROVAL_CODE.digits, '0');
    if (guess !== code) codes.add(guess);
  }
  return [...codes];
}

const racers: ReturnType<typeof racer>[] = [];
afterAll(() => {
  for (const r of racers) r.child.stdin.end();
});

describe('the lock-out of approval codes under concurrent guesses (real PostgreSQL, several OS processes)', () => {
  it(`${ROUNDS} rounds of ${PROCESSES * GUESSES_PER_PROCESS} simultaneous guesses: never more than ${APPROVAL_CODE.maxWrongTries} wrong tries counted, no approval after the code closed`, { timeout: 240_000 }, async () => {
    const url = await db.url();
    racers.push(...Array.from({ length: PROCESSES }, () => racer(url)));
    await Promise.all(racers.map((r) => r.ready));
    let approvals = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const ready = await readyCheckout(handler);
      const page = await requestCode(handler, ready);
      const guesses = wrongCodes(page.code, PROCESSES * GUESSES_PER_PROCESS);
      // Every other round hides the right code among the wrong ones.
      const withRight = round % 2 === 1;
      if (withRight) guesses[Math.floor(Math.random() * guesses.length)] = page.code;
      const shares = racers.map((_, k) => guesses.filter((_, i) => i % PROCESSES === k));
      const statuses = (await Promise.all(racers.map((r, k) => r.round({ continueUrl: ready.continue_url, secret: page.secret, terms: page.terms, codes: shares[k] })))).flat();

      expect(statuses.filter((s) => ![303, 409, 422].includes(s)), `round ${round}: every guess answered by the page`).toEqual([]);
      const { rows: codes } = await db.query<{ failed_attempts: number; closed_at: Date | null }>('SELECT failed_attempts, closed_at FROM approval_codes WHERE checkout_id = $1', [ready.id]);
      expect(codes).toHaveLength(1);
      const [code] = codes;
      expect(code.failed_attempts, `round ${round}: wrong tries counted`).toBeLessThanOrEqual(APPROVAL_CODE.maxWrongTries);
      expect(code.closed_at, `round ${round}: 30 guesses close the code (used or dead)`).not.toBeNull();
      const { rows: [checkout] } = await db.query<{ approved_at: Date | null; updated_at: Date }>('SELECT approved_at, updated_at FROM checkouts WHERE id = $1', [ready.id]);
      const accepted = statuses.filter((s) => s === 303).length;
      if (checkout.approved_at) {
        approvals++;
        expect(withRight, `round ${round}: only the right code approves`).toBe(true);
        // The right guess, and guesses that found the code used by it and the checkout approved.
        expect(accepted, `round ${round}: the right guess accepted`).toBeGreaterThanOrEqual(1);
        // Closed by the approval itself, while it still had a try left: not by the wrong tries.
        expect(code.failed_attempts).toBeLessThan(APPROVAL_CODE.maxWrongTries);
        expect(code.closed_at!.getTime(), `round ${round}: the code was closed by the approval`).toBe(checkout.updated_at.getTime());
      } else {
        expect(accepted, `round ${round}: nothing accepted`).toBe(0);
        expect(code.failed_attempts, `round ${round}: the code died of its wrong tries`).toBe(APPROVAL_CODE.maxWrongTries);
      }
    }
    // Each right code competes with 29 wrong ones for the first 5 places: it is sometimes killed first, not always.
    expect(approvals).toBeLessThanOrEqual(ROUNDS / 2);
  });
});
