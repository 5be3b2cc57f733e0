// The store's UCP business profiles as build-time responses (src/ucp/profile.ts), with the public
// half of UCP_SIGNING_KEY (give the variable to builds and functions on Netlify); a local build
// without it uses the local key, created on first use.
import { businessProfile } from '../../ucp/profile';
import type { UcpVersion } from '../../ucp/version';
import { ensureLocalSigningKey, parseSigningKey, signingKeyOrNull } from '../../ucp/webhooks/keys';
import { catalogSnapshot } from '../_static';

function publishedKey() {
  const key = signingKeyOrNull();
  if (key) return key;
  if (!process.env.NETLIFY) return parseSigningKey(ensureLocalSigningKey());
  console.warn('/.well-known/ucp: UCP_SIGNING_KEY is not set for this build; the profiles publish no signing keys and order webhooks cannot be verified');
  return null;
}

/** The business profile at `version` (default: the current one) as a JSON response. */
export function profileResponse(version?: UcpVersion): Response {
  const key = publishedKey();
  return new Response(`${JSON.stringify(businessProfile(catalogSnapshot().store, key ? [key.publicJwk] : [], version), null, 2)}\n`, {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}
