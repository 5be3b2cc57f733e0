/**
 * `npm run accounts -- <command>`: the merchant reviews business accounts
 * (src/checkout/business-accounts.ts) on the local Netlify Database, or on a deployed site's with
 * `--database-url`/`DATABASE_URL`. Like `npm run orders` (src/merchant/cli.ts): strict options, one
 * sentence on stderr for a wrong use before anything is written (exit 2; 1 when the
 * application's state refuses it), one line saying what a change did, amounts in euros,
 * `--json` for machines.
 */
import { BUSINESS_STATUSES, type BusinessStatus } from '../commerce/business';
import { PAYMENT_TERM_DAYS } from '../commerce/payment-terms';
import { type ViesAdapter, viesAdapter } from '../accounts/vies';
import type { Store } from '../catalog/schema';
import { storeFromContent } from '../catalog/store-file';
import type { AccountsContext } from '../checkout/account-service';
import { approveApplication, recheckVatNumber, refuseApplication } from '../checkout/business-accounts';
import { createUrlSecrets } from '../checkout/secrets';
import { escapeNonPrintable } from '../commerce/text';
import { totalAmount } from '../commerce/totals';
import { type BusinessAccountRecord, applicationById, listApplications, organizationMembers, userEmail } from '../state/business-accounts';
import type { Queryable } from '../state/db';
import type { OpenedDatabase } from '../state/open-database';
import { paidOrdersOfEmail } from '../state/orders';
import { type CliDeps, type CliIo, type CommandSpec, UsageError, parseCommand } from './command-line';
import { euros, jsonText, textTable } from './format';

const USAGE = `usage: npm run accounts -- <command> [options]

  list [--status <status>] [--json]       applications, oldest first
  show <id> [--json]                      what the application says, VIES's answer, members, orders
  approve <id> [--invoice] [--note <text>]
  refuse <id> --reason <text>
  recheck <id>                            asks VIES again about an application that waits for it

  approve: schools and public bodies pay on invoice (bank transfer within ${PAYMENT_TERM_DAYS} days); --invoice grants it to a company or association
  --reason <text>: sent to the applicant word for word, in the e-mail and on the account page
  statuses: ${BUSINESS_STATUSES.join(', ')}
  --database-url <url> (or DATABASE_URL): a deployed site's database; default: the local one`;

const OPTIONS = {
  status: { type: 'string' }, json: { type: 'boolean' }, invoice: { type: 'boolean' }, note: { type: 'string' }, reason: { type: 'string' },
  'database-url': { type: 'string' }, help: { type: 'boolean', short: 'h' },
} as const;
type Option = keyof typeof OPTIONS;

const COMMANDS: Record<string, CommandSpec<Option>> = {
  list: { ref: false, options: ['status', 'json'] },
  show: { ref: true, options: ['json'] },
  approve: { ref: true, options: ['invoice', 'note'] },
  refuse: { ref: true, options: ['reason'] },
  recheck: { ref: true, options: [] },
};

export interface AccountsCliDeps extends CliDeps {
  /** VIES (default: the Commission's service, or `VIES_ENDPOINT` from `env`). */
  vies?: ViesAdapter;
  /** The store's file (default: content/store.yaml). */
  store?: Store;
}

/** The orders of an application's account: placed with the applicant's e-mail, paid, with their sum in cents. */
async function ordersOf(q: Queryable, account: BusinessAccountRecord) {
  const email = await userEmail(q, account.user_id);
  const orders = email ? await paidOrdersOfEmail(q, email, 1000) : [];
  return { email, count: orders.length, total_cents: orders.reduce((sum, o) => sum + totalAmount(o.totals), 0) };
}

/** What VIES said, in a few words. */
function vatWords(account: BusinessAccountRecord): string {
  const number = account.details.vat_number;
  if (!number) return '-';
  const check = account.vat_check;
  if (check?.result === 'valid') return `${number} valid (VIES ${check.checked_at.slice(0, 10)})`;
  if (check?.result === 'unavailable') return `${number} not checked yet (VIES ${check.reason})`;
  return account.decision_note === 'vies_invalid' ? `${number} unknown to VIES` : number;
}

function termsWords(account: BusinessAccountRecord): string {
  if (!account.terms) return '-';
  return [account.terms.pay_on_invoice ? `pays on invoice within ${PAYMENT_TERM_DAYS} days` : 'pays by card', ...(account.terms.purchase_order_required ? ['purchase order required'] : [])].join(', ');
}

/** `show` as text: one fact per line. */
async function accountText(q: Queryable, account: BusinessAccountRecord): Promise<string> {
  const { details } = account;
  const orders = await ordersOf(q, account);
  const members = account.organization_id ? await organizationMembers(q, account.organization_id) : [];
  const address = details.billing_address;
  const lines = [
    `${account.id}  ${account.legal_name}  (${account.kind}, ${account.country})  ${account.status}`,
    `applied ${account.created_at.slice(0, 16).replace('T', ' ')} UTC by ${orders.email ?? '(account deleted)'}, in ${account.locale}`,
    `contact: ${details.contact_name}${details.contact_phone ? `, ${details.contact_phone}` : ''}`,
    `billing address: ${[address.street_address, address.postal_code, address.address_locality, address.address_country].filter(Boolean).join(', ')}`,
    `VAT number: ${vatWords(account)}`,
    ...(account.vat_check?.result === 'valid' ? [`  VIES name: ${account.vat_check.name ?? '(not disclosed)'}; address: ${account.vat_check.address?.replace(/\n/g, ', ') ?? '(not disclosed)'}; consultation: ${account.vat_check.consultation ?? '-'}`] : []),
    ...(details.siret ? [`SIRET: ${details.siret}`] : []),
    ...(details.uai ? [`UAI: ${details.uai}`] : []),
    `terms: ${termsWords(account)}`,
    ...(account.decided_at ? [`decided ${account.decided_at.slice(0, 16).replace('T', ' ')} UTC${account.decision_note ? `: ${account.decision_note}` : ''}`] : []),
    ...(members.length ? [`members: ${members.map((m) => `${m.email} (${m.role})`).join(', ')}`] : []),
    `orders: ${orders.count}, ${euros(orders.total_cents)} in all`,
  ];
  return lines.map(escapeNonPrintable).join('\n');
}

/**
 * Runs one command.
 * @param argv the arguments after `--`
 * @returns the exit code: 0 done, 1 refused or failed, 2 wrong command line
 */
export async function runAccountsCli(argv: readonly string[], io: CliIo, deps: AccountsCliDeps): Promise<number> {
  let opened: OpenedDatabase | undefined;
  try {
    const read = parseCommand([...argv], OPTIONS, COMMANDS, USAGE, io, { one: 'application', needs: 'an application id (ba_…, see list)' });
    if (read.exit !== null) return read.exit;
    const { command, values, ref: id } = read;
    if (values.status !== undefined && !(BUSINESS_STATUSES as readonly string[]).includes(values.status)) {
      throw new UsageError(`Option --status "${values.status}" is not a status (${BUSINESS_STATUSES.join(', ')}).`);
    }
    const reason = values.reason?.trim();
    if (command === 'refuse' && !reason) throw new UsageError('The refuse command needs --reason, which is sent to the applicant word for word.');
    const now = deps.now ?? Date.now;

    opened = await deps.open(values['database-url'] ?? (deps.env.DATABASE_URL || undefined));
    const { db } = opened;
    const store = deps.store ?? storeFromContent();
    const ctx: AccountsContext = {
      db, now, secrets: createUrlSecrets(db, deps.env.UCP_URL_SECRET_KEY || undefined), baseUrl: store.base_url.replace(/\/$/, ''),
      vies: deps.vies ?? viesAdapter({ endpoint: deps.env.VIES_ENDPOINT || undefined }), catalog: { store },
    };
    const refused = (why: string) => {
      io.err(`accounts: ${why}`);
      return 1;
    };
    switch (command) {
      case 'list': {
        const accounts = await listApplications(db, values.status as BusinessStatus | undefined);
        const rows = await Promise.all(accounts.map(async (a) => ({ account: a, orders: await ordersOf(db, a) })));
        if (values.json) {
          io.out(jsonText(rows.map(({ account, orders }) => ({ ...account, orders: { count: orders.count, total_cents: orders.total_cents } }))));
        } else {
          io.out(rows.length ? textTable(['id', 'status', 'kind', 'country', 'legal name', 'VAT number', 'applied (UTC)', 'orders', 'total'],
            rows.map(({ account: a, orders }) => [a.id, a.status, a.kind, a.country, a.legal_name, vatWords(a), a.created_at.slice(0, 10), String(orders.count), euros(orders.total_cents)]), [7, 8])
            : 'No application yet.');
        }
        break;
      }
      case 'show': {
        const account = await applicationById(db, id);
        if (!account) return refused(`No application ${id}: see npm run accounts -- list.`);
        io.out(values.json ? jsonText({ ...account, orders: await ordersOf(db, account) }) : await accountText(db, account));
        break;
      }
      case 'approve':
      case 'refuse': {
        const result = command === 'approve'
          ? await approveApplication(ctx, id, values.invoice ? { pay_on_invoice: true } : {}, values.note?.trim() || null)
          : await refuseApplication(ctx, id, reason!);
        if (!result.ok) {
          if (result.reason === 'not_found') return refused(`No application ${id}: see npm run accounts -- list.`);
          if (result.reason === 'already_member') return refused(`The applicant of ${id} already belongs to an organisation; nothing changed.`);
          const now = await applicationById(db, id);
          return refused(now?.status === 'awaiting_vies'
            ? `${id} waits for VIES to check its VAT number: run npm run accounts -- recheck ${id} first.`
            : `${id} is ${now?.status}, not pending: it was decided already.`);
        }
        const a = result.account;
        io.out(escapeNonPrintable(command === 'approve'
          ? `${a.id} approved: ${a.legal_name} (${a.kind}, ${a.country}) ${termsWords(a)}; applicant e-mail queued`
          : `${a.id} refused: ${a.legal_name}; applicant e-mail queued with the reason`));
        break;
      }
      case 'recheck': {
        const account = await recheckVatNumber(ctx, id);
        if (!account) return refused(`${id} does not wait for VIES: nothing to check again.`);
        io.out(escapeNonPrintable(account.status === 'pending' ? `${id}: VIES says ${account.details.vat_number} is valid; the application is pending your decision`
          : account.status === 'refused' ? `${id}: VIES says ${account.details.vat_number} does not exist; refused, applicant e-mail queued`
            : `${id}: VIES still unavailable (${account.vat_check?.result === 'unavailable' ? account.vat_check.reason : '?'}); still waiting`));
        break;
      }
    }
    return 0;
  } catch (error) {
    io.err(`accounts: ${escapeNonPrintable(((error as Error)?.message ?? String(error)).split('\n')[0])}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await opened?.close().catch(() => undefined);
  }
}
