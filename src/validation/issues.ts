/**
 * How a zod validation failure is told to people, the same way for content files (src/catalog/load.ts),
 * JSON-RPC params (src/http/mcp-route.ts), tool arguments (src/ucp/service.ts) and platform
 * profiles (src/ucp/platform/profiles.ts): a path like `variants[1].price` and a short message.
 */
import type { z } from 'zod';

/**
 * The path of an issue as written in JSON: `cart.line_items[0].quantity`.
 * @returns '' for the root (callers name it: "(top level)", "arguments", ...)
 */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)), '');
}

/**
 * The message of an issue: "is required" for a missing value, `unknown field "x"` for members a
 * strict object does not know, zod's own message (or the schema's custom one) otherwise.
 */
export function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return 'is required';
  if (issue.code === 'unrecognized_keys' && issue.message.startsWith('Unrecognized key')) return `unknown field ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
  return issue.message;
}

/**
 * The first issue of a failed parse, for answers that name one problem.
 * @param root the path's text when the issue is at the root
 */
export function firstIssue(error: z.ZodError, root: string): { path: string; message: string } {
  const issue = error.issues[0];
  return { path: issuePath(issue.path) || root, message: issueText(issue) };
}
