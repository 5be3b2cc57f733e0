/**
 * `npm run test:e2e`: starts the store as `npm start` does on a free loopback port
 * (scripts/lib/local-store.ts), its VIES adapter pointed at a local server that answers as VIES
 * does (VIES_ENDPOINT; the Commission's service is out of reach here), runs the end-to-end suite
 * (vitest.e2e.config.ts) with E2E_BASE_URL set, and stops the server; then runs tests/e2e/restart/, whose tests start and
 * kill stores of their own. Exits with the first failing phase's exit code.
 */
import { spawn } from 'node:child_process';
import { startLocalStore } from '../../scripts/lib/local-store';
import { E2E_VIES_NUMBERS } from './vies-numbers';
import { startViesServer } from '../helpers/vies-server';

let code = 1;
const vies = await startViesServer(E2E_VIES_NUMBERS);
const store = await startLocalStore({ port: Number(process.env.E2E_PORT) || undefined, env: { VIES_ENDPOINT: vies.endpoint } }).catch((e: Error) => {
  console.error(`e2e: ${e.message}`);
  process.exit(1);
});
try {
  console.log(`e2e: store up at ${store.base} after ${(store.startupMs / 1000).toFixed(1)} s`);
  const suite = spawn('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, E2E_BASE_URL: store.base, E2E_MAIL_URL: store.mailWeb } });
  code = await new Promise<number>((resolve) => suite.on('exit', (c) => resolve(c ?? 1)));
} finally {
  await store.stop();
  await vies.close();
}
if (code === 0) {
  // Tests that start, kill and restart stores of their own, once the shared one is stopped.
  const restart = spawn('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', 'tests/e2e/restart/'], { stdio: 'inherit', env: { ...process.env, E2E_PHASE: 'restart' } });
  code = await new Promise<number>((resolve) => restart.on('exit', (c) => resolve(c ?? 1)));
}
process.exit(code);
