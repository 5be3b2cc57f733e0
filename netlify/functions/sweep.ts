/**
 * The scheduled function (every minute in production; `npm start` calls it every 10 s locally,
 * where the Netlify CLI runs no schedule): recovers completions that crashed between the order
 * and the charge (src/checkout/completion.ts), delivers the outbox (e-mails and signed order
 * webhooks; a message whose send failed is retried with backoff, src/outbox/deliver.ts) and
 * deletes expired rows. It needs
 * no request to reach the checkout concerned, so a half-finished purchase never outlives a crash
 * by more than about two minutes, and a queued e-mail leaves within a minute.
 */
import type { Config } from '@netlify/functions';
import { netlifyDatabase } from '../../src/state/netlify-database';
import { sweepStaleCompletions } from '../../src/checkout/completion';
import { deleteExpired } from '../../src/state/housekeeping';
import { rateLimitConfig } from '../../src/http/rate-limit';
import { readFunctionCatalog } from '../../src/catalog/locale-catalogs';
import { publicBaseUrl } from '../../src/checkout/commerce';
import { createUrlSecrets } from '../../src/checkout/secrets';
import { serviceOutbox } from '../../src/ucp/service';
import { mailerFromEnv } from '../../src/mail/transport';
import { deliverDue } from '../../src/outbox/deliver';
import { signingKeyOrNull } from '../../src/ucp/webhooks/keys';

const db = netlifyDatabase();
const catalog = readFunctionCatalog();
const { store } = catalog;
const secrets = createUrlSecrets(db, process.env.UCP_URL_SECRET_KEY || undefined);
const mailer = mailerFromEnv(store);
const signingKey = signingKeyOrNull();

export default async (request?: Request): Promise<Response> => {
  const now = Date.now();
  const recovered = await sweepStaleCompletions(db, now);
  const baseUrl = publicBaseUrl(store.base_url, request ? new URL(request.url).origin : undefined, !!process.env.NETLIFY_DEV);
  const outbox = await deliverDue(db, serviceOutbox({ db, catalog, store, secrets, mailer, baseUrl, signingKey, allowInsecure: !!process.env.NETLIFY_DEV, now: Date.now }), Date.now, { limit: 50 });
  const deleted = await deleteExpired(db, Date.now(), rateLimitConfig().windowSeconds);
  if (recovered.finished || recovered.undone) console.log('sweep: recovered completions', recovered);
  return new Response(JSON.stringify({ recovered, outbox, deleted }), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
};

export const config: Config = { schedule: '* * * * *' };
