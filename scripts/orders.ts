/**
 * `npm run orders -- <command>`: the merchant's command line (src/merchant/cli.ts) on the local
 * Netlify Database, or on a deployed site's with `--database-url`/`DATABASE_URL`
 * (src/state/open-database.ts). `npm run orders -- --help` lists the commands.
 */
import { runOrdersCli } from '../src/merchant/cli';
import { openMerchantDatabase } from '../src/state/open-database';

const code = await runOrdersCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
}, { open: (url) => openMerchantDatabase({ url }), env: process.env });
process.exitCode = code;
