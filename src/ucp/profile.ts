/**
 * The store's UCP business profile served at `GET /.well-known/ucp` (docs/ucp.md §1; schema
 * `discovery/profile_schema.json#/$defs/business_profile`). Rendered at build time by
 * src/pages/.well-known/ucp.json.ts from content/store.yaml.
 */
import type { Store } from '../catalog/schema';
import { paymentHandlers } from './payment/sandbox';
import { CAPABILITIES, MCP_PATH, SHOPPING_SERVICE, SUPPORTED_VERSIONS, UCP_VERSION } from './version';
import type { PublicJwk } from './webhooks/keys';

/**
 * The business profile.
 * @param store content/store.yaml (its `base_url` gives the MCP endpoint)
 * @param signingKeys public keys of the store's signatures (order webhooks), published as the
 *        top-level `signing_keys` (docs/ucp.md §1); omitted when empty
 * @returns `{ucp: {version, services, capabilities, payment_handlers}, signing_keys?}`;
 *          `payment_handlers` declares the sandbox card handler under the store's namespace
 *          (src/ucp/payment/sandbox.ts).
 */
export function businessProfile(store: Pick<Store, 'base_url'>, signingKeys: readonly PublicJwk[] = []) {
  const { name, ...service } = SHOPPING_SERVICE;
  const supported = Object.keys(SUPPORTED_VERSIONS).length ? { supported_versions: SUPPORTED_VERSIONS } : {};
  return {
    ucp: {
      version: UCP_VERSION,
      ...supported,
      services: { [name]: [{ ...service, endpoint: `${store.base_url.replace(/\/$/, '')}${MCP_PATH}` }] },
      capabilities: Object.fromEntries(Object.entries(CAPABILITIES).map(([capability, declaration]) => [capability, [declaration]])),
      payment_handlers: paymentHandlers(store),
    },
    ...(signingKeys.length ? { signing_keys: [...signingKeys] } : {}),
  };
}
