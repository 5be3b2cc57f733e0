/**
 * The UCP releases this store speaks and what it declares at each. The newest release is the
 * one `/.well-known/ucp` describes; each older one listed in `SUPPORTED_VERSIONS` has a
 * complete profile of its own (UCP overview, "Version Selection"), and a call is answered at
 * the version of the platform's profile. Spec and schema URLs live on https://ucp.dev, the
 * origin that owns the `dev.ucp.*` namespace; from 2026-08-25 the shopping pages sit under
 * `specification/shopping/` (overview and fulfillment stay where they were). Fulfillment extends
 * checkout only; one shipping destination per checkout. Discount extends cart and checkout.
 */

import { OAUTH_SCOPES } from '../accounts/oauth-scopes';

/** Every version served, newest first. */
export const UCP_VERSIONS = ['2026-08-25', '2026-04-08'] as const;
export type UcpVersion = (typeof UCP_VERSIONS)[number];

/** The current release: the root profile's version, and the version of calls without a platform profile. */
export const UCP_VERSION: UcpVersion = UCP_VERSIONS[0];

/** True for a version this store speaks. */
export function isUcpVersion(version: unknown): version is UcpVersion {
  return (UCP_VERSIONS as readonly unknown[]).includes(version);
}

export const CAPABILITY = {
  search: 'dev.ucp.shopping.catalog.search',
  lookup: 'dev.ucp.shopping.catalog.lookup',
  cart: 'dev.ucp.shopping.cart',
  checkout: 'dev.ucp.shopping.checkout',
  fulfillment: 'dev.ucp.shopping.fulfillment',
  discount: 'dev.ucp.shopping.discount',
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

/** Spec page of a capability at a version (`catalog/search`, `checkout`, …). */
function specUrl(version: UcpVersion, page: string): string {
  const shopping = version === '2026-04-08' || page === 'fulfillment' || page === 'overview' ? '' : 'shopping/';
  return `https://ucp.dev/${version}/specification/${shopping}${page}`;
}

/** Capabilities of the `dev.ucp.common` namespace, new in 2026-08-25 (docs/ucp.md §14). */
export const COMMON_CAPABILITY = {
  identityLinking: 'dev.ucp.common.identity_linking',
  paymentTerms: 'dev.ucp.common.payment.terms',
} as const;

/**
 * The scope policies of identity linking's `config.scopes` (identity_linking.json `scope_policy`):
 * what a linked platform may do with each scope, for platforms to explain to the account holder.
 * A listed scope gates its operations for calls with a token; a call without one stays a guest's.
 */
export const SCOPE_POLICIES: Record<string, { description: { plain: string } }> = {
  [OAUTH_SCOPES.checkout]: {
    description: { plain: 'Buy for the linked account: checkouts in the account holder\'s name (their verified e-mail, which alone receives the approval code), at their organisation\'s business prices, VAT treatment and payment terms. Calls without a token stay guest checkouts.' },
  },
  [OAUTH_SCOPES.orders]: {
    description: { plain: 'Read the linked account\'s orders, wherever they were placed (get_order by id).' },
  },
};

/** Every capability implemented, as declared in the profile of `version`. */
export function capabilitiesAt(version: UcpVersion): Record<CapabilityName, CapabilityDeclaration> & Record<string, CapabilityDeclaration> {
  const schema = (file: string) => `https://ucp.dev/${version}/schemas/shopping/${file}`;
  const declare = (page: string, file: string) => ({ version, spec: specUrl(version, page), schema: schema(file) });
  // One destination per checkout: 2026-04-08 says so with `allows_multi_destination`, 2026-08-25 by
  // listing no method type under `multi_destination`.
  const fulfillmentConfig = version === '2026-04-08' ? { allows_multi_destination: { shipping: false } } : { multi_destination: [] };
  return {
    [CAPABILITY.search]: declare('catalog/search', 'catalog_search.json'),
    [CAPABILITY.lookup]: declare('catalog/lookup', 'catalog_lookup.json'),
    [CAPABILITY.cart]: declare('cart', 'cart.json'),
    [CAPABILITY.checkout]: declare('checkout', 'checkout.json'),
    [CAPABILITY.fulfillment]: { ...declare('fulfillment', 'fulfillment.json'), extends: CAPABILITY.checkout, config: fulfillmentConfig },
    // Discount codes and automatic offers (content/discounts) on carts and checkouts, at both releases.
    [CAPABILITY.discount]: { ...declare('discount', 'discount.json'), extends: [CAPABILITY.cart, CAPABILITY.checkout] },
    [CAPABILITY.order]: declare('order', 'order.json'),
    // Identity linking exists from 2026-08-25 (a 2026-04-08 profile cannot declare it); the
    // store is its own authorization server, found by RFC 8414 on its domain, so `providers`
    // (external identity providers only: the schema forbids listing one's own) is left out.
    ...(version === '2026-04-08' ? {} : {
      [COMMON_CAPABILITY.identityLinking]: {
        version, spec: `https://ucp.dev/${version}/specification/identity-linking`, schema: `https://ucp.dev/${version}/schemas/common/identity_linking.json`,
        config: { scopes: SCOPE_POLICIES },
      },
      // Payment terms (card now; bank transfer within 30 days for a business granted it) on checkouts, the accepted one on orders.
      [COMMON_CAPABILITY.paymentTerms]: {
        version, spec: `https://ucp.dev/${version}/specification/payment-terms`, schema: `https://ucp.dev/${version}/schemas/common/payment_terms.json`,
        extends: [CAPABILITY.checkout, CAPABILITY.order],
      },
    }),
  };
}

/** The capabilities of the current version (the root profile's). */
export const CAPABILITIES = capabilitiesAt(UCP_VERSION);

/** Path of the MCP endpoint (docs/agent-commerce.md "Endpoint and tools"). */
export const MCP_PATH = '/api/ucp/mcp';

/**
 * Base path of the REST binding (docs/agent-commerce.md "REST binding"): the `endpoint` of the
 * rest service, to which the paths of rest.openapi.json are appended (`/api/ucp/checkout-sessions`).
 */
export const REST_PATH = '/api/ucp';

/** Name of the shopping service in profiles. */
export const SHOPPING_SERVICE = 'dev.ucp.shopping';

/**
 * The shopping service's bindings at a version, MCP first, then REST (UCP overview, "Services":
 * one entry per transport, each with its own endpoint and schema); `path` is the endpoint's path
 * on the store's base URL.
 */
export function shoppingBindings(version: UcpVersion) {
  const spec = specUrl(version, 'overview');
  return [
    { version, transport: 'mcp', spec, schema: `https://ucp.dev/${version}/services/shopping/mcp.openrpc.json`, path: MCP_PATH },
    { version, transport: 'rest', spec, schema: `https://ucp.dev/${version}/services/shopping/rest.openapi.json`, path: REST_PATH },
  ] as const;
}

/** Path of the profile of an older version, e.g. `/ucp/profiles/2026-04-08.json`. */
export const versionProfilePath = (version: UcpVersion) => `/ucp/profiles/${version}.json`;

/** The older versions the root profile lists in `supported_versions`. */
export const OLDER_VERSIONS = UCP_VERSIONS.slice(1) as UcpVersion[];
