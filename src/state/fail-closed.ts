/**
 * Holds any adapter to the port's error contract (port.ts: "@throws StateError when the backend
 * fails"): whatever `get`, `set` or `delete` throws reaches the caller as a StateError, the
 * original kept as `cause`. Callers fail closed on StateError (-32000 `unavailable`, HTTP 503;
 * the stock display degrades), so a backend failure that an adapter lets through as a plain
 * Error (a network client's TypeError, a bug in a new adapter) is answered as an outage, not
 * as an internal error (-32603, HTTP 500) whose message would reach the client.
 * Issue #7 point 3: "storage failures ... give a clean -32000/503".
 */
import { type StateStore, type WriteOptions, StateError } from './port';

/** Runs one call of the wrapped store, turning whatever it throws (or rejects with) into a StateError. */
async function guarded<T>(what: string, key: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if ((error as { name?: string } | null)?.name === 'StateError') throw error;
    throw new StateError(`state ${what} of "${key}" failed: ${(error as Error | null)?.message ?? String(error)}`, { cause: error });
  }
}

/**
 * Wraps a store so that everything it throws is a StateError.
 * @param store any adapter of the port
 * @returns a store with the same behaviour and results; only the errors are normalised
 */
export function failClosed(store: StateStore): StateStore {
  return {
    get: <T>(key: string) => guarded('read', key, () => store.get<T>(key)),
    set: <T>(key: string, value: T, options?: WriteOptions) => guarded('write', key, () => store.set(key, value, options)),
    delete: (key: string, options?: { ifMatch?: string }) => guarded('delete', key, () => store.delete(key, options)),
  };
}
