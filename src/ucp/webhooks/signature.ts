/**
 * Signing an outgoing request as UCP requires (UCP "Message Signatures", REST binding; order
 * capability "Webhook Signature Verification"): HTTP Message Signatures (RFC 9421) with ES256
 * (`ecdsa-p256-sha256`, signature as raw r‖s, RFC 9421 §3.3.4), the body bound by a
 * `Content-Digest` (RFC 9530, sha-256 of the raw bytes), `keyid` naming a key of our
 * `/.well-known/ucp` `signing_keys`, no `alg` parameter (UCP: the algorithm follows from the
 * key). The covered components are the target (`@method`, `@authority`, `@path`, `@query` when
 * there is one), the body (`content-digest`, `content-type`) and every UCP header sent
 * (`ucp-agent`, `webhook-id`, `webhook-timestamp`), so none can be changed or replayed
 * elsewhere without breaking the signature.
 */
import { createHash, sign } from 'node:crypto';
import type { SigningKey } from './keys';

/** `Content-Digest` of a body (RFC 9530 §2): `sha-256=:<base64 of SHA-256 of the raw bytes>:`. */
export function contentDigest(body: Buffer | string): string {
  return `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;
}

/** A request to sign: method, absolute URL, headers (lower-case names) and body. */
export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer | string;
}

/** The value of a derived component (RFC 9421 §2.2). */
function derived(name: string, request: OutgoingRequest): string {
  const url = new URL(request.url);
  switch (name) {
    case '@method': return request.method.toUpperCase();
    // Host and non-default port, lower-case (§2.2.3).
    case '@authority': return url.host.toLowerCase();
    case '@path': return url.pathname || '/';
    case '@query': return url.search || '?';
    default: throw new Error(`unsupported derived component ${name}`);
  }
}

/**
 * The signature base of RFC 9421 §2.5 for `components` and the `@signature-params` line.
 * @throws Error when a covered header is missing
 */
export function signatureBase(request: OutgoingRequest, components: readonly string[], params: string): string {
  const lines = components.map((name) => {
    if (name.startsWith('@')) return `"${name}": ${derived(name, request)}`;
    const value = request.headers[name];
    if (value === undefined) throw new Error(`covered header ${name} is missing`);
    return `"${name}": ${value.trim()}`;
  });
  return [...lines, `"@signature-params": ${params}`].join('\n');
}

/**
 * Signs a request: adds `Content-Digest`, `Signature-Input` and `Signature` (label `sig1`).
 * @param created signature creation time, seconds since the epoch (RFC 9421 §2.3 `created`)
 * @returns the request's headers with the three added
 */
export function signRequest(request: OutgoingRequest, key: SigningKey, created: number): Record<string, string> {
  const headers = { ...request.headers, 'content-digest': contentDigest(request.body) };
  const signed = { ...request, headers };
  const components = ['@method', '@authority', '@path', ...(new URL(request.url).search ? ['@query'] : []),
    'content-digest', 'content-type', ...['ucp-agent', 'webhook-id', 'webhook-timestamp', 'idempotency-key'].filter((h) => h in headers)];
  const params = `(${components.map((c) => `"${c}"`).join(' ')});created=${created};keyid="${key.kid}"`;
  const signature = sign('sha256', Buffer.from(signatureBase(signed, components, params)), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return { ...headers, 'signature-input': `sig1=${params}`, signature: `sig1=:${signature.toString('base64')}:` };
}
