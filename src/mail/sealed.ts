/**
 * Sealing a secret that must wait in the outbox before it is mailed (the buyer's one-time
 * code): AES-256-GCM under the service's `seal` key, so a reader of the database learns nothing
 * from the queued message, and the sealed value is dropped once the message is sent.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encrypts and authenticates `plaintext`.
 * @param key 32 bytes
 * @returns `<iv>.<tag>.<ciphertext>`, each base64url
 */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/**
 * Decrypts what `seal` produced with the same key.
 * @throws Error when the value is malformed, was altered, or was sealed under another key
 */
export function unseal(key: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body || iv.length !== 12 || tag.length !== 16) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
