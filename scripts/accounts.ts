/**
 * `npm run accounts -- <command>`: the merchant reviews business accounts (src/merchant/accounts-cli.ts)
 * on the local Netlify Database, or on a deployed site's with `--database-url`/`DATABASE_URL`.
 * `npm run accounts -- --help` lists the commands.
 */
import { runAccountsCli } from '../src/merchant/accounts-cli';
import { openMerchantDatabase } from '../src/state/open-database';

const code = await runAccountsCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
}, { open: (url) => openMerchantDatabase({ url }), env: process.env });
process.exitCode = code;
