/**
 * Step of `npm test` before the suite: the browser tests drive Debian's chromium
 * (tests/helpers/browser.ts), which no npm package can bring. When it is missing, it is
 * installed from Debian's packages as .ci/run does, if this user may (root, with apt-get);
 * otherwise one line says what to run, and the tests stop before they start.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const INSTALL = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium';

if (!existsSync(CHROMIUM)) {
  const root = process.getuid?.() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!root || !apt) {
    console.error(`npm test: the browser tests need Debian's chromium at ${CHROMIUM}: run \`sudo ${INSTALL.replace('&& ', '&& sudo ')}\`, then npm test again`);
    process.exit(1);
  }
  console.log(`npm test: installing Debian's chromium for the browser tests (${INSTALL})`);
  const installed = spawnSync('sh', ['-c', INSTALL], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (installed.status !== 0 || !existsSync(CHROMIUM)) {
    console.error(`npm test: installing chromium failed; run \`${INSTALL}\` and npm test again`);
    process.exit(1);
  }
}
