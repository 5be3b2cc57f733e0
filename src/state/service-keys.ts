/**
 * Keys the service makes for itself when the environment gives none (table `service_keys`):
 * the first instance to need one stores it, every other instance reads the same value.
 */
import type { Queryable } from './db';

/**
 * The value stored under `name`, storing `fresh` first if there is none.
 * @returns the value every instance shares
 */
export async function sharedKey(q: Queryable, name: string, fresh: string): Promise<string> {
  await q.query('INSERT INTO service_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, fresh]);
  const { rows } = await q.query<{ value: string }>('SELECT value FROM service_keys WHERE name = $1', [name]);
  return rows[0].value;
}
