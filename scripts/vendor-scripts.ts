/**
 * Step of `npm run build`: writes the scripts of the function's pages into public/scripts/, each
 * only when it changed (the function's pages allow scripts from the site itself only,
 * src/http/html/shell.ts):
 * - passkeys.js, the account pages' script: SimpleWebAuthn's browser bundle
 *   (`@simplewebauthn/browser`, its UMD build: the global `SimpleWebAuthnBrowser`) followed by the
 *   store's glue (src/scripts/passkeys.js);
 * - checkout.js, the checkout form's script (src/scripts/checkout.js, as written).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
// The package exports its modules only: its bundle sits beside them (its `unpkg` entry), two folders up from the CommonJS entry.
const bundle = readFileSync(join(dirname(require.resolve('@simplewebauthn/browser')), '..', 'dist/bundle/index.umd.min.js'), 'utf8');
const scripts: Record<string, string> = {
  'public/scripts/passkeys.js': `${bundle}\n${readFileSync('src/scripts/passkeys.js', 'utf8')}`,
  'public/scripts/checkout.js': readFileSync('src/scripts/checkout.js', 'utf8'),
};
for (const [target, text] of Object.entries(scripts)) {
  if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`vendor-scripts: ${target} written`);
}
