/**
 * `npm run orders -- <command>`: the merchant's command line over src/merchant/orders.ts.
 * Arguments are parsed with Node's `util.parseArgs` (strict: an unknown option is an error),
 * then checked per command; every wrong use prints one line on stderr and exits non-zero
 * before anything is written (2: the command line is wrong; 1: the order's state refuses it,
 * or the database is unreachable). Changes print one line saying what happened. What is printed
 * never carries a stored control character raw (src/merchant/format.ts).
 */
import { parseArgs } from 'node:util';
import { type OrderFilter, listOrders } from '../state/order-list';
import { PAID_STATUSES, type PaidOrderStatus } from '../commerce/fulfillment';
import { escapeNonPrintable } from '../commerce/text';
import type { OrderRecord } from '../state/orders';
import type { OpenedDatabase } from '../state/open-database';
import { undeliveredMessages } from '../state/outbox';
import { jsonText, ordersCsv, ordersTable, orderText, outboxTable, waitingMessages } from './format';
import { cancelOrder, deliverOrder, orderDetails, refundOrder, shipOrder } from './orders';

const USAGE = `usage: npm run orders -- <command> [options]

  list [--status <status>] [--since <date>] [--until <date>] [--json]
  show <id|label> [--json]
  ship <id|label> --carrier <name> --tracking-number <number> [--tracking-url <url>] [--line <line id>:<qty> …]
  deliver <id|label>
  cancel <id|label> [--reason <text>]
  refund <id|label> --reason <text> [--amount <cents>]
  export --csv [--status <status>] [--since <date>] [--until <date>]
  outbox [--json]          e-mails and webhooks not sent yet: attempts, next attempt, last error

  statuses: ${PAID_STATUSES.join(', ')}; dates: YYYY-MM-DD (UTC, --until inclusive) or ISO 8601
  --database-url <url> (or DATABASE_URL): a deployed site's database; default: the local one`;

const OPTIONS = {
  status: { type: 'string' }, since: { type: 'string' }, until: { type: 'string' }, json: { type: 'boolean' }, csv: { type: 'boolean' },
  carrier: { type: 'string' }, 'tracking-number': { type: 'string' }, 'tracking-url': { type: 'string' }, line: { type: 'string', multiple: true },
  reason: { type: 'string' }, amount: { type: 'string' }, 'database-url': { type: 'string' }, help: { type: 'boolean', short: 'h' },
} as const;

type Option = keyof typeof OPTIONS;

/** Options each command takes (`--database-url` and `--help` go with all). */
const COMMANDS: Record<string, { ref: boolean; options: Option[] }> = {
  list: { ref: false, options: ['status', 'since', 'until', 'json'] },
  show: { ref: true, options: ['json'] },
  ship: { ref: true, options: ['carrier', 'tracking-number', 'tracking-url', 'line'] },
  deliver: { ref: true, options: [] },
  cancel: { ref: true, options: ['reason'] },
  refund: { ref: true, options: ['reason', 'amount'] },
  export: { ref: false, options: ['csv', 'status', 'since', 'until'] },
  outbox: { ref: false, options: ['json'] },
};

/** A wrong command line: exit code 2. */
class UsageError extends Error {}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

export interface CliDeps {
  /** Opens the database (src/state/open-database.ts), given `--database-url`/`DATABASE_URL` or not. */
  open(url: string | undefined): Promise<OpenedDatabase>;
  env: Record<string, string | undefined>;
  /** Clock, epoch ms. */
  now?: () => number;
}

/** A date option: YYYY-MM-DD (UTC midnight; `endOfDay` → the next midnight) or ISO 8601. */
function parseDate(name: string, value: string | undefined, endOfDay: boolean): number | undefined {
  if (value === undefined) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = Date.parse(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}/.test(value)) throw new UsageError(`--${name} "${value}" is not a date (YYYY-MM-DD or ISO 8601)`);
  return day && endOfDay ? ms + 86_400_000 : ms;
}

function filterOf(values: { status?: string; since?: string; until?: string }): OrderFilter {
  if (values.status !== undefined && !(PAID_STATUSES as readonly string[]).includes(values.status)) {
    throw new UsageError(`--status "${values.status}" is not a status (${PAID_STATUSES.join(', ')})`);
  }
  return { status: values.status as PaidOrderStatus | undefined, since: parseDate('since', values.since, false), until: parseDate('until', values.until, true) };
}

function parseLines(values: readonly string[] | undefined) {
  return values?.map((value) => {
    const match = /^([A-Za-z0-9_.-]+):(\d{1,6})$/.exec(value);
    if (!match) throw new UsageError(`--line "${value}" must be <line id>:<quantity>, e.g. li_100101:1`);
    return { id: match[1], quantity: Number(match[2]) };
  });
}

function required(values: Record<string, unknown>, command: string, name: Option): string {
  const value = values[name];
  if (typeof value !== 'string') throw new UsageError(`${command} needs --${name}`);
  return value;
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
    let parsed;
    try {
      parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
    } catch (error) {
      throw new UsageError((error as Error).message.split('\n')[0].replace(/\. To specify a positional argument.*$/, ''));
    }
    const { values, positionals } = parsed;
    const [command, ...rest] = positionals;
    if (values.help || !command) {
      (values.help ? io.out : io.err)(USAGE);
      return values.help ? 0 : 2;
    }
    const spec = COMMANDS[command];
    if (!spec) throw new UsageError(`unknown command "${command}" (commands: ${Object.keys(COMMANDS).join(', ')})`);
    for (const name of Object.keys(values) as Option[]) {
      if (name !== 'database-url' && name !== 'help' && !spec.options.includes(name)) throw new UsageError(`${command} takes no --${name}`);
    }
    if (spec.ref && rest.length !== 1) throw new UsageError(rest.length ? `${command} takes one order, got ${rest.length}` : `${command} needs an order id or label`);
    if (!spec.ref && rest.length) throw new UsageError(`${command} takes no argument "${rest[0]}"`);
    const ref = rest[0];
    const now = deps.now ?? Date.now;

    // Everything the command line says is checked before the database is opened.
    const filter = command === 'list' || command === 'export' ? filterOf(values) : undefined;
    if (command === 'export' && !values.csv) throw new UsageError('export needs --csv (the only export format)');
    const lines = parseLines(values.line);
    if (values.amount !== undefined && !/^\d{1,9}$/.test(values.amount)) throw new UsageError(`--amount "${values.amount}" must be a whole number of cents (1250 for 12.50 €)`);
    const amount = values.amount === undefined ? undefined : Number(values.amount);
    if (command === 'ship') ['carrier', 'tracking-number'].forEach((name) => required(values, command, name as Option));
    if (command === 'refund') required(values, command, 'reason');

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
      case 'cancel':
        io.out(summary(await cancelOrder(db, ref, values.reason, now), 'canceled, stock given back, payment refunded'));
        break;
      case 'refund': {
        const order = await refundOrder(db, ref, { amount, reason: values.reason! }, now);
        io.out(summary(order, `refunded ${-(order.adjustments!.at(-1)!.totals![0].amount)} cents`));
        break;
      }
    }
    return 0;
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    io.err(`orders: ${escapeNonPrintable(message.split('\n')[0])}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await opened?.close().catch(() => undefined);
  }
}
