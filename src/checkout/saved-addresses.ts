/**
 * The delivery addresses an account keeps: the address of each order placed signed in is saved
 * (once: the same address, written with other spaces or capitals, is one), the checkout offers
 * them and starts with the latest, and the account page deletes them (src/state/saved-addresses.ts).
 */
import { randomBytes } from 'node:crypto';
import { type Address, addressFingerprint, normalizeAddress } from '../commerce/address';
import type { Queryable } from '../state/db';
import type { Owner } from '../commerce/owner';
import type { SavedAddress } from '../state/saved-addresses';
import { deleteSavedAddress, savedAddressOf, savedAddressesOf, upsertSavedAddress } from '../state/saved-addresses';

export type { SavedAddress } from '../state/saved-addresses';
export { deleteSavedAddress, savedAddressOf, savedAddressesOf };

/**
 * Saves the delivery address of an order placed by the account `userId` (nothing for an order
 * without a street, e.g. a training alone).
 * @param now epoch ms
 * @throws StateError when the database fails
 */
export async function rememberAddress(q: Queryable, userId: string, address: Address, now: number): Promise<void> {
  const kept = normalizeAddress(address);
  if (!kept.street_address) return;
  await upsertSavedAddress(q, userId, { id: `adr_${randomBytes(16).toString('base64url')}`, address: kept, fingerprint: addressFingerprint(kept) }, now);
}

/**
 * The saved addresses a checkout of `owner` may name by id: the linked account's (UCP identity
 * linking), none for a guest.
 * @throws StateError when the database fails
 */
export async function accountAddresses(q: Queryable, owner: Pick<Owner, 'account'>): Promise<SavedAddress[]> {
  return owner.account ? savedAddressesOf(q, owner.account.user_id) : [];
}
