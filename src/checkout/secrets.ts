/**
 * The unguessable secrets in the buyer's URLs: the approval page (`continue_url`) and the order
 * status page (`permalink_url`): the `continue_url` carries an unguessable secret, so the page is
 * not readable by anyone else (docs/decisions.md "IDs of carts, checkouts and orders are unguessable";
 * docs/agent-commerce.md "Buyer approval"). The same key also gives the keys of the approval codes and of sealed outbox
 * payloads (`subkey`).
 *
 * A secret is HMAC-SHA256(key, kind:id:nonce), 256 bits in base64url. The checkout or order
 * stores only the random nonce and the SHA-256 digest of the secret (src/commerce/approval.ts
 * `secretDigest`), so the URL can be shown again in every response without being stored, and a
 * request is checked in constant time against the digest. The key comes from the environment
 * (`UCP_URL_SECRET_KEY`, at least 32 characters: set it in production so that reading the
 * database alone does not reveal any URL); without it a random key is created once in the
 * database (table `service_keys`) and shared by every instance.
 */
import { type KeyObject, createHmac, createSecretKey, randomBytes } from 'node:crypto';
import type { Queryable } from '../state/db';
import { sharedKey } from '../state/service-keys';
import type { SecretRef } from '../commerce/records';
import { secretDigest, secretMatches } from '../commerce/approval';

export type SecretKind = 'approve' | 'order';

export type { SecretRef };

export interface UrlSecrets {
  /** A new nonce and the digest of the secret it gives, to store on a new record. */
  mint(kind: SecretKind, id: string): Promise<SecretRef>;
  /** The secret of a record, to put in its URL. */
  secret(kind: SecretKind, id: string, ref: SecretRef): Promise<string>;
  /** True when `candidate` is the record's secret (constant time). */
  matches(candidate: string, ref: SecretRef): boolean;
  /**
   * A 32-byte key for another purpose, derived from the same secret key
   * (HMAC-SHA256(key, "purpose:" + name): distinct from every URL secret, whose input starts with its kind).
   */
  subkey(purpose: 'approval-code' | 'seal' | 'card-challenge' | 'accounts'): Promise<Buffer>;
}

const KEY_NAME = 'url-secrets';

/**
 * The URL secrets of a process.
 * @param db where the fallback key lives
 * @param envKey the key from the environment, if set (at least 32 characters)
 * @throws Error (at creation) when `envKey` is set but shorter than 32 characters
 */
export function createUrlSecrets(db: Queryable, envKey?: string): UrlSecrets {
  if (envKey !== undefined && envKey.length < 32) throw new Error('UCP_URL_SECRET_KEY must be at least 32 characters');
  // A KeyObject: HMAC with a Buffer key re-checks and copies the key on every call (~5x slower),
  // and every checkout answer derives its continue_url.
  let key: Promise<KeyObject> | undefined = envKey ? Promise.resolve(createSecretKey(Buffer.from(envKey, 'utf8'))) : undefined;

  const loadKey = (): Promise<KeyObject> => {
    key ??= (async () => {
      const stored = await sharedKey(db, KEY_NAME, randomBytes(32).toString('base64url'));
      return createSecretKey(Buffer.from(stored, 'base64url'));
    })().catch((error) => {
      key = undefined;
      throw error;
    });
    return key;
  };

  const derive = async (kind: SecretKind, id: string, nonce: string) =>
    createHmac('sha256', await loadKey()).update(`${kind}:${id}:${nonce}`).digest('base64url');

  return {
    async mint(kind, id) {
      const nonce = randomBytes(16).toString('base64url');
      return { nonce, digest: secretDigest(await derive(kind, id, nonce)) };
    },
    secret: (kind, id, ref) => derive(kind, id, ref.nonce),
    matches: (candidate, ref) => typeof candidate === 'string' && candidate.length > 0 && candidate.length <= 200 && secretMatches(candidate, ref.digest),
    subkey: async (purpose) => createHmac('sha256', await loadKey()).update(`purpose:${purpose}`).digest(),
  };
}
