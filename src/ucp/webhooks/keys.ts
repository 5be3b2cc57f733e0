/**
 * The store's signing key (UCP message signatures: ES256, an EC P-256 key as a JWK, RFC 7517;
 * docs/agent-commerce.md "Signing keys"). The private key comes from the environment, `UCP_SIGNING_KEY`:
 * a private JWK (`{"kty":"EC","crv":"P-256","x","y","d","kid"?}`) or a PKCS#8 PEM; its key id
 * is the JWK's `kid`, else `UCP_SIGNING_KEY_ID`, else the key's RFC 7638 thumbprint. The public
 * half is published in `/.well-known/ucp` `signing_keys` (src/ucp/profile.ts) so platforms
 * verify our webhooks.
 *
 * A local run (`npm start`, local builds) has no `UCP_SIGNING_KEY`: a key is generated once
 * into `.netlify/ucp-signing-key.json` (git-ignored, like all of `.netlify/`; mode 0600) and
 * reused by every later run, so the `/.well-known/ucp` built locally and the webhooks signed
 * under `netlify dev` agree. Production never reads that file.
 */
import { type KeyObject, createHash, createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A loaded private key with its published id. */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  /** The public JWK as published: `{kid, kty, crv, x, y, use: "sig", alg: "ES256"}`. */
  publicJwk: PublicJwk;
}

export interface PublicJwk {
  kid: string;
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  use: 'sig';
  alg: 'ES256';
}

/** The RFC 7638 thumbprint (SHA-256, base64url) of an EC public key. */
export function thumbprint(jwk: { crv: string; x: string; y: string }): string {
  // Required members only, in lexicographic order, no whitespace (RFC 7638 §3.2).
  return createHash('sha256').update(JSON.stringify({ crv: jwk.crv, kty: 'EC', x: jwk.x, y: jwk.y })).digest('base64url');
}

/**
 * Reads a private key.
 * @param text a private JWK (JSON) or a PKCS#8/SEC1 PEM
 * @param kid key id when the JWK has none (default: the RFC 7638 thumbprint)
 * @throws Error when the text is not an EC P-256 private key
 */
export function parseSigningKey(text: string, kid?: string): SigningKey {
  const trimmed = text.trim();
  let privateKey: KeyObject;
  let declaredKid: string | undefined;
  try {
    if (trimmed.startsWith('{')) {
      const jwk = JSON.parse(trimmed) as { kid?: unknown };
      declaredKid = typeof jwk.kid === 'string' && jwk.kid ? jwk.kid : undefined;
      privateKey = createPrivateKey({ key: jwk as never, format: 'jwk' });
    } else {
      privateKey = createPrivateKey(trimmed.replace(/\\n/g, '\n'));
    }
  } catch (error) {
    throw new Error(`UCP_SIGNING_KEY is not a private key (JWK or PEM): ${(error as Error).message}`);
  }
  const jwk = privateKey.export({ format: 'jwk' }) as { kty?: string; crv?: string; x?: string; y?: string };
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y) throw new Error('UCP_SIGNING_KEY must be an EC P-256 key (ES256)');
  const id = declaredKid ?? kid ?? thumbprint({ crv: jwk.crv, x: jwk.x, y: jwk.y });
  return { kid: id, privateKey, publicJwk: { kid: id, kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, use: 'sig', alg: 'ES256' } };
}

/**
 * The signing key the environment configures.
 * @param env `UCP_SIGNING_KEY` (JWK or PEM), `UCP_SIGNING_KEY_ID` (optional key id); under
 *        `netlify dev` (NETLIFY_DEV) without `UCP_SIGNING_KEY`, the local key file if one exists
 * @returns the key, or null when none is configured (webhooks then wait in the outbox)
 * @throws Error when the key is not an EC P-256 private key
 */
export function signingKeyFromEnv(env: Record<string, string | undefined> = process.env): SigningKey | null {
  const text = env.UCP_SIGNING_KEY || (env.NETLIFY_DEV ? readLocalSigningKey() : undefined);
  return text ? parseSigningKey(text, env.UCP_SIGNING_KEY_ID || undefined) : null;
}

/**
 * A new EC P-256 private key as a JWK whose `kid` is its thumbprint.
 * @returns the JWK as JSON (the value of `UCP_SIGNING_KEY`)
 */
export function generateSigningKey(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' }) as { crv: string; x: string; y: string };
  return JSON.stringify({ ...jwk, kid: thumbprint(jwk), use: 'sig', alg: 'ES256' });
}

/**
 * Like `signingKeyFromEnv`, but a malformed key is logged and read as none, so a bad variable
 * stops webhooks (they wait in the outbox, each attempt saying why) and nothing else.
 */
export function signingKeyOrNull(env: Record<string, string | undefined> = process.env): SigningKey | null {
  try {
    return signingKeyFromEnv(env);
  } catch (error) {
    console.error(`signing key: ${(error as Error).message}; webhooks wait in the outbox until it is fixed`);
    return null;
  }
}

/** Where the local key lives, under a project root. */
export function localSigningKeyFile(root: string = process.cwd()): string {
  return join(root, '.netlify', 'ucp-signing-key.json');
}

/**
 * The local signing key, created on first use.
 * @param root the project root (default: the working directory)
 * @returns the private JWK as JSON: the value to give `UCP_SIGNING_KEY`
 */
export function ensureLocalSigningKey(root: string = process.cwd()): string {
  const file = localSigningKeyFile(root);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    // `wx`: two processes starting at once keep the first key.
    try {
      writeFileSync(file, `${generateSigningKey()}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}

/** The local key if one was created, else undefined (never creates one). */
export function readLocalSigningKey(root: string = process.cwd()): string | undefined {
  const file = localSigningKeyFile(root);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}
