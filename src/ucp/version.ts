/**
 * The UCP release this store implements and the capabilities it offers so far
 * (docs/ucp.md §1). Spec and schema URLs live on https://ucp.dev, the origin that owns the
 * `dev.ucp.*` namespace. Fulfillment extends checkout only (docs/ucp.md §1: in 04-08
 * fulfillment, buyer_consent and ap2 extend only checkout); one shipping destination per
 * checkout (`allows_multi_destination.shipping: false`).
 */

/** The only UCP version served (docs/ucp.md §9: the only dated version to advertise). */
export const UCP_VERSION = '2026-04-08';

const BASE = `https://ucp.dev/${UCP_VERSION}`;

export const CAPABILITY = {
  search: 'dev.ucp.shopping.catalog.search',
  lookup: 'dev.ucp.shopping.catalog.lookup',
  cart: 'dev.ucp.shopping.cart',
  checkout: 'dev.ucp.shopping.checkout',
  fulfillment: 'dev.ucp.shopping.fulfillment',
  order: 'dev.ucp.shopping.order',
} as const;
export type CapabilityName = (typeof CAPABILITY)[keyof typeof CAPABILITY];

export interface CapabilityDeclaration {
  version: string;
  spec: string;
  schema: string;
  /** Parent capability (extensions only). */
  extends?: string | string[];
  config?: Record<string, unknown>;
}

/** Every capability implemented, as declared in /.well-known/ucp. */
export const CAPABILITIES: Record<CapabilityName, CapabilityDeclaration> = {
  [CAPABILITY.search]: { version: UCP_VERSION, spec: `${BASE}/specification/catalog/search`, schema: `${BASE}/schemas/shopping/catalog_search.json` },
  [CAPABILITY.lookup]: { version: UCP_VERSION, spec: `${BASE}/specification/catalog/lookup`, schema: `${BASE}/schemas/shopping/catalog_lookup.json` },
  [CAPABILITY.cart]: { version: UCP_VERSION, spec: `${BASE}/specification/cart`, schema: `${BASE}/schemas/shopping/cart.json` },
  [CAPABILITY.checkout]: { version: UCP_VERSION, spec: `${BASE}/specification/checkout`, schema: `${BASE}/schemas/shopping/checkout.json` },
  [CAPABILITY.fulfillment]: {
    version: UCP_VERSION,
    spec: `${BASE}/specification/fulfillment`,
    schema: `${BASE}/schemas/shopping/fulfillment.json`,
    extends: CAPABILITY.checkout,
    config: { allows_multi_destination: { shipping: false } },
  },
  [CAPABILITY.order]: { version: UCP_VERSION, spec: `${BASE}/specification/order`, schema: `${BASE}/schemas/shopping/order.json` },
};

/** The shopping service's MCP binding (endpoint added from the store's base URL). */
export const SHOPPING_SERVICE = {
  name: 'dev.ucp.shopping',
  version: UCP_VERSION,
  transport: 'mcp',
  spec: `${BASE}/specification/overview`,
  schema: `${BASE}/services/shopping/mcp.openrpc.json`,
} as const;

/** Path of the MCP endpoint (docs/spec.md "C. Agent commerce"). */
export const MCP_PATH = '/api/ucp/mcp';

/**
 * Older UCP versions accepted from platforms, mapped to the URL of this store's profile for
 * that version (docs/ucp.md §1 "supported_versions"). None yet: 2026-04-08 is the first
 * release this store implements.
 */
export const SUPPORTED_VERSIONS: Record<string, string> = {};
