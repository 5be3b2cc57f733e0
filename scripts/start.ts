/**
 * `npm start`: the store on this machine, as close to production as the Netlify CLI allows
 * offline. It builds the real content (skip with `--no-build`), applies the SQL migrations of
 * netlify/database/migrations/ to the local Netlify Database (`netlify database migrations
 * apply`, data in .netlify/db/, kept across restarts), starts a mail catcher (maildev: SMTP on
 * MAIL_SMTP_PORT, default 1025, and its inbox page on MAIL_WEB_PORT, default 1080; skipped when
 * SMTP_URL is set), then serves dist/ and the function with `netlify dev` (the command that
 * starts the local database) on PORT (default 8888). The CLI runs no scheduled functions, so this
 * script calls the sweep function (netlify/functions/sweep.ts: crash recovery, e-mails of the
 * outbox) every 10 s, as Netlify's scheduler does every minute in production.
 *
 * The terminal gets a summary: one line for the build, one for the database, then the addresses
 * to open, then only what the function and the CLI say that matters (errors, the function's own
 * logs). Everything goes to the log file (`.netlify/start.log`, `.netlify/start-<PORT>.log` on
 * another port, or START_LOG); `--verbose` shows it all in the terminal too
 * (scripts/lib/start-output.ts decides what is shown).
 *
 * The Netlify CLI dies on some requests before the function sees them (a malformed percent
 * escape in a function's path, a body over 6 MB: README.md "Known limits"); when it dies after
 * having served, it is started again on the same port, and the database and the mail catcher
 * carry on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { localDatabaseLock } from '../src/state/local-serial';
import { CliOutputFilter, DEFAULT_PORT, buildFigures, buildSummary, lineSplitter, plain, startLogPath } from './lib/start-output';

const root = process.cwd();
const port = Number(process.env.PORT) || DEFAULT_PORT;
const base = `http://localhost:${port}`;
const SWEEP_EVERY_MS = 10_000;
const smtpPort = Number(process.env.MAIL_SMTP_PORT) || 1025;
const mailWebPort = Number(process.env.MAIL_WEB_PORT) || 1080;
const mailWeb = `http://localhost:${mailWebPort}/`;
const verbose = process.argv.includes('--verbose');

const logPath = process.env.START_LOG ? resolve(process.env.START_LOG) : startLogPath(root, port);
const logName = isAbsolute(relative(root, logPath)) || relative(root, logPath).startsWith('..') ? logPath : relative(root, logPath);
mkdirSync(dirname(logPath), { recursive: true });
const logFile = createWriteStream(logPath);
// Lines that come after the log is closed (a child's last words while stopping) are dropped.
logFile.on('error', () => undefined);
/** The last lines of every tool, for the report of a failure. */
const recent: string[] = [];

/** The time of day, to the millisecond, that starts each line of the log. */
function clock(): string {
  const now = new Date();
  return `${now.toTimeString().slice(0, 8)}.${String(now.getMilliseconds()).padStart(3, '0')}`;
}

function record(line: string): void {
  logFile.write(`${clock()} ${plain(line)}\n`);
  recent.push(line);
  if (recent.length > 40) recent.shift();
}

/** A line of this script: in the terminal and in the log. */
function say(line: string): void {
  console.log(line);
  logFile.write(`${clock()} [start] ${line}\n`);
}

const bin = (name: string) => resolve(root, 'node_modules', '.bin', name);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends a child's output, line by line, to the log and to `show` (the terminal, when it says so).
 * @param prefix put before each line in the log (which tool said it)
 */
function capture(child: ChildProcess, prefix: string, show: (line: string, stream: 'out' | 'err') => boolean = () => verbose): void {
  for (const [stream, name] of [[child.stdout, 'out'], [child.stderr, 'err']] as const) {
    if (!stream) continue;
    const lines = lineSplitter((line) => {
      record(prefix + line);
      if (show(line, name)) (name === 'out' ? process.stdout : process.stderr).write(`${line}\n`);
    });
    stream.on('data', (chunk) => lines.push(chunk));
    stream.on('end', () => lines.end());
  }
}

/** Runs a command to its end, its output in the log (and the terminal with `--verbose`). */
function runLogged(command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; lines: string[] }> {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const lines: string[] = [];
    record(`$ ${[command, ...args].map((a) => relative(root, a).startsWith('node_modules') ? relative(root, a) : a).join(' ')}`);
    capture(child, '', (line) => (lines.push(line), verbose));
    child.on('error', (error) => {
      record(String(error));
      done({ code: 1, lines });
    });
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), lines }));
  });
}

let stopping = false;
let mailCatcher: ChildProcess | null = null;
let dev: ChildProcess | null = null;
let serving = false;

let shuttingDown: Promise<never> | null = null;

/** Stops the children, then this script, with `code` (the first call's, when called again). */
function shutdown(code: number): Promise<never> {
  shuttingDown ??= (async () => {
    stopping = true;
    const children = [dev, mailCatcher].filter((c): c is ChildProcess => !!c && c.exitCode === null && c.signalCode === null);
    for (const child of children) child.kill('SIGTERM');
    const gone = Promise.all(children.map((c) => new Promise((r) => c.once('exit', r))));
    await Promise.race([gone, sleep(5000)]);
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await new Promise((r) => logFile.end(r));
    process.exit(code);
  })();
  return shuttingDown;
}

/** Tells a failure with the last lines of the log, and stops. */
async function fail(message: string, lines: readonly string[] = recent): Promise<never> {
  console.error(`start: ${message}; the last lines of ${logName}:`);
  for (const line of lines.slice(-30)) console.error(`  ${line}`);
  logFile.write(`${clock()} [start] ${message}\n`);
  return shutdown(1);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));

// 1. The build.
if (!process.argv.includes('--no-build')) {
  say(`build: content, search indexes and site (full output in ${logName})…`);
  const started = Date.now();
  // Built for this machine's origin: the discovery documents and every URL in answers name it (production builds keep content/store.yaml base_url).
  const build = await runLogged('npm', ['run', 'build'], { STORE_BASE_URL: base });
  if (build.code !== 0) await fail(`the build failed (exit ${build.code})`, build.lines);
  say(buildSummary(buildFigures(build.lines), Date.now() - started));
}

// 2. The database. A lock of the local database left by a killed run (src/state/local-serial.ts).
rmSync(localDatabaseLock(root), { force: true });
const migrations = await runLogged(process.execPath, [bin('netlify'), 'database', 'migrations', 'apply', '--json']);
if (migrations.code !== 0) await fail(`applying the migrations failed (exit ${migrations.code})`, migrations.lines);
const applied: string[] = (() => {
  try {
    return JSON.parse(/\{[\s\S]*\}/.exec(migrations.lines.join('\n'))?.[0] ?? '{}').migrations_applied ?? [];
  } catch {
    return [];
  }
})();
say(`database: .netlify/db, ${applied.length ? `${applied.length} migration(s) applied: ${applied.join(', ')}` : 'up to date'}`);

// 3. The mail catcher: the e-mails the store sends locally (approval codes, order confirmations) land in its inbox.
const smtpUrl = process.env.SMTP_URL ?? `smtp://127.0.0.1:${smtpPort}`;
if (!process.env.SMTP_URL) {
  mailCatcher = spawn(process.execPath, [bin('maildev'), '--smtp', String(smtpPort), '--web', String(mailWebPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--mail-directory', '.netlify/maildev'], { stdio: ['ignore', 'pipe', 'pipe'] });
  capture(mailCatcher, '[maildev] ');
  mailCatcher.on('exit', (code, signal) => {
    if (stopping) return;
    mailCatcher = null;
    const last = recent.filter((l) => l.startsWith('[maildev]') && l.trim() !== '[maildev]').at(-1)?.slice('[maildev] '.length) ?? '';
    say(`maildev stopped (exit ${code ?? signal}): ${last}`);
    say(`  e-mails wait in the outbox; are ports ${smtpPort}/${mailWebPort} taken? MAIL_SMTP_PORT and MAIL_WEB_PORT choose others`);
  });
}

// 4. The Netlify CLI: dist/, the functions, the local database server.
const filter = new CliOutputFilter();
const devArgs = ['dev', '--offline', '--internal-disable-edge-functions', '--dir', 'dist', '--framework', '#static', '--port', String(port), '--no-open'];

/** Starts `netlify dev`; its exit restarts it when it had served (a crash on a request), or stops everything. */
function startCli(): ChildProcess {
  filter.reset();
  const child = spawn(process.execPath, [bin('netlify'), ...devArgs], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, BROWSER: 'none', SMTP_URL: smtpUrl } });
  capture(child, '', (line) => filter.show(line) || verbose);
  child.once('exit', (code, signal) => void cliExited(child, code, signal));
  return child;
}

async function cliExited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): Promise<void> {
  const hadServed = serving;
  serving = false;
  // A stop signal sent to the whole process group reaches this script too: let its handler run first.
  await sleep(300);
  if (stopping || child !== dev) return;
  if (signal || code === 0) {
    say(`the Netlify CLI stopped (${signal ?? 'exit 0'})`);
    await shutdown(code ?? 1);
  }
  if (!hadServed) await fail(`the Netlify CLI exited (exit ${code}) before serving ${base}`);
  say(`the Netlify CLI died on a request (${filter.crashError ?? `exit ${code}`}); starting it again (README.md "Known limits"; details in ${logName})`);
  rmSync(localDatabaseLock(root), { force: true });
  const restarted = Date.now();
  dev = startCli();
  if (await untilServing(dev)) say(`serving again at ${base}/ (${Math.round((Date.now() - restarted) / 1000)} s)`);
}

/** Waits until `child` serves the store. @returns false when it exited first */
async function untilServing(child: ChildProcess): Promise<boolean> {
  while (child.exitCode === null && child.signalCode === null && !stopping) {
    try {
      const answer = await fetch(`${base}/products.json`);
      await answer.body?.cancel();
      if (answer.ok && child === dev) return (serving = true);
    } catch {
      /* not listening yet */
    }
    await sleep(300);
  }
  return false;
}

/** Waits (up to 10 s) until the mail catcher's inbox page answers. */
async function untilMailCatcher(): Promise<boolean> {
  for (const until = Date.now() + 10_000; mailCatcher && Date.now() < until; await sleep(200)) {
    try {
      const answer = await fetch(`http://127.0.0.1:${mailWebPort}/api/email`);
      await answer.body?.cancel();
      if (answer.ok) return true;
    } catch {
      /* not listening yet */
    }
  }
  return false;
}

const cliStarted = Date.now();
say(`serve: starting the Netlify CLI on port ${port}${mailCatcher ? ' and the mail catcher' : ''}…`);
dev = startCli();
if (await untilServing(dev)) {
  const mail = await untilMailCatcher();
  console.log('');
  say(`ready in ${Math.round((Date.now() - cliStarted) / 1000)} s:`);
  say(`  the store         ${base}/`);
  say(
    process.env.SMTP_URL ? '  e-mails          sent through SMTP_URL (no mail catcher)'
    : mail ? `  the mail catcher  ${mailWeb}   (approval codes, order e-mails)`
    : '  the mail catcher  not running (see above)',
  );
  say(`  full output       ${logName}   (Ctrl-C stops everything)`);
  console.log('');
}

// 5. The sweep, as the scheduler would call it; a failure is told once, and its end.
let sweepFailing = false;
while (!stopping) {
  await sleep(SWEEP_EVERY_MS);
  if (!serving) continue;
  try {
    const answer = await fetch(`${base}/.netlify/functions/sweep`);
    await answer.text();
    if (answer.ok === sweepFailing) {
      sweepFailing = !answer.ok;
      say(answer.ok ? 'sweep: answers again' : `sweep: HTTP ${answer.status} (the function's error is in ${logName}; retried every ${SWEEP_EVERY_MS / 1000} s)`);
    }
  } catch {
    /* the CLI is restarting or stopping */
  }
}
