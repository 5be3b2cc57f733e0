/**
 * One racing OS process of the sign-in lock-out proof (tests/sign-in-race.test.ts): it builds the
 * store's authentication over its own pool to the shared PostgreSQL database, prints `ready`, and
 * for each line `{email, codes}` it reads, tries every code at once and prints one JSON line: the
 * outcome of each try.
 * Usage: node --import tsx tests/race/sign-in-racer.ts <database url> <secret>
 */
import { createInterface } from 'node:readline';
import pg from 'pg';
import { createAuth } from '../../src/accounts/auth';
import { signInWithCode } from '../../src/accounts/sign-in';
import { type PgPool, failClosed, preparedStatements } from '../../src/state/db';

const [url, secret] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 20 });
const db = failClosed(preparedStatements(pool as unknown as PgPool));
const deps = { db, auth: createAuth({ db, secret, baseUrl: 'http://localhost:8888' }), now: () => Date.now() };

process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { email, codes } = JSON.parse(line) as { email: string; codes: string[] };
  const outcomes = await Promise.all(codes.map((code) => signInWithCode(deps, { email, code, headers: new Headers() }).then((r) => r.kind, (e: Error) => `error: ${e.message}`)));
  process.stdout.write(`${JSON.stringify({ outcomes })}\n`);
}
await pool.end();
