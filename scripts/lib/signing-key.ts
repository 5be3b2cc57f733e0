/**
 * For scripts/start.ts: the local signing key of order webhooks, created on the first run in
 * `.netlify/ucp-signing-key.json` (git-ignored). Call `process.env.UCP_SIGNING_KEY ||=
 * ensureLocalSigningKey()` before the build and `netlify dev`, so the published
 * `/.well-known/ucp` `signing_keys` and the function's signatures use one key.
 */
export { ensureLocalSigningKey } from '../../src/ucp/webhooks/keys';
