/**
 * The scheduled function (every minute in production; `npm start` calls it every 30 s locally,
 * where the Netlify CLI runs no schedule): recovers completions that crashed between the order
 * and the charge (src/ucp/checkout/completion.ts) and deletes expired rows. It needs no request
 * to reach the checkout concerned, so a half-finished purchase never outlives a crash by more
 * than about two minutes.
 */
import type { Config } from '@netlify/functions';
import { netlifyDatabase } from '../../src/state/netlify-database';
import { sweepStaleCompletions } from '../../src/ucp/checkout/completion';
import { deleteExpired } from '../../src/state/housekeeping';
import { rateLimitConfig } from '../../src/http/rate-limit';

const db = netlifyDatabase();

export default async (): Promise<Response> => {
  const now = Date.now();
  const recovered = await sweepStaleCompletions(db, now);
  const deleted = await deleteExpired(db, now, rateLimitConfig().windowSeconds);
  if (recovered.finished || recovered.undone) console.log('sweep: recovered completions', recovered);
  return new Response(JSON.stringify({ recovered, deleted }), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
};

export const config: Config = { schedule: '* * * * *' };
