/**
 * The scheduled function (every minute in production; `npm start` calls it every 10 s locally,
 * where the Netlify CLI runs no schedule): recovers completions that crashed between the order
 * and the charge (src/checkout/completion.ts), issues the invoices those orders still lack
 * (src/documents/issue.ts), reminds the buyer and the merchant once of each order on invoice past
 * its due date (src/checkout/invoice-reminders.ts), delivers the outbox (e-mails and signed order
 * webhooks; a message whose send failed is retried with backoff, src/outbox/deliver.ts) and
 * deletes expired rows. It needs
 * no request to reach the checkout concerned, so a half-finished purchase never outlives a crash
 * by more than about two minutes, and a queued e-mail leaves within a minute. It logs one line
 * when it did something, and nothing otherwise.
 */
import type { Config } from '@netlify/functions';
import { netlifyDatabase } from '../../src/state/netlify-database';
import { sweepStaleCompletions } from '../../src/checkout/completion';
import { issueMissingInvoices } from '../../src/documents/issue';
import { remindOverdueInvoices } from '../../src/checkout/invoice-reminders';
import { DEFAULT_LOCALE } from '../../src/catalog/locales';
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
  const invoiced = await issueMissingInvoices(db, store, Date.now());
  const reminded = await remindOverdueInvoices(db, DEFAULT_LOCALE, Date.now());
  const baseUrl = publicBaseUrl(store.base_url, request ? new URL(request.url).origin : undefined, !!process.env.NETLIFY_DEV);
  const outbox = await deliverDue(db, serviceOutbox({ db, catalog, store, secrets, mailer, baseUrl, signingKey, allowInsecure: !!process.env.NETLIFY_DEV, now: Date.now }), Date.now, { limit: 50 });
  const deleted = await deleteExpired(db, Date.now(), rateLimitConfig().windowSeconds);
  const report = sweepReport(recovered, invoiced, reminded, outbox, deleted);
  if (report) console.log(`sweep: ${report}`);
  return new Response(JSON.stringify({ recovered, invoiced, reminded, outbox, deleted }), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
};

/**
 * What a sweep did, in one line, e.g. "recovered 1 completion (1 finished, 0 undone); sent 2
 * messages, 1 failed (retried later); deleted 3 expired rows (carts 2, idempotency_records 1)".
 * A failure is logged by the runtime, with its error.
 * @returns null when it did nothing (a quiet sweep logs nothing)
 */
function sweepReport(recovered: { finished: number; undone: number }, invoiced: number, reminded: number, outbox: { delivered: number; failed: number }, deleted: Record<string, number>): string | null {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts: string[] = [];
  const completions = recovered.finished + recovered.undone;
  if (completions) parts.push(`recovered ${plural(completions, 'completion')} (${recovered.finished} finished, ${recovered.undone} undone)`);
  if (invoiced) parts.push(`issued ${plural(invoiced, 'missing invoice')}`);
  if (reminded) parts.push(`reminded ${plural(reminded, 'overdue order')} on invoice`);
  if (outbox.delivered || outbox.failed) parts.push(`sent ${plural(outbox.delivered, 'message')}${outbox.failed ? `, ${outbox.failed} failed (retried later)` : ''}`);
  const tables = Object.entries(deleted).filter(([, n]) => n > 0);
  const rows = tables.reduce((sum, [, n]) => sum + n, 0);
  if (rows) parts.push(`deleted ${plural(rows, 'expired row')} (${tables.map(([table, n]) => `${table} ${n}`).join(', ')})`);
  return parts.length ? parts.join('; ') : null;
}

export const config: Config = { schedule: '* * * * *' };
