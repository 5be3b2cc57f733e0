/**
 * `npm run orders -- <command>`: the merchant's command line over src/merchant/orders.ts.
 * Arguments are parsed with Node's `util.parseArgs` (strict: an unknown option is an error),
 * then checked per command; every wrong use prints one whole sentence on stderr and exits
 * non-zero before anything is written (2: the command line is wrong; 1: the order's state refuses
 * it, or the database is unreachable). Changes print one line saying what happened. Amounts are
 * read and printed in euros as the merchant writes them (`--amount 8,90` or `8.90`; "8,90 €"),
 * cents only with an explicit `--cents`. What is printed never carries a stored control
 * character raw (src/merchant/format.ts).
 */
import { type CliDeps, type CliIo, type CommandSpec, UsageError, parseCommand } from './command-line';

export type { CliDeps, CliIo };
import { type OrderFilter, listOrders } from '../state/order-list';
import { OrderRuleError, PAID_STATUSES, type PaidOrderStatus } from '../commerce/fulfillment';
import { escapeNonPrintable } from '../commerce/text';
import type { OrderRecord } from '../state/orders';
import type { OpenedDatabase } from '../state/open-database';
import { undeliveredMessages } from '../state/outbox';
import { bookRows, booksCsv, booksTable, euros, jsonText, ordersCsv, ordersTable, orderText, outboxTable, waitingMessages } from './format';
import { documentsIssuedBetween } from '../state/documents';
import { cancelOrder, deliverOrder, orderDetails, recordTransfer, refundOrder, shipOrder } from './orders';
import { received } from '../commerce/payment-terms';
import { totalAmount } from '../commerce/totals';

/** How `--amount` is written, for the help and the refusals. */
const AMOUNT_EXAMPLE = `8,90 or 8.90 (8 is ${euros(800)}, 8,9 is ${euros(890)})`;

const USAGE = `usage: npm run orders -- <command> [options]

  list [--status <status>] [--since <date>] [--until <date>] [--json]
  show <id|label> [--json]
  ship <id|label> --carrier <name> --tracking-number <number> [--tracking-url <url>] [--line <line id>:<qty> …]
  deliver <id|label>
  cancel <id|label> [--reason <text>]
  refund <id|label> --reason <text> [--amount <euros> | --cents <cents> | --line <line id>:<qty> …]
  paid <id|label> --reference <text> [--amount <euros> | --cents <cents>]     a bank transfer received for an order on invoice
  export --csv [--status <status>] [--since <date>] [--until <date>]     amounts in cents
  invoices --from <date> --to <date> [--csv]     invoices and credit notes issued: net, VAT per rate and country, shipping, gross
  outbox [--json]          e-mails and webhooks not sent yet: attempts, next attempt, last error

  --reason <text>: sent to the buyer word for word, in the e-mail and on the order page
  --amount <euros>: ${AMOUNT_EXAMPLE}; --cents <cents>: 890 for ${euros(890)};
    neither: everything not yet refunded (paid: everything left to pay)
  refund --line: what those units were charged, after the order's discounts
  amounts are shown in euros (${euros(123456)}); --json and export --csv give cents
  statuses: ${PAID_STATUSES.join(', ')}; dates: YYYY-MM-DD (UTC, --until and --to inclusive) or ISO 8601
  --database-url <url> (or DATABASE_URL): a deployed site's database; default: the local one`;

const OPTIONS = {
  status: { type: 'string' }, since: { type: 'string' }, until: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, json: { type: 'boolean' }, csv: { type: 'boolean' },
  carrier: { type: 'string' }, 'tracking-number': { type: 'string' }, 'tracking-url': { type: 'string' }, line: { type: 'string', multiple: true },
  reason: { type: 'string' }, reference: { type: 'string' }, amount: { type: 'string' }, cents: { type: 'string' }, 'database-url': { type: 'string' }, help: { type: 'boolean', short: 'h' },
} as const;

type Option = keyof typeof OPTIONS;

/** Options each command takes (`--database-url` and `--help` go with all). */
const COMMANDS: Record<string, CommandSpec<Option>> = {
  list: { ref: false, options: ['status', 'since', 'until', 'json'] },
  show: { ref: true, options: ['json'] },
  ship: { ref: true, options: ['carrier', 'tracking-number', 'tracking-url', 'line'] },
  deliver: { ref: true, options: [] },
  cancel: { ref: true, options: ['reason'] },
  refund: { ref: true, options: ['reason', 'amount', 'cents', 'line'] },
  paid: { ref: true, options: ['reference', 'amount', 'cents'] },
  export: { ref: false, options: ['csv', 'status', 'since', 'until'] },
  invoices: { ref: false, options: ['from', 'to', 'csv'] },
  outbox: { ref: false, options: ['json'] },
};



/** A date option: YYYY-MM-DD (UTC midnight; `endOfDay` → the next midnight) or ISO 8601. */
function parseDate(name: string, value: string | undefined, endOfDay: boolean): number | undefined {
  if (value === undefined) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = Date.parse(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}/.test(value)) throw new UsageError(`Option --${name} "${value}" is not a date (YYYY-MM-DD or ISO 8601).`);
  return day && endOfDay ? ms + 86_400_000 : ms;
}

function filterOf(values: { status?: string; since?: string; until?: string }): OrderFilter {
  if (values.status !== undefined && !(PAID_STATUSES as readonly string[]).includes(values.status)) {
    throw new UsageError(`Option --status "${values.status}" is not a status (${PAID_STATUSES.join(', ')}).`);
  }
  return { status: values.status as PaidOrderStatus | undefined, since: parseDate('since', values.since, false), until: parseDate('until', values.until, true) };
}

/** The period of `invoices`: `--from` and `--to` (inclusive), both required. */
function periodOf(values: { from?: string; to?: string }): { from: number; to: number } {
  const from = parseDate('from', required(values, 'invoices', 'from'), false)!;
  const to = parseDate('to', required(values, 'invoices', 'to'), true)!;
  if (to <= from) throw new UsageError(`Option --to must be after --from.`);
  return { from, to };
}

function parseLines(values: readonly string[] | undefined) {
  return values?.map((value) => {
    const match = /^([A-Za-z0-9_.-]+):(\d{1,6})$/.exec(value);
    if (!match) throw new UsageError(`Option --line "${value}" must be <line id>:<quantity>, e.g. li_100101:1.`);
    return { id: match[1], quantity: Number(match[2]) };
  });
}

function required(values: Record<string, unknown>, command: string, name: Option): string {
  const value = values[name];
  if (typeof value !== 'string') throw new UsageError(`The ${command} command needs --${name}${name === 'reason' ? ', which is sent to the buyer word for word' : ''}.`);
  return value;
}

/** Euros as the merchant writes them: whole euros, then a comma or a point and one or two decimals. */
const EUROS = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;

/**
 * The amount of a refund from `--amount` (euros: "8,90", "8.90", "8", "8,9") or `--cents` (890).
 * @returns cents, or undefined when neither is given (everything not yet refunded)
 * @throws UsageError for both options, a malformed, negative, zero or over-precise amount
 */
function refundCents(amount: string | undefined, cents: string | undefined, verb = 'refund'): number | undefined {
  if (amount !== undefined && cents !== undefined) throw new UsageError(`Give the amount to ${verb} once, in euros with --amount or in cents with --cents, not both.`);
  if (cents !== undefined) {
    if (!/^\d{1,11}$/.test(cents) || Number(cents) === 0) throw new UsageError(`Option --cents "${cents}" must be a whole number of cents above 0, like 890 for ${euros(890)}.`);
    return Number(cents);
  }
  if (amount === undefined) return undefined;
  const match = EUROS.exec(amount);
  const value = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : undefined;
  if (value) return value;
  const why = value === 0 ? 'is zero' : amount.startsWith('-') ? 'is negative'
    : /^\d+[.,]\d{3,}$/.test(amount) ? 'has more than two decimals' : /^\d{10,}([.,]\d*)?$/.test(amount) ? 'is too large' : 'is not an amount in euros';
  throw new UsageError(`Option --amount "${amount}" ${why}: write the euros to ${verb} as ${AMOUNT_EXAMPLE}, or cents with --cents 890.`);
}

/**
 * The arguments with an option's value that starts like a negative number (`--amount -1`) joined
 * to its option (`--amount=-1`): parseArgs would call it ambiguous, the checks say what is wrong.
 */
function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--') return [...out, ...argv.slice(i)];
    const name = /^--([\w-]+)$/.exec(argv[i])?.[1];
    const next = argv[i + 1];
    if (name && (OPTIONS as Record<string, { type: string }>)[name]?.type === 'string' && next !== undefined && /^-[\d.,]/.test(next)) out.push(`${argv[i]}=${argv[++i]}`);
    else out.push(argv[i]);
  }
  return out;
}


/** What is left to pay on an order on invoice (cents): the amount of `paid` without --amount. */
async function leftToPay(db: Parameters<typeof orderDetails>[0], ref: string): Promise<number> {
  const { order } = await orderDetails(db, ref);
  return order.invoice_payment ? totalAmount(order.totals) - received(order.invoice_payment) : 0;
}

/** One line about what a change did, non-printable characters escaped (src/commerce/text.ts). */
function summary(order: OrderRecord, what: string): string {
  const told = ['buyer e-mail', ...(order.webhook_url ? ['platform webhook'] : [])].join(' and ');
  return escapeNonPrintable(`${order.label} ${what} (status ${order.status}); ${told} queued`);
}

/**
 * Runs one command.
 * @param argv the arguments after `--`
 * @returns the exit code: 0 done, 1 refused or failed, 2 wrong command line
 */
export async function runOrdersCli(argv: readonly string[], io: CliIo, deps: CliDeps): Promise<number> {
  let opened: OpenedDatabase | undefined;
  try {
    const read = parseCommand(joinNegativeValues(argv), OPTIONS, COMMANDS, USAGE, io, { one: 'order', needs: 'an order id or label' });
    if (read.exit !== null) return read.exit;
    const { command, values, ref } = read;
    const now = deps.now ?? Date.now;

    // Everything the command line says is checked before the database is opened.
    const filter = command === 'list' || command === 'export' ? filterOf(values) : undefined;
    if (command === 'export' && !values.csv) throw new UsageError('The export command needs --csv, the only export format.');
    const lines = parseLines(values.line);
    const amount = refundCents(values.amount, values.cents, command === 'paid' ? 'record' : 'refund');
    if (command === 'ship') ['carrier', 'tracking-number'].forEach((name) => required(values, command, name as Option));
    if (command === 'refund') required(values, command, 'reason');
    if (command === 'refund' && lines && amount !== undefined) throw new UsageError('Refund either an amount (--amount or --cents) or units of lines (--line), not both.');
    if (command === 'paid') required(values, command, 'reference');
    const period = command === 'invoices' ? periodOf(values) : undefined;

    opened = await deps.open(values['database-url'] ?? (deps.env.DATABASE_URL || undefined));
    const { db } = opened;
    switch (command) {
      case 'list': {
        const orders = await listOrders(db, filter);
        io.out(values.json ? jsonText(orders) : ordersTable(orders));
        break;
      }
      case 'export':
        io.out(ordersCsv(await listOrders(db, { ...filter, limit: 1_000_000 })).replace(/\r\n$/, ''));
        break;
      case 'invoices': {
        const rows = bookRows(await documentsIssuedBetween(db, period!.from, period!.to));
        io.out(values.csv ? booksCsv(rows).replace(/\r\n$/, '') : booksTable(rows));
        break;
      }
      case 'outbox': {
        const waiting = waitingMessages(await undeliveredMessages(db));
        io.out(values.json ? jsonText(waiting) : outboxTable(waiting));
        break;
      }
      case 'show': {
        const details = await orderDetails(db, ref);
        io.out(values.json ? jsonText(details) : orderText(details));
        break;
      }
      case 'ship': {
        const order = await shipOrder(db, ref, { carrier: values.carrier!, trackingNumber: values['tracking-number']!, trackingUrl: values['tracking-url'], lines }, now);
        const event = order.events.at(-1)!;
        io.out(summary(order, `shipped ${event.line_items.map((l) => `${l.quantity} × ${l.id}`).join(', ')} with ${event.carrier} ${event.tracking_number}`));
        break;
      }
      case 'deliver':
        io.out(summary(await deliverOrder(db, ref, now), 'delivered'));
        break;
      case 'cancel': {
        const order = await cancelOrder(db, ref, values.reason, now);
        const refunded = order.adjustments!.at(-1)!.totals?.[0]?.amount;
        io.out(summary(order, `canceled, stock given back, ${refunded ? `${euros(-refunded)} refunded` : 'nothing left to refund'}`));
        break;
      }
      case 'paid': {
        const order = await recordTransfer(db, ref, { amount: amount ?? await leftToPay(db, ref), reference: values.reference! }, now);
        const payment = order.invoice_payment!;
        const left = totalAmount(order.totals) - received(payment);
        io.out(escapeNonPrintable(`${order.label} transfer of ${euros(payment.transfers.at(-1)!.amount)} recorded (${payment.transfers.at(-1)!.reference}): ${left > 0 ? `${euros(left)} left to pay by ${payment.due_at.slice(0, 10)}` : 'paid in full'}`));
        break;
      }
      case 'refund': {
        const order = await refundOrder(db, ref, { amount, lines, reason: values.reason! }, now);
        io.out(summary(order, `refunded ${euros(-(order.adjustments!.at(-1)!.totals![0].amount))}`));
        break;
      }
    }
    return 0;
  } catch (error) {
    const message = error instanceof OrderRuleError ? error.told(euros) : (error as Error)?.message ?? String(error);
    io.err(`orders: ${escapeNonPrintable(message.split('\n')[0])}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await opened?.close().catch(() => undefined);
  }
}
