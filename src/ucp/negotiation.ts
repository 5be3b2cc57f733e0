/**
 * Version and capability negotiation (docs/ucp.md §1 "Negotiation"). The platform sends no
 * version: its profile's `ucp.version` must equal ours or be a key of our `supported_versions`,
 * otherwise `version_unsupported` (-32001, HTTP 422). Capabilities are intersected by name at
 * the highest version both sides list, then extensions whose parents are gone are pruned until
 * nothing changes. A call without a profile (agents that only follow docs/spec.md) is served
 * at our version with every capability.
 */
import { discoveryError } from './errors';
import { errorMessage, errorResponse } from './messages';
import type { PlatformProfile } from './platform/profiles';
import { CAPABILITIES, type CapabilityDeclaration, SUPPORTED_VERSIONS, UCP_VERSION } from './version';
import type { ErrorResponse } from './wire/common';

export interface Negotiated {
  version: string;
  /** Capability name → negotiated version. */
  capabilities: Map<string, string>;
}

const parentsOf = (declaration: Pick<CapabilityDeclaration, 'extends'>): string[] =>
  declaration.extends === undefined ? [] : Array.isArray(declaration.extends) ? declaration.extends : [declaration.extends];

/**
 * Negotiates with a platform profile.
 * @param profile the platform's validated profile, or undefined when the call sent none
 * @param business our capabilities (default: every capability implemented)
 * @throws UcpProtocolError -32001 `version_unsupported`
 */
export function negotiate(profile: PlatformProfile | undefined, business: Record<string, CapabilityDeclaration> = CAPABILITIES): Negotiated {
  if (!profile) return { version: UCP_VERSION, capabilities: new Map(Object.entries(business).map(([name, d]) => [name, d.version])) };
  const version = profile.ucp.version;
  if (version !== UCP_VERSION && !(version in SUPPORTED_VERSIONS)) {
    const accepted = [UCP_VERSION, ...Object.keys(SUPPORTED_VERSIONS)].join(', ');
    throw discoveryError('version_unsupported', `UCP version ${version} of the platform profile is not supported; this business supports ${accepted}`);
  }
  const platform = profile.ucp.capabilities ?? {};
  const capabilities = new Map<string, string>();
  for (const [name, ours] of Object.entries(business)) {
    const common = (platform[name] ?? []).map((c) => c.version).filter((v) => v === ours.version).sort();
    if (common.length) capabilities.set(name, common[common.length - 1]);
  }
  // An extension stays while at least one of its parents does (discount extends cart and checkout).
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of [...capabilities.keys()]) {
      const parents = parentsOf(business[name]);
      if (parents.length && !parents.some((p) => capabilities.has(p))) {
        capabilities.delete(name);
        changed = true;
      }
    }
  }
  return { version, capabilities };
}

/**
 * The result of a call whose capability was not negotiated: `capabilities_incompatible` as an
 * `error_response` (HTTP 200, docs/ucp.md §7).
 */
export function capabilitiesIncompatible(version: string, capability: string, tool: string): ErrorResponse {
  return errorResponse(version, [
    errorMessage('capabilities_incompatible', `${tool} needs the capability ${capability}, which the platform profile does not declare at a version this business supports (${CAPABILITIES[capability as keyof typeof CAPABILITIES]?.version ?? UCP_VERSION}).`, 'unrecoverable'),
  ]);
}
