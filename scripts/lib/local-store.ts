/**
 * Starts the store with `npm start` (the Netlify CLI offline: static files, the functions,
 * redirects and local state in .netlify/) on a loopback port, for end-to-end tests,
 * load tests and benchmarks. Only ever listens on and talks to localhost.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface LocalStore {
  base: string;
  port: number;
  /** Milliseconds from spawn to the first 200 of /products.json. */
  startupMs: number;
  /** Stops the CLI and everything it started; resolves when the process group is gone. */
  stop(): Promise<void>;
  /** Last lines the CLI printed (for error reports). */
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
  const started = Date.now();
  // Through `npm start` itself, whatever command it runs; a later --port overrides the script's own.
  const child: ChildProcess = spawn('npm', ['start', '--', '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, BROWSER: 'none', ...options.env },
  });
  let output = '';
  child.stdout!.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr!.on('data', (d) => (output = (output + d).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  };
  const deadline = started + (options.timeoutMs ?? 240_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    try {
      if ((await fetch(`${base}/products.json`)).ok) return { base, port, startupMs: Date.now() - started, stop, log: () => output };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`no answer from ${base} within ${(options.timeoutMs ?? 240_000) / 1000} s:\n${output.slice(-4000)}`);
}
