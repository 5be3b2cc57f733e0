/**
 * One racing OS process of the approval lock-out proof (tests/approval-lockout-race.test.ts): it
 * builds the real handler on its own pool to the shared PostgreSQL database, prints `ready`, and
 * for each line `<json>` it reads ({continueUrl, secret, terms, codes}), posts every code to the
 * approval page at once and prints one JSON line: the HTTP status of each post.
 * Usage: node --import tsx tests/race/guess-racer.ts <database url>
 */
import { createInterface } from 'node:readline';
import pg from 'pg';
import { catalogSnapshot } from '../../src/catalog/snapshot';
import { createHandler } from '../../src/http/router';
import { createUcpService } from '../../src/ucp/service';
import { type PgPool, failClosed, preparedStatements } from '../../src/state/db';

const [url] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 40 });
const catalog = catalogSnapshot();
const ucp = createUcpService({ catalog, db: failClosed(preparedStatements(pool as unknown as PgPool)), useRequestOrigin: true });
const handler = createHandler({ catalog, ucp });

interface Round { continueUrl: string; secret: string; terms: string; codes: string[] }

async function guess(round: Round, code: string): Promise<number> {
  const target = new URL(round.continueUrl);
  const response = await handler(new Request(`${target.origin}${target.pathname}`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: target.origin },
    body: new URLSearchParams({ s: round.secret, terms: round.terms, action: 'confirm', code }).toString(),
  }));
  await response.text();
  return response.status;
}

process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const round = JSON.parse(line) as Round;
  const statuses = await Promise.all(round.codes.map((code) => guess(round, code)));
  process.stdout.write(`${JSON.stringify({ statuses })}\n`);
}
await pool.end();
