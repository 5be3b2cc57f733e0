/**
 * First step of `npm run build`: writes src/catalog/store-locales.ts from the project's
 * content/store.yaml, only when it changed (scripts/lib/locales-module.ts). Always the project's
 * own file, not CONTENT_ROOT's: the locales are part of the code's types.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { LOCALES_MODULE, localesModule } from './lib/locales-module';

const text = localesModule(process.cwd());
if (!existsSync(LOCALES_MODULE) || readFileSync(LOCALES_MODULE, 'utf8') !== text) {
  writeFileSync(LOCALES_MODULE, text);
  console.log(`write-locales: ${LOCALES_MODULE} written from content/store.yaml`);
}
