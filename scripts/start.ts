/**
 * `npm start`: the store on this machine, as close to production as the Netlify CLI allows
 * offline. It builds the real content (skip with `--no-build`), applies the SQL migrations of
 * netlify/database/migrations/ to the local Netlify Database (`netlify database migrations
 * apply`, data in .netlify/db/, kept across restarts), then serves dist/ and the function with
 * `netlify dev` (the command that starts the local database) on PORT (default 8888). The CLI
 * runs no scheduled functions, so this script calls the sweep function (netlify/functions/sweep.ts)
 * every 30 s, as Netlify's scheduler does every minute in production.
 */
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const port = Number(process.env.PORT) || 8888;
const base = `http://localhost:${port}`;
const SWEEP_EVERY_MS = 30_000;

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`start: \`${command} ${args.join(' ')}\` failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}

if (!process.argv.includes('--no-build')) run('npm', ['run', 'build']);
// A lock of the local database left by a killed run (src/state/local-serial.ts).
rmSync('.netlify/db.lock', { force: true });
run('npx', ['netlify', 'database', 'migrations', 'apply']);

const dev = spawn('npx', ['netlify', 'dev', '--offline', '--internal-disable-edge-functions', '--dir', 'dist', '--framework', '#static', '--port', String(port), '--no-open'], {
  stdio: 'inherit',
  env: { ...process.env, BROWSER: 'none' },
});

const sweeper = setInterval(() => {
  fetch(`${base}/.netlify/functions/sweep`).then((r) => r.text()).catch(() => undefined);
}, SWEEP_EVERY_MS);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    clearInterval(sweeper);
    dev.kill(signal);
  });
}
dev.on('exit', (code) => {
  clearInterval(sweeper);
  process.exit(code ?? 0);
});
