/**
 * `/llms.txt` (llmstxt.org format) and `/agents.md` (full agent instructions) of docs/storefront.md
 * "Discovery documents", rendered at build time from the catalog snapshot and from the structured
 * examples below (`examples`, `checkoutExamples`). tests/agent-docs.test.ts runs every example and
 * checks every endpoint and tool name in both documents against the real service, so the
 * documents cannot drift.
 *
 * Links to the store's own pages and files are root-relative, so a copy served by `npm start`
 * sends its reader to that copy. Only what must be absolute (curl commands, the MCP endpoint)
 * names the production host (`base_url` of content/store.yaml), and each document says so once.
 */
import type { Catalog } from '../catalog/types';
import { isLoopbackHost } from '../net/loopback';
import { LOCALES, localePrefix, DEFAULT_LOCALE } from '../catalog/locales';
import { localize } from '../catalog/localize';
import { publishedProducts } from '../catalog/query';
import { MCP_MAX_BODY } from '../http/mcp-route';
import { COMMON_CAPABILITY, REST_PATH, UCP_VERSION, UCP_VERSIONS } from '../ucp/version';
import { OAUTH_SCOPES, OAUTH_TTL } from '../accounts/oauth-scopes';
import { REST_OPERATIONS } from '../ucp/rest/binding';
import { sandboxHandlerName } from '../ucp/payment-handlers';
import { SANDBOX_HANDLER_ID, SANDBOX_INSTRUMENTS } from '../checkout/payment/sandbox';

/** The UCP tools, in the order of the recommended flow (docs/agent-commerce.md "Endpoint and tools"). */
export const TOOL_NAMES = [
  'search_catalog', 'lookup_catalog', 'get_product', 'create_cart', 'get_cart', 'update_cart', 'cancel_cart',
  'create_checkout', 'get_checkout', 'update_checkout', 'complete_checkout', 'cancel_checkout', 'get_order',
] as const;

/**
 * The JSON-RPC errors of `POST /api/ucp/mcp` and their HTTP statuses (src/http/mcp-route.ts,
 * src/http/router.ts, src/ucp/errors.ts `httpStatusOf`): one table for agents.md and llms.txt,
 * checked against the served endpoint by tests/e2e/served-routing.test.ts.
 */
const MCP_ERRORS: ReadonlyArray<readonly [code: number, status: string, meaning: string]> = [
  [-32700, '400', 'the body is not valid JSON'],
  [-32600, '400', 'not a valid JSON-RPC request object, or a batch (send one request per POST); any string or number id is valid and echoed, extra members are ignored'],
  [-32600, '413', `body larger than ${MCP_MAX_BODY.toLocaleString('en')} bytes`],
  [-32600, '415', '`Content-Type` is not `application/json`'],
  [-32000, '403', "the Host header is not the store's"],
  [-32000, '405', 'only POST (and OPTIONS)'],
  [-32601, '200', 'method not found: call `tools/list` (HTTP 404 on a 2026-07-28 request)'],
  [-32602, '200', 'unknown tool or invalid arguments; the message names the argument'],
  [-32000, '409', 'idempotency key reused with different arguments: use a new key'],
  [-32000, '429', 'rate limited per client IP: honour `Retry-After`, back off exponentially'],
  [-32000, '503', 'storage unavailable: retry later'],
  [-32001, '400 / 422 / 424', 'UCP discovery failed: `data.code` is `invalid_profile_url`, `profile_malformed`, `version_unsupported` or `profile_unreachable`'],
  [-32020, '400', '2026-07-28: the `MCP-Protocol-Version`, `Mcp-Method` or `Mcp-Name` header is missing or disagrees with the body (`data.mismatch` says which)'],
  [-32022, '400', 'unknown MCP revision in `_meta`: `data.supported` lists the revisions served'],
  [-32603, '500', 'internal error'],
];

/** The MCP revisions the endpoint serves (src/http/mcp-route.ts; tests/ucp-mcp-revisions.test.ts checks them against the server). */
export const MCP_REVISIONS = { stateless: '2026-07-28', initialize: '2025-11-25' } as const;

/**
 * The documented MCP 2026-07-28 request: the routing headers, which must match the body, and
 * the `_meta` envelope every request of that revision carries (MCP 2026-07-28 "Transports",
 * "Lifecycle"). tests/ucp-mcp-revisions.test.ts sends it to the endpoint.
 */
export const STATELESS_REQUEST = {
  headers: { 'Content-Type': 'application/json', 'MCP-Protocol-Version': MCP_REVISIONS.stateless, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'search_catalog' },
  body: {
    jsonrpc: '2.0', id: 1, method: 'tools/call',
    params: {
      name: 'search_catalog',
      arguments: { catalog: { query: 'Pumpe', context: { address_country: 'DE', currency: 'EUR', language: 'de' }, pagination: { limit: 5 } } },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MCP_REVISIONS.stateless,
        'io.modelcontextprotocol/clientInfo': { name: 'my-agent', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  },
} as const;

/** STATELESS_REQUEST as a curl command on `base`. */
function statelessCurl(base: string): string {
  const headers = Object.entries(STATELESS_REQUEST.headers).map(([name, value]) => `-H '${name}: ${value}'`).join(' ');
  return `curl -X POST '${base}/api/ucp/mcp' ${headers} \\\n  -d '${JSON.stringify(STATELESS_REQUEST.body)}'`;
}

/** What both documents say about the two MCP revisions. */
const REVISIONS_NOTE =
  `MCP revisions: ${MCP_REVISIONS.initialize} (and earlier) and ${MCP_REVISIONS.stateless}. At ${MCP_REVISIONS.initialize} a client may send \`initialize\` first; none is needed. ` +
  `At ${MCP_REVISIONS.stateless} there is no \`initialize\` and no session: \`server/discover\` answers the revisions, capabilities and instructions, and every request carries ` +
  '`params._meta` (`io.modelcontextprotocol/protocolVersion`, `io.modelcontextprotocol/clientInfo`, `io.modelcontextprotocol/clientCapabilities`) and the headers ' +
  '`MCP-Protocol-Version`, `Mcp-Method` (the JSON-RPC method) and, on `tools/call`, `Mcp-Name` (the tool): a header that disagrees with the body gets HTTP 400 -32020, ' +
  'an unknown revision HTTP 400 -32022 with the supported ones. Its `tools/list` and `server/discover` answers carry `ttlMs` and `cacheScope`: reuse them that long.';

/** The HTTP status agents.md states first for a JSON-RPC error code (llms.txt quotes it). */
const statusOf = (code: number) => MCP_ERRORS.find(([c]) => c === code)![1];

/**
 * What agents.md says `update_checkout` does (src/checkout/changes.ts `replacementChanges`,
 * src/ucp/checkout/request.ts; tests/agent-docs.test.ts exercises each claim): a full
 * replacement, as UCP defines it, a change from the earlier behaviour that kept parts left out.
 */
export const UPDATE_SEMANTICS =
  '**Changed: `update_checkout` is a full replacement** (as UCP defines it; the store used to keep the parts an update left out, and no longer does). ' +
  'Send the whole checkout on every update: `line_items` (required: an update without it is refused with -32602 and changes nothing), and every other part you want to keep: `buyer`, `context`, `fulfillment` (the address in `methods[0].destinations`, or `methods[0].selected_destination_id` naming the current destination, and the option in `methods[0].groups[0].selected_option_id`), `payment.instruments` and `discounts.codes`. ' +
  'What you leave out is cleared: an update without `buyer` removes the buyer, one without `fulfillment` removes the address and the shipping option, one without `payment` names no instrument, one without `discounts` clears the codes. ' +
  'An update that repeats the checkout unchanged changes nothing and keeps the buyer\'s approval. `update_cart` is a full replacement too (`line_items`, `context`, `buyer`, `discounts`). ' +
  'While the checkout is `complete_in_progress` (a payment is running), `update_checkout` changes nothing: it returns the checkout as it is with a recoverable `complete_in_progress` error message; read it again with `get_checkout` a few seconds later.';

/** A documented request, executed by the tests against the real service. */
export interface Example {
  title: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Status the service must answer. */
  status: number;
}

/** Examples shown in agents.md; `{handle}` and `{collection}` are filled from the catalog. */
export function examples(catalog: Catalog): Example[] {
  const product = publishedProducts(catalog)[0];
  return [
    { title: 'First page of products (French)', method: 'GET', path: '/products.json', status: 200 },
    { title: 'Page 2 of 50 products, in German', method: 'GET', path: '/de/products.json?limit=50&page=2', status: 200 },
    { title: 'One product with all variants, in English', method: 'GET', path: `/en/products/${product.handle}.json`, status: 200 },
    { title: 'Live availability, prices in cents', method: 'GET', path: `/products/${product.handle}.js`, status: 200 },
    { title: 'Products of a collection, in Spanish', method: 'GET', path: '/es/collections/pompes/products.json', status: 200 },
    { title: 'Search suggestions, in Dutch (products only, 5 results)', method: 'GET', path: '/nl/search/suggest.json?q=pomp&resources[type]=product&resources[limit]=5', status: 200 },
    { title: 'Unknown product handle', method: 'GET', path: '/products/no-such-product.json', status: 404 },
    { title: 'Missing search terms', method: 'GET', path: '/search/suggest.json?q=', status: 422 },
    { title: 'Discover the tools', method: 'POST', path: '/api/ucp/mcp', body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, status: 200 },
    {
      title: 'Search the catalog for a buyer in Germany, in German', method: 'POST', path: '/api/ucp/mcp', status: 200,
      body: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_catalog', arguments: { catalog: { query: 'Pumpe', context: { address_country: 'DE', currency: 'EUR', language: 'de' }, pagination: { limit: 5 } } } } },
    },
    {
      title: 'The same search over the REST binding', method: 'POST', path: `${REST_PATH}/catalog/search`, status: 200,
      body: { query: 'Pumpe', context: { address_country: 'DE', currency: 'EUR', language: 'de' }, pagination: { limit: 5 } },
    },
  ];
}

/** A documented MCP `tools/call` body; `CHECKOUT_ID` and `OPTION_ID` stand for values of earlier answers, `NEW_UUID` for a key of the agent's. */
export interface ToolCallExample {
  title: string;
  body: { jsonrpc: '2.0'; id: number; method: 'tools/call'; params: { name: (typeof TOOL_NAMES)[number]; arguments: Record<string, unknown> } };
}

/** Placeholder of the checkout id (`id` of create_checkout's answer) in the checkout examples. */
export const CHECKOUT_ID = '{checkout_id}';
/** Placeholder of a shipping option id (`fulfillment.methods[0].groups[0].options[].id`). */
export const OPTION_ID = '{option_id}';

/** Placeholder of an idempotency key: a new UUID for each payment attempt. */
export const NEW_UUID = '{new_uuid}';

/** Where the sandbox card handler's spec is published (public/ucp/payment-handlers/). */
export const SANDBOX_SPEC_PATH = '/ucp/payment-handlers/sandbox-card.md';

/** The sandbox tokens and what each does (src/checkout/payment/sandbox.ts `authorize`). */
export const SANDBOX_TOKENS: ReadonlyArray<readonly [token: string, outcome: string]> = [
  ['success_token', 'paid: the checkout is `completed` and carries `order` `{id, permalink_url}`'],
  ['fail_token', 'declined: a `payment_failed` error message, nothing charged; the decline voids the buyer\'s approval, so another card needs the buyer again (`requires_escalation` with a new `continue_url`)'],
  ['3ds_token', 'the card asks for 3-D Secure: `requires_escalation` with a `requires_3ds` message, nothing charged; hand the `continue_url` (the same link) to the buyer again, where the page tells them their bank asks for the authentication, then complete again with a new idempotency key'],
];

/** A payment instrument of the sandbox card handler, as `complete_checkout` carries it. */
export function sandboxInstrument(token: string) {
  return {
    id: 'pi_1', handler_id: SANDBOX_HANDLER_ID, type: 'card', selected: true,
    display: { brand: 'visa', last_digits: '4242' },
    credential: { type: 'token', token },
  };
}

/** The first published variant that ships wherever the store ships and is in stock: what the checkout examples buy. */
function exampleVariant(catalog: Catalog) {
  for (const product of publishedProducts(catalog)) {
    if (product.ships_to) continue;
    const variant = product.variants.find((v) => v.grams > 0 && (v.inventory === null || v.inventory.quantity > 0));
    if (variant) return variant;
  }
  throw new Error('agent-docs: no published variant in stock to show in the checkout examples');
}

/**
 * The checkout calls shown in agents.md, in the order of the flow: create, then updates that each
 * send the whole checkout (a full replacement): with the buyer, with the address, with the
 * shipping option; and the payment. The tests run them in that order (filling `CHECKOUT_ID`,
 * `OPTION_ID` and `NEW_UUID`) and validate `complete` against the tool's input schema.
 */
export function checkoutExamples(catalog: Catalog): Record<'create' | 'buyer' | 'address' | 'option' | 'complete', ToolCallExample> {
  const call = (id: number, title: string, name: ToolCallExample['body']['params']['name'], args: Record<string, unknown>): ToolCallExample =>
    ({ title, body: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } } });
  const lineItems = [{ item: { id: String(exampleVariant(catalog).id) }, quantity: 1 }];
  const context = { address_country: 'FR', currency: 'EUR', language: 'en' };
  const buyer = { first_name: 'Camille', last_name: 'Martin', email: 'camille@example.org' };
  const destination = { first_name: 'Camille', last_name: 'Martin', street_address: '12 rue des Mariniers', postal_code: '69007', address_locality: 'Lyon', address_country: 'FR' };
  return {
    create: call(3, 'Create a checkout for a buyer in France', 'create_checkout', {
      checkout: { line_items: lineItems, context },
    }),
    buyer: call(4, 'Set the buyer: the whole checkout is sent (a full replacement), the line items and the context again', 'update_checkout', {
      id: CHECKOUT_ID, checkout: { line_items: lineItems, context, buyer },
    }),
    address: call(5, 'Set the shipping address: the whole checkout again, now with the address (what an update leaves out is cleared)', 'update_checkout', {
      id: CHECKOUT_ID,
      checkout: { line_items: lineItems, context, buyer, fulfillment: { methods: [{ type: 'shipping', destinations: [destination] }] } },
    }),
    option: call(6, 'Choose a shipping option: the whole checkout again, the address with the option; the answer is `requires_escalation` with the `continue_url` for the buyer', 'update_checkout', {
      id: CHECKOUT_ID, checkout: { line_items: lineItems, context, buyer, fulfillment: { methods: [{ type: 'shipping', destinations: [destination], groups: [{ selected_option_id: OPTION_ID }] }] } },
    }),
    complete: call(7, 'Pay, once `get_checkout` reports `ready_for_complete` (a new idempotency key for each payment attempt)', 'complete_checkout', {
      meta: { 'idempotency-key': NEW_UUID }, id: CHECKOUT_ID, checkout: { payment: { instruments: [sandboxInstrument('success_token')] } },
    }),
  };
}

function curl(ex: Example, base: string): string {
  if (ex.method === 'GET') return `curl -g '${base}${ex.path}'`;
  return `curl -X POST '${base}${ex.path}' -H 'Content-Type: application/json' \\\n  -d '${JSON.stringify(ex.body)}'`;
}

const page = (catalog: Catalog, key: keyof Catalog['store']['pages']) => `/pages/${catalog.store.pages[key]}`;
const pageTitle = (catalog: Catalog, key: keyof Catalog['store']['pages']) =>
  catalog.pages.find((p) => p.handle === catalog.store.pages[key])?.locales.en?.meta.title ?? catalog.store.pages[key];

/**
 * The sentence both documents carry once, near the top: which links are relative and which name
 * the host the site was built for (the production host; a local copy's own origin under `npm start`).
 */
function hostNote(base: string): string {
  if (isLoopbackHost(new URL(base).hostname)) return `Links are relative to the host serving this document. The examples and the MCP endpoint use this local copy's origin ${base} (\`npm start\`).`;
  return `Links are relative to the host serving this document. The examples and the MCP endpoint use the production host ${base}; a local copy (\`npm start\`) answers on its own origin (http://localhost:8888 by default): use that origin instead.`;
}

/** `/llms.txt`: H1 name, blockquote summary, sections of links (llmstxt.org). */
export function llmsTxt(catalog: Catalog): string {
  const { store } = catalog;
  const base = store.base_url;
  const link = (title: string, path: string, note: string) => `- [${title}](${path}): ${note}`;
  return `# ${store.name}

> ${localize(store.description, 'en')} Live fish and turnkey commercial farms are not sold (see the contact page); professional and school orders go through a business account. Agents buy through UCP ${UCP_VERSIONS.join(' or ')} over MCP at ${base}/api/ucp/mcp or over UCP's REST binding at \`${REST_PATH}\` (the same operations; agents.md "Commerce over REST"), and complete a payment only after the buyer's explicit approval.

${hostNote(base)}

Paying: hand the checkout's \`continue_url\` to the buyer (do not open it for them): the buyer approves there with a one-time code sent to the checkout's buyer e-mail, which agents never see. Call \`complete_checkout\` only once \`get_checkout\` reports \`ready_for_complete\`, with a payment instrument of the sandbox card handler (shape and tokens in agents.md).

Errors are JSON, never HTML: unknown product 404 \`{}\`, bad search parameters 422, other methods than GET 405; on the MCP endpoint ${[-32700, -32600, -32601, -32602].map((c) => `${c} → HTTP ${statusOf(c)}`).join(', ')}, rate limited → HTTP 429; on the REST binding \`{"code", "content"}\` with UCP's statuses (see agents.md).

${REVISIONS_NOTE} A ${MCP_REVISIONS.stateless} call:
\`\`\`sh
${statelessCurl(base)}
\`\`\`

Catalog text is translated under the locale prefixes ${LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => `/${l}`).join(', ')} (French has no prefix); handles and ids are the same in every language. Prices are EUR with VAT included: quote them exactly as returned.

## Agent instructions
${link('agents.md', '/agents.md', 'full instructions: ordering process, rules, error codes')}
${link('UCP profile', '/.well-known/ucp', 'versions, MCP endpoint, capabilities, payment handlers')}
${link('OpenAPI', '/openapi.json', 'OpenAPI 3.1 description of every public JSON endpoint')}
${link('Sandbox card payment handler', SANDBOX_SPEC_PATH, 'the payment instrument and the sandbox tokens')}

## Catalog (read-only JSON)
${link('All products', '/products.json', '30 per page by default; ?limit=1-250&page=N')}
${link('Collection products', '/collections/all/products.json', 'any collection handle; unknown → empty list')}
${link('One product', '/products/{handle}.json', 'all variants, prices and images; 404 {} when unknown')}
${link('Live product', '/products/{handle}.js', 'prices in cents, live availability per variant')}
${link('Search suggestions', '/search/suggest.json?q={terms}', 'products, collections, pages, articles')}
${link('Sitemap', '/sitemap.xml', 'every product, collection, page and article in every locale')}

## Store policies
${link(pageTitle(catalog, 'not_sold'), page(catalog, 'not_sold'), 'live fish and turnkey farms are not sold')}
${link(pageTitle(catalog, 'contact'), page(catalog, 'contact'), 'questions, quotes, live fish and farm projects')}
${link(pageTitle(catalog, 'business'), page(catalog, 'business'), 'professional and school orders')}
${link(pageTitle(catalog, 'shipping'), page(catalog, 'shipping'), 'countries, methods, prices, free shipping threshold')}
${link(pageTitle(catalog, 'returns'), page(catalog, 'returns'), 'returns and the EU 14-day right of withdrawal')}
${link(pageTitle(catalog, 'terms'), page(catalog, 'terms'), 'terms of sale')}
${link(pageTitle(catalog, 'privacy'), page(catalog, 'privacy'), 'privacy policy (GDPR)')}

## Optional
${link('Growing guides', '/blogs/guides', 'articles on aquaponics and hydroponics')}
`;
}

/** `/agents.md`: the full instructions for AI agents. */
export function agentsMd(catalog: Catalog): string {
  const { store } = catalog;
  const base = store.base_url;
  const ex = examples(catalog);
  const countries = store.countries_served.join(', ');
  const calls = checkoutExamples(catalog);
  const contact = `[contact page](${page(catalog, 'contact')})`;
  return `# Agent instructions — ${store.name}

This document describes how AI agents can interact with ${store.name}'s online store. ${localize(store.description, 'en')}

${hostNote(base)}

## What the store sells, and what it does not
- Sold: aquaponics and hydroponics kits, greenhouses, aquariums and tanks, water pumps, air pumps, filtration, growing supports, substrates, fertilisers, seeds, fish feed and training offers (${publishedProducts(catalog).length} products).
- **Not sold: live fish and turnkey commercial farms.** Send the buyer to the ${contact}; the page [${pageTitle(catalog, 'not_sold')}](${page(catalog, 'not_sold')}) explains why.
- **Professional and school orders** (quotes, invoices, bank transfer) go through a business account: [${pageTitle(catalog, 'business')}](${page(catalog, 'business')}).
- Ships to: ${countries}. Prices are EUR, VAT included (inside the EU the same gross price everywhere; outside the EU the price net of French VAT). Quote prices exactly as returned, never rounded or converted.

## Languages
${LOCALES.length} locales. French has no prefix; the others prefix every path: ${LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => `\`${localePrefix(l)}\``).join(', ')}. Titles, descriptions and option names are translated; handles and ids are identical in every language. On the MCP endpoint pass \`context.language\` instead.

## Read-only endpoints (no key, JSON, CORS open)
| Method | Path | Notes |
|---|---|---|
| GET | \`/products.json\` | \`limit\` 1-250 (default 30; larger is served as 250), \`page\` >= 1 (default 1); past the end: \`{"products":[]}\`; ordered by id |
| GET | \`/collections/{handle}/products.json\` | same paging; \`all\` lists every product; unknown collection: 200 with an empty list |
| GET | \`/products/{handle}.json\` | \`{"product":{...}}\` with all variants, prices (decimal strings) and images; unknown: 404 \`{}\` |
| GET | \`/products/{handle}.js\` | Ajax format: prices in cents, live \`available\` per variant; unknown: 404 |
| GET | \`/search/suggest.json\` | \`q\` (required), \`resources[type]\`, \`resources[limit]\` 1-10; errors: 422 with \`{status, message, description}\` |
| GET | \`/.well-known/ucp\` | UCP profile |
| GET | \`/openapi.json\` | OpenAPI 3.1 description |
| GET | \`/sitemap.xml\` | every page in every locale |

With curl, pass \`-g\` so the bracketed parameter names are not globbed.

### Examples
${ex.map((e) => `**${e.title}** (answers ${e.status})\n\`\`\`sh\n${curl(e, base)}\n\`\`\``).join('\n\n')}

## Commerce over MCP (UCP ${UCP_VERSIONS.join(' and ')})
- Endpoint: \`POST ${base}/api/ucp/mcp\`, JSON-RPC 2.0, \`Content-Type: application/json\`. No session and no \`initialize\` are required; \`tools/call\` works cold. Generic MCP clients (Streamable HTTP) work too.
- ${REVISIONS_NOTE} The search of the examples above, as a ${MCP_REVISIONS.stateless} request:
\`\`\`sh
${statelessCurl(base)}
\`\`\`
- Tools: ${TOOL_NAMES.map((t) => `\`${t}\``).join(', ')}.
- Arguments follow UCP: \`{"meta": {"ucp-agent": {"profile": "<your profile URL>"}, "idempotency-key": "<uuid>"}, "catalog" | "cart" | "checkout": {...}, "id": "<resource id>"}\`. When a profile URL is given, the store fetches it (HTTPS only) and answers at that profile's \`ucp.version\` (${UCP_VERSIONS.map((v) => `\`${v}\``).join(' or ')}; another version gets \`version_unsupported\`) with the capabilities both sides declare; without one (as in the examples above) the call is served at ${UCP_VERSION} with every capability. The store's profile is \`/.well-known/ucp\` (${UCP_VERSION}); \`ucp.supported_versions\` names the complete profile of each older version. \`complete_checkout\`, \`cancel_checkout\` and \`cancel_cart\` require \`meta["idempotency-key"]\`; a retry with the same key returns the same response and never charges twice.
- Prices in tool results are integer cents in EUR (\`{"amount": 14990, "currency": "EUR"}\` in the catalog, bare integers in carts and checkouts).

### Recommended call sequence
1. \`tools/list\` — discover the tools and their parameters (always first).
2. \`search_catalog\` (or \`lookup_catalog\` / \`get_product\`) — with \`context.address_country\`, \`context.currency\` and \`context.language\`.
3. \`create_cart\` — line items \`{"item": {"id": "<variant id>"}, "quantity": n}\`.
4. \`create_checkout\` — from the cart (\`cart_id\`) or line items.
5. \`update_checkout\` — buyer email, shipping address, then the shipping option of your choice (examples below). ${UPDATE_SEMANTICS}
6. The buyer approves: when the checkout is ready, the store answers \`requires_escalation\` with a \`continue_url\`. Hand that link to the buyer and do not open it for them: on the store's approval page the buyer sees the lines, totals with VAT, their name and e-mail, address and shipping, receives a one-time code at the checkout's buyer e-mail (for a linked account, only its verified e-mail: see "Buying for an account"), types it, and confirms with the button that states the obligation to pay and the amount. You never see the code; the page cannot be approved without it. The approval is valid for 15 minutes and only for those exact terms: any change (lines, prices, buyer name or e-mail, address, shipping option) voids it.
7. Poll \`get_checkout\` until its \`status\` is \`ready_for_complete\`, then call \`complete_checkout\` — only then, at the moment of paying, with the payment instrument (see "Payment") and an idempotency key. If it answers \`requires_escalation\` again (e.g. the card asks for 3-D Secure), hand the \`continue_url\` to the buyer again.
8. \`get_order\` — status, totals, delivery expectations and events.

### Checkout calls
JSON-RPC bodies to POST to the MCP endpoint; \`${CHECKOUT_ID}\` is the \`id\` create_checkout answers, \`${OPTION_ID}\` one of \`fulfillment.methods[0].groups[0].options[].id\`, \`${NEW_UUID}\` a UUID you generate for each payment attempt.

${Object.values(calls).map((c) => `**${c.title}**\n\`\`\`json\n${JSON.stringify(c.body)}\n\`\`\``).join('\n\n')}

### Payment
The store accepts one payment handler, the sandbox card handler: no card is ever charged. Its instance id (an instrument's \`handler_id\`) is \`${SANDBOX_HANDLER_ID}\`; its name in \`payment_handlers\` (of \`/.well-known/ucp\` and of every checkout) depends on the UCP version: ${UCP_VERSIONS.map((v) => `\`${sandboxHandlerName(store, v)}\` at ${v}`).join(', ')}. Its spec: [sandbox card handler](${SANDBOX_SPEC_PATH}). Accepted cards: ${SANDBOX_INSTRUMENTS[0].brands.map((b) => `\`${b}\``).join(', ')}.

\`complete_checkout\` carries one selected instrument in \`checkout.payment.instruments\`:
\`\`\`json
${JSON.stringify(sandboxInstrument('success_token'))}
\`\`\`

| \`credential.token\` | Outcome |
|---|---|
${SANDBOX_TOKENS.map(([token, outcome]) => `| \`${token}\` | ${outcome} |`).join('\n')}

Any other token, handler id, instrument type or card brand gets an \`invalid_payment\` message (recoverable). Tokens are never stored or echoed; the order keeps the brand and last digits only.

Name the card before the buyer approves: send the same instrument (without its token, or with it: the token is not kept) in \`checkout.payment.instruments\` of \`update_checkout\`, and again in every later update (a full replacement: an update without it names none). The approval page then shows it (brand and last digits) and the buyer's approval covers that card; completing with another card needs the buyer again. Without a named card the page lists the accepted cards and says you will choose. The buyer may also refuse on the page: the checkout then reads \`canceled\` with a \`checkout_canceled\` message saying the buyer refused.

### Discount codes
A buyer's code goes in \`discounts.codes\` of \`create_checkout\` / \`update_checkout\` (and of \`create_cart\` / \`update_cart\`; a checkout made from a cart takes its codes). Codes are case-insensitive; an update is a full replacement, so send the codes again on every update (without \`discounts\`, or with \`[]\`, they are cleared). Every answer then carries \`discounts.codes\` as stored and \`discounts.applied[]\`: each offer's \`title\`, \`code\` (none for an automatic offer), \`amount\` in cents, \`method\`, \`priority\` and \`allocations[]\`, the cents it takes off each line (\`$.line_items[i]\`) and off the shipping (\`$.totals[i]\` of the \`fulfillment\` total); \`totals\` has one negative \`discount\` entry, and the VAT lines of \`total\` are those of the discounted amounts. A code that does not apply stays in \`codes\` and comes with a \`warning\` message on \`$.discounts.codes\`, in the buyer's language: \`discount_code_invalid\` (unknown, not started yet, or for none of these items), \`discount_code_expired\` (ended, or no uses left), \`discount_code_user_ineligible\` (minimum not reached, or already used by this buyer's e-mail), \`discount_code_combination_disallowed\` (does not combine; the better offer is applied). The approval covers the discounts shown. Uses are counted when the order is completed: if the last use of a code went to another order first, \`complete_checkout\` charges nothing and answers the checkout priced again without it, which the buyer approves anew. When the discounts cover the whole total (a \`total\` of 0), nothing is charged and no instrument is needed: \`complete_checkout\` with \`payment: {}\` completes the approved checkout (an instrument sent anyway is not charged).

### Buying for an account (identity linking)
Linking is optional: a call without a token is a guest's, as above. A buyer with an account on the store (a school or business on its terms, or a person) can link it to your platform once (UCP identity linking, \`${COMMON_CAPABILITY.identityLinking}\` in \`/.well-known/ucp\`, with its scopes); you then call with their token and buy in their name.
- Discovery: the MCP endpoint's protected-resource metadata (RFC 9728) is \`/.well-known/oauth-protected-resource/api/ucp/mcp\`; the authorization server's (RFC 8414) is \`/.well-known/oauth-authorization-server\`. The store is its own authorization server.
- Link: register as a public client (RFC 7591, \`token_endpoint_auth_method: "none"\`; loopback redirect URIs for a native app, https otherwise), then the authorization code flow with PKCE (\`S256\` only) and the scopes ${Object.values(OAUTH_SCOPES).map((s) => `\`${s}\``).join(' and ')} (plus \`offline_access\` for a refresh token). The account holder signs in on the store's page (a code mailed to them, or a passkey), sees your name, each scope in words and whom the orders are for, and allows or refuses. Access tokens last ${OAUTH_TTL.accessToken / 60} minutes; refresh tokens ${OAUTH_TTL.refreshToken / 86_400} days, rotated at each use (a rotated one used again ends the whole link); revoke with RFC 7009. The holder can end the link on their account page at any time.
- Calls: \`Authorization: Bearer <access token>\` on each MCP POST and REST request. A token expired, revoked or unknown gets HTTP 401 with \`WWW-Authenticate: Bearer error="invalid_token", resource_metadata="…"\` and the UCP code \`identity_required\` (refresh it, or have the holder link again); a token without the scope a tool needs (\`${OAUTH_SCOPES.checkout}\` for the checkout tools, \`${OAUTH_SCOPES.orders}\` for \`get_order\`) gets 403 \`insufficient_scope\` naming it. Nothing runs either way.
- A checkout created with a token belongs to the account: its buyer is the account's verified e-mail (a \`buyer.email\` you send is ignored, with an \`account_email_kept\` warning; names and phone are kept), its organisation's prices, VAT treatment and terms apply, and it is visible only to calls with a token of the same account (to anyone else: \`not_found\`). \`get_order\` reads any order of the account, wherever it was placed.
- Payment terms (\`${COMMON_CAPABILITY.paymentTerms}\`, ${UCP_VERSION}): every checkout lists \`payment.terms\` — \`card\` (pay now) and, for an organisation granted it, \`bank_transfer\` (within 30 days of the invoice; its schedule's \`due_at\` and buyer-facing \`description\`) — with \`payment.selected_term_id\`. Select one with \`payment.selected_term_id\` in \`update_checkout\` (a full replacement: send it on every update, or it returns to \`card\`); the buyer's approval covers it. With \`bank_transfer\` selected, \`complete_checkout\` takes \`payment: {}\` (and \`payment.purchase_order\` when the organisation gives one with each order): the order is placed on invoice, nothing charged. Selecting \`bank_transfer\` without a token of an account granted it gets an \`identity_required\` error message.
- The approval of a linked checkout goes to the account holder only: the code is mailed to the account's verified e-mail, which you cannot change. This is the stronger path: the holder proved they read that mailbox when they signed in to link, so a code you or anyone else routes elsewhere cannot exist. For a guest checkout the code goes to the \`buyer.email\` you set, which proves only that whoever reads that mailbox approved: prefer linking for any buyer with an account.

### Rules
- Call \`tools/list\` first; do not guess tool names or arguments.
- Always pass \`context.address_country\` and \`context.currency\` to get exact prices and availability (currency is always EUR; another currency gets EUR prices and an info message).
- Never call \`complete_checkout\` without the buyer's explicit approval given at the moment of paying, on the store's approval page with the code mailed to the buyer; complete only once the checkout reports \`ready_for_complete\`. The server refuses to charge otherwise.
- Quote prices exactly as returned.
- On HTTP 429, wait for \`Retry-After\` (or \`error.data.retry_after\`) seconds, then back off exponentially (1 s, 2 s, 4 s, ...).
- Cache data that changes rarely (product lists, the UCP profile, this document) instead of refetching it.
- Business outcomes (not found, out of stock, address undeliverable, payment failed) come back as results with UCP \`messages\`, not as JSON-RPC errors: read \`messages[].code\` and \`severity\`. Their \`content\` is in the language of \`context.language\` (any of the ${LOCALES.length} locales; English without it), so it can be shown to the buyer; the code never changes with the language.

## Commerce over REST (the same operations)
The store also speaks UCP's REST binding, the transport of UCP's conformance suite: the same operations, rules, payloads, approval and idempotency keys as over MCP, at the paths, methods, headers and statuses of UCP's \`rest.openapi.json\` (${UCP_VERSIONS.map((v) => `\`https://ucp.dev/${v}/services/shopping/rest.openapi.json\``).join(', ')}). Its endpoint is \`${REST_PATH}\` on this host (the \`rest\` service of \`/.well-known/ucp\`), to which the paths below are appended.

| Method and path | Operation (MCP tool) | Success |
|---|---|---|
${REST_OPERATIONS.map((o) => `| \`${o.method} ${REST_PATH}${o.path}\` | \`${o.tool}\` | ${o.creates ? 201 : 200} |`).join('\n')}

- The body is the payload object (what goes under \`catalog\`, \`cart\` or \`checkout\` over MCP); the resource id is in the path. The answer is the same UCP payload as the tool's \`structuredContent\`; business outcomes (not found, out of stock, payment declined) are results with \`messages\`, as over MCP.
- \`UCP-Agent: profile="<your profile URL>"\` (RFC 8941) is \`meta["ucp-agent"].profile\`: the call is answered at that profile's version; without the header (as in the example) at ${UCP_VERSION}.
- \`Idempotency-Key: <uuid>\` is \`meta["idempotency-key"]\`, required on complete and cancel: the same keys, kept 24 h, for both transports; a key used over MCP and retried over REST answers the same.
- \`Request-Id\` is echoed in the answer.
- Protocol errors are JSON \`{"code", "content"}\`, never HTML: 400 \`invalid_request\` (the header, path id or body JSONPath at fault, in \`content\` and \`path\`) or \`invalid_json\` or \`invalid_profile_url\`, 404 \`not_found\` (no such path), 405 \`method_not_allowed\` (with \`Allow\`), 409 \`idempotency_conflict\`, 413, 415, 422 \`profile_malformed\` or \`version_unsupported\`, 424 \`profile_unreachable\`, 429 \`rate_limited\` (with \`Retry-After\`; one limit for both transports), 503 \`unavailable\` (with \`Retry-After\`), 500 \`internal_error\`.

**A checkout over REST, as in "Checkout calls"** (\`{checkout_id}\` from the first answer)
\`\`\`sh
curl -X POST '${base}${REST_PATH}/checkout-sessions' -H 'Content-Type: application/json' \\
  -d '${JSON.stringify(calls.create.body.params.arguments.checkout)}'
curl -g -X POST '${base}${REST_PATH}/checkout-sessions/{checkout_id}/complete' -H 'Content-Type: application/json' -H 'Idempotency-Key: ${NEW_UUID}' \\
  -d '${JSON.stringify(calls.complete.body.params.arguments.checkout)}'
\`\`\`

## Error codes
| Where | Code | HTTP | Meaning and what to do |
|---|---|---|---|
| catalog | 404 | 404 | no product has the handle: find it through \`/search/suggest.json\`; any other unknown JSON path (e.g. an unknown locale prefix) is a JSON 404 too |
| catalog, search | 405 | 405 | only GET and HEAD (and OPTIONS, a CORS preflight answered 204) |
| search | 422 | 422 | a parameter is missing or invalid; \`description\` names it |
${MCP_ERRORS.map(([code, status, meaning]) => `| MCP | ${code} | ${status} | ${meaning} |`).join('\n')}
| result | \`messages[].code\` | 200 | e.g. \`not_found\`, \`out_of_stock\`, \`item_unavailable\`, \`address_undeliverable\`, \`payment_failed\`, \`buyer_approval_required\` |
`;
}
