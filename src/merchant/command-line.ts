/**
 * What the merchant's command lines share (`npm run orders`, `npm run accounts`): their input and
 * output, how a database is opened, and how a wrong command line is told (one sentence, exit 2).
 */
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import type { OpenedDatabase } from '../state/open-database';

/** A wrong command line: exit code 2. */
export class UsageError extends Error {}

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

/** A parseArgs error (Node's wording, several lines) as one sentence. */
export function parseError(error: Error): string {
  const [first, ...rest] = error.message.split('\n');
  const option = /^Option '(--[\w-]+)' argument is ambiguous\.$/.exec(first)?.[1];
  if (option && rest.length) return `Option ${option} is followed by a value starting with a dash: write it as ${option}=<value>.`;
  const missing = /^Option '(--[\w-]+)(?: <value>)?' argument missing$/.exec(first)?.[1];
  if (missing) return `Option ${missing} needs a value.`;
  const sentence = first.replace(/\. To specify a positional argument.*$/, '').trim();
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** A command: whether it takes one reference (an order, an application), and the options it takes. */
export interface CommandSpec<O extends string> {
  ref: boolean;
  options: readonly O[];
}

/**
 * Reads a command line: `<command> [<ref>] [options]`, strictly (an unknown option, an option the
 * command does not take, a missing or extra reference is a `UsageError`), `--help` and no
 * command print the usage (`exit`: 0 with `--help`, 2 without a command; null when the command runs).
 * @param noun how the reference is named in the refusals: `one` ("order"), `needs` ("an order id or label")
 * @throws UsageError for a wrong command line
 */
export function parseCommand<const T extends ParseArgsOptionsConfig>(args: string[], options: T, commands: Record<string, CommandSpec<Extract<keyof T, string>>>, usage: string, io: CliIo, noun: { one: string; needs: string }) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(parseError(error as Error));
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  const flags = values as Record<string, unknown>;
  if (flags.help || !command) {
    (flags.help ? io.out : io.err)(usage);
    return { exit: flags.help ? 0 : 2, command: '', values, ref: '' };
  }
  const spec = commands[command];
  if (!spec) throw new UsageError(`Unknown command "${command}" (commands: ${Object.keys(commands).join(', ')}).`);
  for (const name of Object.keys(values)) {
    if (name !== 'database-url' && name !== 'help' && !(spec.options as readonly string[]).includes(name)) throw new UsageError(`The ${command} command takes no --${name}.`);
  }
  if (spec.ref && rest.length !== 1) throw new UsageError(rest.length ? `The ${command} command takes one ${noun.one}, got ${rest.length}.` : `The ${command} command needs ${noun.needs}.`);
  if (!spec.ref && rest.length) throw new UsageError(`The ${command} command takes no argument "${rest[0]}".`);
  return { exit: null, command, values, ref: rest[0] as string };
}
