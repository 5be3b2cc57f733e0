/**
 * `npm run test:e2e`: starts the store as `npm start` does (Netlify CLI, offline: build, static
 * files, the function, redirects and local Blobs) on a free loopback port, waits until it answers,
 * runs the end-to-end suite (vitest.e2e.config.ts) with E2E_BASE_URL set, and stops the server.
 * Exits with the suite's exit code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s`);
}

const port = Number(process.env.E2E_PORT) || (await freePort());
const base = `http://localhost:${port}`;
const started = Date.now();
const server = spawn('npx', ['netlify', 'serve', '--offline', '--internal-disable-edge-functions', '--port', String(port)], {
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
  env: { ...process.env, BROWSER: 'none' },
});
let log = '';
server.stdout!.on('data', (d) => (log += d));
server.stderr!.on('data', (d) => (log += d));
const stop = () => {
  try {
    process.kill(-server.pid!, 'SIGTERM');
  } catch {
    /* already gone */
  }
};
process.on('exit', stop);

let code = 1;
try {
  await waitFor(`${base}/products.json`, server, 240_000);
  console.log(`e2e: store up at ${base} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const suite = spawn('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, E2E_BASE_URL: base } });
  code = await new Promise<number>((resolve) => suite.on('exit', (c) => resolve(c ?? 1)));
} catch (error) {
  console.error(`e2e: ${(error as Error).message}\n--- server output ---\n${log.slice(-4000)}`);
} finally {
  stop();
}
process.exit(code);
