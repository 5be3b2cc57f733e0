/**
 * Step of `npm run build`: writes public/scripts/passkeys.js, the account pages' only script —
 * SimpleWebAuthn's browser bundle (`@simplewebauthn/browser`, its UMD build: the global
 * `SimpleWebAuthnBrowser`) followed by the store's glue (src/scripts/passkeys.js) — only when it
 * changed. The function's pages allow scripts from the site itself only (src/http/html/shell.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
// The package exports its modules only: its bundle sits beside them (its `unpkg` entry), two folders up from the CommonJS entry.
const bundle = readFileSync(join(dirname(require.resolve('@simplewebauthn/browser')), '..', 'dist/bundle/index.umd.min.js'), 'utf8');
const glue = readFileSync('src/scripts/passkeys.js', 'utf8');
const target = 'public/scripts/passkeys.js';
const text = `${bundle}\n${glue}`;
if (!existsSync(target) || readFileSync(target, 'utf8') !== text) {
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`vendor-scripts: ${target} written`);
}
