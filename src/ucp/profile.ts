/**
 * The store's UCP business profiles (UCP overview, "Profile" and "Version Selection"), rendered
 * at build time from content/store.yaml:
 * - the root profile at `GET /.well-known/ucp`, at the current version: the shopping service's
 *   MCP and REST bindings; every `dev.ucp.*` service and capability at exactly that version, the payment handler named after the store's
 *   host, the public signing keys as `keys` (a JWK Set, RFC 7517), and `supported_versions`
 *   pointing at a complete profile for each older version;
 * - one leaf profile per older version (`/ucp/profiles/<version>.json`), complete on its own,
 *   without `supported_versions`; at 2026-04-08 its keys are `signing_keys`, the name that
 *   release's verifiers read.
 * Profiles publish public keys only.
 */
import type { Store } from '../catalog/schema';
import { paymentHandlers } from './payment-handlers';
import { type CapabilityDeclaration, OLDER_VERSIONS, SHOPPING_SERVICE, UCP_VERSION, type UcpVersion, capabilitiesAt, shoppingBindings, versionProfilePath } from './version';
import type { PublicJwk } from './webhooks/keys';

/** A business profile document: `keys` from 2026-08-25, `signing_keys` at 2026-04-08. */
export interface BusinessProfile {
  ucp: {
    version: UcpVersion;
    supported_versions?: Record<string, string>;
    services: Record<string, Array<{ version: UcpVersion; transport: 'mcp' | 'rest'; spec: string; schema: string; endpoint: string }>>;
    capabilities: Record<string, CapabilityDeclaration[]>;
    payment_handlers: ReturnType<typeof paymentHandlers>;
  };
  keys?: PublicJwk[];
  signing_keys?: PublicJwk[];
}

/** The base URL of the store, without trailing slash. */
const baseOf = (store: Pick<Store, 'base_url'>) => store.base_url.replace(/\/$/, '');

/**
 * The business profile at a version.
 * @param store content/store.yaml (its `base_url` gives the endpoint and the profile URLs)
 * @param signingKeys public keys of the store's signatures (order webhooks); omitted when empty
 * @param version the profile's version (default: the current one, the root profile)
 * @returns `{ucp: {version, supported_versions?, services, capabilities, payment_handlers}, keys? | signing_keys?}`
 */
export function businessProfile(store: Pick<Store, 'base_url'>, signingKeys: readonly PublicJwk[] = [], version: UcpVersion = UCP_VERSION): BusinessProfile {
  const base = baseOf(store);
  const root = version === UCP_VERSION;
  const supported = root && OLDER_VERSIONS.length ? { supported_versions: Object.fromEntries(OLDER_VERSIONS.map((v) => [v, `${base}${versionProfilePath(v)}`])) } : {};
  const keysMember = version === '2026-04-08' ? 'signing_keys' : 'keys';
  return {
    ucp: {
      version,
      ...supported,
      services: { [SHOPPING_SERVICE]: shoppingBindings(version).map(({ path, ...binding }) => ({ ...binding, endpoint: `${base}${path}` })) },
      capabilities: Object.fromEntries(Object.entries(capabilitiesAt(version)).map(([capability, declaration]) => [capability, [declaration]])),
      payment_handlers: paymentHandlers(store, version),
    },
    ...(signingKeys.length ? { [keysMember]: [...signingKeys] } : {}),
  };
}
