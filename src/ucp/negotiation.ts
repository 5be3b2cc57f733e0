/**
 * Version and capability negotiation (UCP overview, "Version Selection" and "Negotiation"). The
 * platform sends no version: its profile's `ucp.version` must be our current version or one our
 * profile lists in `supported_versions`, otherwise `version_unsupported` (-32001, HTTP 422). Capabilities are intersected by name at
 * the highest version both sides list, then extensions whose parents are gone are pruned until
 * nothing changes. A call without a profile (agents that only follow the store's own docs) is
 * served at our current version with every capability.
 */
import { discoveryError } from './errors';
import { errorMessage, errorResponse } from './messages';
import type { PlatformProfile } from './platform/profiles';
import { type CapabilityDeclaration, UCP_VERSION, UCP_VERSIONS, type UcpVersion, capabilitiesAt, isUcpVersion } from './version';
import type { ErrorResponse } from './wire/common';

export interface Negotiated {
  version: UcpVersion;
  /** Capability name → negotiated version. */
  capabilities: Map<string, string>;
}

const parentsOf = (declaration: Pick<CapabilityDeclaration, 'extends'>): string[] =>
  declaration.extends === undefined ? [] : Array.isArray(declaration.extends) ? declaration.extends : [declaration.extends];

/**
 * Negotiates with a platform profile: the call is answered at the version of the profile
 * (one of UCP_VERSIONS), or at the current version when the call sent no profile.
 * @param profile the platform's validated profile, or undefined when the call sent none
 * @param businessAt our capabilities at a version (default: every capability implemented)
 * @throws UcpProtocolError -32001 `version_unsupported`
 */
export function negotiate(profile: PlatformProfile | undefined, businessAt: (version: UcpVersion) => Record<string, CapabilityDeclaration> = capabilitiesAt): Negotiated {
  if (!profile) return { version: UCP_VERSION, capabilities: new Map(Object.entries(businessAt(UCP_VERSION)).map(([name, d]) => [name, d.version])) };
  const version = profile.ucp.version;
  if (!isUcpVersion(version)) {
    throw discoveryError('version_unsupported', `UCP version ${version} of the platform profile is not supported; this business supports ${UCP_VERSIONS.join(', ')}`);
  }
  const business = businessAt(version);
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
 * `error_response` (HTTP 200, docs/agent-commerce.md "Versions").
 */
export function capabilitiesIncompatible(version: UcpVersion, capability: string, tool: string): ErrorResponse {
  return errorResponse(version, [
    errorMessage('capabilities_incompatible', `${tool} needs the capability ${capability}, which the platform profile does not declare at a version this business supports (${version}).`, 'unrecoverable'),
  ]);
}
