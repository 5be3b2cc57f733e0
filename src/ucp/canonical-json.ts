/**
 * Canonical JSON (RFC 8785 JCS in the subset this service needs): object keys sorted by code
 * unit, no whitespace, `undefined` members dropped, numbers written as JSON.stringify writes
 * them (identical to JCS for the integers and short decimals UCP carries). Used to hash tool
 * arguments for idempotency (docs/ucp.md §2) and to bind search cursors to their query.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
