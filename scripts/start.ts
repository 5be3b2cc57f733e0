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
 */
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { localDatabaseLock } from '../src/state/local-serial';

const port = Number(process.env.PORT) || 8888;
const base = `http://localhost:${port}`;
const SWEEP_EVERY_MS = 10_000;
const smtpPort = Number(process.env.MAIL_SMTP_PORT) || 1025;
const mailWebPort = Number(process.env.MAIL_WEB_PORT) || 1080;

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`start: \`${command} ${args.join(' ')}\` failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}

if (!process.argv.includes('--no-build')) run('npm', ['run', 'build']);
// A lock of the local database left by a killed run (src/state/local-serial.ts).
rmSync(localDatabaseLock(process.cwd()), { force: true });
run('npx', ['netlify', 'database', 'migrations', 'apply']);

// The e-mails the store sends locally (approval codes, order confirmations) land in maildev's inbox.
const mailCatcher = process.env.SMTP_URL ? null : spawn('npx', ['maildev', '--smtp', String(smtpPort), '--web', String(mailWebPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--mail-directory', '.netlify/maildev'], { stdio: 'ignore' });
const smtpUrl = process.env.SMTP_URL ?? `smtp://127.0.0.1:${smtpPort}`;
if (mailCatcher) console.log(`start: e-mails (approval codes, order confirmations) are caught by maildev: read them at http://localhost:${mailWebPort}/`);

const dev = spawn('npx', ['netlify', 'dev', '--offline', '--internal-disable-edge-functions', '--dir', 'dist', '--framework', '#static', '--port', String(port), '--no-open'], {
  stdio: 'inherit',
  env: { ...process.env, BROWSER: 'none', SMTP_URL: smtpUrl },
});

const sweeper = setInterval(() => {
  fetch(`${base}/.netlify/functions/sweep`).then((r) => r.text()).catch(() => undefined);
}, SWEEP_EVERY_MS);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    clearInterval(sweeper);
    mailCatcher?.kill(signal);
    dev.kill(signal);
  });
}
dev.on('exit', (code) => {
  clearInterval(sweeper);
  mailCatcher?.kill('SIGTERM');
  process.exit(code ?? 0);
});
