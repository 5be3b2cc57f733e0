// The sign-in code's lock-out is a property of the database, not of one process (issue 42's
// proof, for the sign-in codes of src/accounts/sign-in.ts): bursts of 30 guesses from 3 OS
// processes, each with its own pool and library instance, on a real PostgreSQL server, round
// after round. Every wrong guess the library compares puts the code back with one more try
// (an INSERT into auth_verification); a trigger of this test database logs those, so the test
// sees how many guesses were compared: never more than 5 per code, and no sign-in once dead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../src/accounts/auth';
import { SIGN_IN_CODE } from '../src/accounts/sign-in-code';
import { sendSignInCode } from '../src/accounts/sign-in';
import { testDb } from './helpers/db';
import { lineRacer } from './helpers/line-racer';

const ROUNDS = 10;
const PROCESSES = 3;
const GUESSES_PER_PROCESS = 10;
const SECRET = 'race-secret-of-the-accounts-32-bytes-long';

const db = testDb();
const deps = { db, auth: createAuth({ db, secret: SECRET, baseUrl: 'http://localhost:8888' }), now: () => Date.now() };

/** A racer process (tests/helpers/line-racer.ts) whose rounds answer { outcomes }. */
function racer(url: string) {
  const started = lineRacer<{ outcomes: string[] }>('sign-in-racer.ts', [url, SECRET]);
  return { ...started, round: async (round: object) => (await started.round(round)).outcomes };
}

const racers: ReturnType<typeof racer>[] = [];
beforeAll(async () => {
  await db.query(`CREATE TABLE compared_log (identifier text NOT NULL, value text NOT NULL)`);
  await db.query(`CREATE FUNCTION log_compared() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.value !~ ':0$' THEN INSERT INTO compared_log VALUES (NEW.identifier, NEW.value); END IF; RETURN NEW; END $$`);
  await db.query('CREATE TRIGGER compared AFTER INSERT ON auth_verification FOR EACH ROW EXECUTE FUNCTION log_compared()');
});
afterAll(() => {
  for (const r of racers) r.child.stdin.end();
});

describe('the lock-out of sign-in codes under concurrent guesses (real PostgreSQL, several OS processes)', () => {
  it(`${ROUNDS} rounds of ${PROCESSES * GUESSES_PER_PROCESS} simultaneous guesses: at most ${SIGN_IN_CODE.maxWrongTries} compared per code, no sign-in once it died`, { timeout: 240_000 }, async () => {
    const url = await db.url();
    racers.push(...Array.from({ length: PROCESSES }, () => racer(url)));
    await Promise.all(racers.map((r) => r.ready));
    let signIns = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const email = `racer-${round}@example.org`;
      let code = '';
      await sendSignInCode(deps, email, async (_to, c) => { code = c; });
      const guesses = new Set<string>();
      while (guesses.size < PROCESSES * GUESSES_PER_PROCESS) {
        const g = String(Math.floor(Math.random() * 10 ** SIGN_IN_CODE.digits)).padStart(SIGN_IN_CODE.digits, '0');
        if (g !== code) guesses.add(g);
      }
      const all = [...guesses];
      const withRight = round % 2 === 1;
      const rightAt = Math.floor(Math.random() * all.length);
      if (withRight) all[rightAt] = code;
      const outcomes = (await Promise.all(racers.map((r, k) => r.round({ email, codes: all.filter((_, i) => i % PROCESSES === k) })))).flat();

      expect(outcomes.filter((o) => !['wrong', 'dead', 'signed_in'].includes(o)), `round ${round}: every guess answered`).toEqual([]);
      const { rows: compared } = await db.query<{ value: string }>('SELECT value FROM compared_log WHERE identifier LIKE $1', [`%${email}`]);
      const tries = compared.map((r) => Number(r.value.split(':').at(-1)));
      expect(tries.length, `round ${round}: wrong guesses compared`).toBeLessThanOrEqual(SIGN_IN_CODE.maxWrongTries);
      expect(new Set(tries).size, `round ${round}: each compared guess counted once`).toBe(tries.length);
      const signedIn = outcomes.filter((o) => o === 'signed_in').length;
      expect(signedIn, `round ${round}: at most one sign-in`).toBeLessThanOrEqual(withRight ? 1 : 0);
      if (signedIn) {
        signIns++;
        // The right guess was compared while the code was alive: fewer than 5 wrong ones before it.
        expect(outcomes.filter((o) => o === 'dead').length + tries.length, `round ${round}: every guess answered once`).toBeLessThanOrEqual(outcomes.length);
      }
    }
    expect(signIns).toBeLessThanOrEqual(ROUNDS / 2);
  });
});
