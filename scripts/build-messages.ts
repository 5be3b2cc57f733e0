/**
 * Step of `npm run build` (and `npm run messages`): compiles the message catalogues
 * (messages/<locale>.json, ICU MessageFormat, French the source) into typed message modules,
 * src/i18n/generated/<namespace>.js + .d.ts, written only when they changed. It fails, naming
 * the file and the key, when a catalogue misses a key of the French one or has one it does not,
 * when a message does not parse, or when its arguments (names and kinds: plain, plural, select,
 * number…) differ from the French message's; it lists the keys no source file names.
 * Rules: scripts/lib/messages.ts; why this library: docs/decisions.md "Words in message catalogues".
 */
import { compileCatalogues, readCatalogues, unusedKeys, writeIfChanged } from './lib/messages';

const root = process.cwd();
const catalogues = readCatalogues(root);
const result = compileCatalogues(catalogues);
if ('errors' in result) {
  for (const error of result.errors) console.error(`messages: ${error}`);
  console.error(`messages: ${result.errors.length} error(s); nothing written`);
  process.exit(1);
}
const written = result.files.filter((file) => writeIfChanged(root, file));
if (written.length) console.log(`messages: ${written.map((f) => f.path).join(', ')} written from messages/*.json`);
const unused = unusedKeys(root, catalogues);
if (unused.length) console.warn(`messages: ${unused.length} key(s) named by no source file: ${unused.join(', ')}`);
