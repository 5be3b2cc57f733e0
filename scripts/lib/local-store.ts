/**
 * Starts the store with `npm start` (scripts/start.ts: migrations applied to the local Netlify
 * Database, then `netlify dev` serving dist/ and the function) on a loopback port, for
 * end-to-end tests, load tests and benchmarks. The build is skipped when dist/ exists (`npm
 * test` has just built it). Only ever listens on and talks to localhost. The store's full output
 * goes to a log file of its own in the temporary directory (START_LOG, scripts/start.ts), removed
 * when the store is stopped, so test runs leave no log behind in `.netlify/`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LocalStore {
  base: string;
  port: number;
  /** The mail catcher's inbox (maildev web and API: `<mailWeb>/api/email`). */
  mailWeb: string;
  /** Milliseconds from spawn to the first 200 of /products.json. */
  startupMs: number;
  /** Stops the CLI and everything it started; resolves when the process group is gone. */
  stop(): Promise<void>;
  /** Kills the whole process group at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** The end of the store's full output (its log file; for error reports). */
  log(): string;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the store and waits until it answers.
 * @param options.port fixed port (default: a free one), e.g. to restart on the same address
 * @throws Error with the CLI's output when it exits or does not answer within `timeoutMs`
 */
export async function startLocalStore(options: { port?: number; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<LocalStore> {
  const port = options.port ?? (await freePort());
  const base = `http://localhost:${port}`;
  const [smtpPort, mailWebPort] = [Number(options.env?.MAIL_SMTP_PORT) || (await freePort()), Number(options.env?.MAIL_WEB_PORT) || (await freePort())];
  const mailWeb = `http://127.0.0.1:${mailWebPort}`;
  const started = Date.now();
  const args = ['start', '--', ...(existsSync('dist/index.html') ? ['--no-build'] : [])];
  const logPath = join(tmpdir(), `poissons-store-${port}.log`);
  const child: ChildProcess = spawn('npm', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, BROWSER: 'none', PORT: String(port), MAIL_SMTP_PORT: String(smtpPort), MAIL_WEB_PORT: String(mailWebPort), START_LOG: logPath, ...options.env },
  });
  let output = '';
  child.stdout!.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr!.on('data', (d) => (output = (output + d).slice(-20_000)));
  /** What the terminal showed, then the end of the full log. */
  const log = () => {
    let full = '';
    try {
      full = readFileSync(logPath, 'utf8').slice(-8_000);
    } catch {
      /* not written yet */
    }
    return `${output.slice(-4_000)}${full ? `\n--- ${logPath} (end) ---\n${full}` : ''}`;
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  /** Sends `signal` to the whole process group and waits up to 5 s for it to exit. @returns false when it was already gone */
  const signalGroup = async (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      return false;
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    return true;
  };
  const kill = async () => {
    await signalGroup('SIGKILL');
  };
  const stop = async () => {
    if (await signalGroup('SIGTERM')) await kill();
    rmSync(logPath, { force: true });
  };
  const deadline = started + (options.timeoutMs ?? 240_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${base}/products.json`)).ok && (await fetch(`${mailWeb}/api/email`)).ok) return { base, port, mailWeb, startupMs: Date.now() - started, stop, kill, log };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const report = log();
  await stop();
  throw new Error(`no answer from ${base} within ${(options.timeoutMs ?? 240_000) / 1000} s:\n${report}`);
}
