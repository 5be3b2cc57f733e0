/**
 * Canonical JSON (RFC 8785 JCS in the subset this service needs): object keys sorted by code
 * unit, no whitespace, `undefined` members dropped, numbers written as JSON.stringify writes
 * them (identical to JCS for the integers and short decimals UCP carries). Used for the hash of
 * approved terms (approval.ts), tool arguments of idempotency keys (docs/agent-commerce.md "Idempotency") and search
 * cursors bound to their query.
 */

/** Deepest nesting accepted: client data deeper than this is refused, not recursed into. */
export const MAX_DEPTH = 64;

/** A value nested deeper than `MAX_DEPTH`: `path` names where (`$.a.b[3]`). */
export class TooDeepError extends Error {
  constructor(readonly path: string) {
    super(`nested deeper than ${MAX_DEPTH} levels at ${path}`);
    this.name = 'TooDeepError';
  }
}

/**
 * Checks that a JSON value is nested at most `limit` levels deep, without recursing further.
 * @param limit objects and arrays at this depth (the root is at 0) are refused
 * @throws TooDeepError naming the first value too deep (`$.a.b[3]`)
 */
export function checkDepth(value: unknown, limit: number = MAX_DEPTH): void {
  const keys: Array<string | number> = [];
  const visit = (v: unknown): void => {
    if (v === null || typeof v !== 'object') return;
    if (keys.length >= limit) throw new TooDeepError(keys.reduce<string>((path, k) => (typeof k === 'number' ? `${path}[${k}]` : `${path}.${k}`), '$'));
    const entries: Array<[string | number, unknown]> = Array.isArray(v) ? v.map((item, i) => [i, item]) : Object.entries(v);
    for (const [k, item] of entries) {
      keys.push(k);
      visit(item);
      keys.pop();
    }
  };
  visit(value);
}

/**
 * Canonical JSON of a JSON-compatible value.
 * @throws TooDeepError when the value is nested deeper than `MAX_DEPTH` (before any deep recursion)
 */
export function canonicalJson(value: unknown): string {
  return write(value, 0, '$');
}

function write(value: unknown, depth: number, path: string): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (depth >= MAX_DEPTH) throw new TooDeepError(path);
  if (Array.isArray(value)) return `[${value.map((v, i) => write(v, depth + 1, `${path}[${i}]`)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${write(v, depth + 1, `${path}.${k}`)}`).join(',')}}`;
}
