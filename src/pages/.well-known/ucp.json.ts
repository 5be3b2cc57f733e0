// GET /.well-known/ucp: the store's UCP business profile (docs/spec.md "D. Discovery";
// docs/ucp.md §1), rendered at build time from content/store.yaml by src/ucp/profile.ts.
// Written as /.well-known/ucp.json and served at /.well-known/ucp by a 200 rewrite in
// netlify.toml: a file's content type comes from its extension (the Netlify CLI ignores
// Content-Type in [[headers]]), so the extension gives application/json locally and in production.
// `signing_keys` publishes the public half of UCP_SIGNING_KEY (give the variable to builds and
// functions on Netlify); a local build without it uses the local key, created on first use.
import type { APIRoute } from 'astro';
import { businessProfile } from '../../ucp/profile';
import { ensureLocalSigningKey, parseSigningKey, signingKeyOrNull } from '../../ucp/webhooks/keys';
import { catalogSnapshot } from '../_static';

function publishedKey() {
  const key = signingKeyOrNull();
  if (key) return key;
  if (!process.env.NETLIFY) return parseSigningKey(ensureLocalSigningKey());
  console.warn('/.well-known/ucp: UCP_SIGNING_KEY is not set for this build; the profile publishes no signing_keys and order webhooks cannot be verified');
  return null;
}

export const GET: APIRoute = () => {
  const key = publishedKey();
  return new Response(`${JSON.stringify(businessProfile(catalogSnapshot().store, key ? [key.publicJwk] : []), null, 2)}\n`, {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
};
