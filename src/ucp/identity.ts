/**
 * UCP identity linking (`dev.ucp.common.identity_linking`, 2026-08-25; docs/ucp.md §14): the
 * OAuth scopes the store offers, what each lets a linked platform do, and the scope each tool
 * needs of a call that carries a token. A call without a token is a guest's, as before linking
 * existed: it needs no scope.
 */
import { OAUTH_SCOPES } from '../accounts/oauth-scopes';
import { findTool } from './tools/registry';
import { CAPABILITY } from './version';

/** The scope a linked call of each capability needs; capabilities not listed need none (catalog, cart). */
const SCOPE_OF_CAPABILITY: Partial<Record<string, string>> = {
  [CAPABILITY.checkout]: OAUTH_SCOPES.checkout,
  [CAPABILITY.order]: OAUTH_SCOPES.orders,
};

/**
 * The scope a call of `tool` with a token must carry.
 * @param tool the tool's name (an unknown tool needs none: the service answers it)
 * @returns the scope, or undefined
 */
export function scopeOfTool(tool: string | undefined): string | undefined {
  const found = tool === undefined ? undefined : findTool(tool);
  return found ? SCOPE_OF_CAPABILITY[found.tool.capability] : undefined;
}
