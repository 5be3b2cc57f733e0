/**
 * What the merchant's command lines share (`npm run orders`, `npm run accounts`): their input and
 * output, how a database is opened, and how a wrong command line is told (one sentence, exit 2).
 */
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
