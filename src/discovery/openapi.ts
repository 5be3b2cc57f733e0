/**
 * `/openapi.json`: the OpenAPI 3.1 description of the public JSON endpoints (docs/storefront.md
 * "Interface version": version 2026-10-08), generated from the zod wire schemas the code and the
 * tests use (src/views/wire-schemas.ts, src/http/wire-jsonrpc.ts), so it cannot drift.
 * The locale prefix is expressed as `servers` (12 entries); the MCP endpoint and the discovery
 * documents have none. Every status the service sends is documented (tests/openapi.test.ts
 * checks real responses against it).
 */
import { z } from 'zod';
import * as Catalog from '../views/wire-schemas';
import * as JsonRpc from '../http/wire-jsonrpc';
import { LOCALES, localePrefix, DEFAULT_LOCALE } from '../catalog/locales';
import { PAGING } from '../catalog/query';
import type { Store } from '../catalog/schema';
import { MCP_MAX_BODY } from '../http/mcp-route';
import { REST_PATH, UCP_VERSION, UCP_VERSIONS } from '../ucp/version';

export const OPENAPI_VERSION = '2026-10-08';

/** A locale's language named in English (CLDR, `Intl.DisplayNames`): "French", "Czech". */
const englishName = (locale: string) => new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;

/** Components generated from the zod schemas that carry a `.meta({id})`. */
function components(): Record<string, unknown> {
  // Referencing the modules keeps their schemas registered.
  const registered = [Catalog.WireProductList, Catalog.WireProductDetail, Catalog.WireAjaxProduct, Catalog.WireStorefrontError,
    Catalog.WireSuggestResponse, Catalog.WireEmptyObject, JsonRpc.JsonRpcRequest, JsonRpc.JsonRpcResult, JsonRpc.JsonRpcError];
  const ids = new Set(registered.map((s) => z.globalRegistry.get(s)?.id));
  const { schemas } = z.toJSONSchema(z.globalRegistry, { target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(
    Object.entries(schemas)
      .filter(([id]) => ids.has(id) || id === 'Product' || id === 'SuggestProduct')
      .map(([id, schema]) => {
        const { $schema: _s, $id: _i, ...rest } = schema as Record<string, unknown>;
        return [id, rest];
      }),
  );
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const jsonContent = (id: string) => ({ 'application/json': { schema: ref(id) } });
const pagingParameters = [
  { name: 'limit', in: 'query', required: false, description: `Products per page, ${1}-${PAGING.maxLimit}. A larger value is served as ${PAGING.maxLimit}; a missing, non-numeric or < 1 value takes the default.`, schema: { type: 'integer', minimum: 1, maximum: PAGING.maxLimit, default: PAGING.defaultLimit } },
  { name: 'page', in: 'query', required: false, description: 'Page number (1-based). A page past the end returns an empty list; an invalid value takes the default.', schema: { type: 'integer', minimum: 1, default: PAGING.defaultPage } },
];
const handleParameter = { name: 'handle', in: 'path', required: true, description: 'URL handle, identical in every locale', schema: { type: 'string', pattern: '^[a-z0-9-]+$' } };
const cors = { 'Access-Control-Allow-Origin': { description: 'Always *', schema: { type: 'string' } } };
const error = (description: string) => ({ description, content: jsonContent('StorefrontError') });
/** Statuses every storefront JSON path can answer besides its own. */
const storefrontErrors = {
  404: error('Unknown locale prefix (never served as French), or a path segment with an encoded slash'),
  405: error('Only GET and HEAD (OPTIONS is a CORS preflight); the Allow header lists them'),
};

/**
 * Builds the OpenAPI document.
 * @param store content/store.yaml (name and base URL)
 * @returns an OpenAPI 3.1.0 object with no security scheme (docs/storefront.md "Public access").
 */
export function openApiDocument(store: Pick<Store, 'name' | 'base_url'>): Record<string, unknown> {
  const base = store.base_url.replace(/\/$/, '');
  const list = (operationId: string, summary: string, extra: object[] = []) => ({
    get: {
      operationId, summary, tags: ['Catalog'], parameters: [...extra, ...pagingParameters],
      responses: {
        200: { description: 'A page of published products ordered by id ascending', headers: cors, content: jsonContent('ProductList') },
        ...storefrontErrors,
      },
    },
  });
  // A JSON discovery document: no locale prefix, a static file (GET), 405 for other methods.
  const discovery = (operationId: string, summary: string, description: string, schema: object) => ({
    servers: [{ url: base, description: 'No locale prefix' }],
    get: {
      operationId, summary, tags: ['Discovery'],
      responses: {
        200: { description, headers: cors, content: { 'application/json': { schema: { type: 'object', ...schema } } } },
        405: storefrontErrors[405],
      },
    },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: `${store.name} storefront and agent-commerce API`,
      version: OPENAPI_VERSION,
      summary: 'Read-only JSON catalog in 12 locales (Shopify storefront conventions) and UCP over MCP and REST.',
      description: 'All prices are in EUR, VAT included; quote them exactly as returned. Every endpoint is public: no key, no security scheme. Paths may carry a locale prefix (see servers); without one the locale is French. Every path also answers OPTIONS, a CORS preflight: 204 without a body, Access-Control-Allow-Methods listing its methods.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // Public API: an explicitly empty security requirement, and no security scheme (docs/storefront.md "Public access").
    security: [],
    servers: LOCALES.map((l) => ({ url: `${base}${localePrefix(l)}`, description: englishName(l) + (l === DEFAULT_LOCALE ? ' (default, no prefix)' : ` (/${l})`) })),
    tags: [
      { name: 'Catalog', description: 'Products and collections' },
      { name: 'Search', description: 'Predictive search' },
      { name: 'Agent commerce', description: `UCP ${UCP_VERSIONS.join(' and ')} over MCP, JSON-RPC 2.0, answered at the version of the caller's platform profile` },
      // The REST binding's operations are UCP's own contract, linked rather than copied (docs/agent-commerce.md "REST binding").
      {
        name: 'Agent commerce (REST)',
        description: `UCP ${UCP_VERSIONS.join(' and ')} REST binding: the same operations as the MCP tools, at ${base}${REST_PATH} followed by the paths, methods, headers and statuses of UCP's rest.openapi.json (${UCP_VERSIONS.map((v) => `https://ucp.dev/${v}/services/shopping/rest.openapi.json`).join(', ')}); errors are JSON {code, content}`,
        externalDocs: { description: `UCP ${UCP_VERSION} REST binding (rest.openapi.json)`, url: `https://ucp.dev/${UCP_VERSION}/services/shopping/rest.openapi.json` },
      },
      { name: 'Discovery', description: 'Machine-readable descriptions of the store' },
    ],
    paths: {
      '/products.json': list('listProducts', 'List published products'),
      '/collections/{handle}/products.json': list('listCollectionProducts', 'List the products of a collection (an unknown collection returns an empty list)', [handleParameter]),
      '/products/{handle}.json': {
        get: {
          operationId: 'getProduct',
          summary: 'One product with all variants, prices and images', tags: ['Catalog'], parameters: [handleParameter],
          responses: {
            200: { description: 'The product', headers: cors, content: jsonContent('ProductResponse') },
            404: {
              description: 'No product has this handle: an empty JSON object; an unknown locale prefix or an encoded slash: a StorefrontError',
              content: { 'application/json': { schema: { oneOf: [ref('EmptyObject'), ref('StorefrontError')] } } },
            },
            405: storefrontErrors[405],
          },
        },
      },
      '/products/{handle}.js': {
        get: {
          operationId: 'getAjaxProduct',
          summary: 'One product in the Ajax format: prices in cents, live availability per variant', tags: ['Catalog'], parameters: [handleParameter],
          responses: {
            200: { description: 'The product', headers: cors, content: jsonContent('AjaxProduct') },
            404: error('No product has this handle (or an unknown locale prefix)'),
            405: storefrontErrors[405],
            503: error('Live stock is unavailable for a moment; retry after Retry-After seconds'),
          },
        },
      },
      '/search/suggest.json': {
        get: {
          operationId: 'searchSuggest',
          summary: 'Predictive search over products, collections, pages and articles', tags: ['Search'],
          parameters: [
            { name: 'q', in: 'query', required: true, description: 'Search terms in the language of the locale (legacy alias: s)', schema: { type: 'string', minLength: 1 } },
            { name: 's', in: 'query', required: false, deprecated: true, description: 'Legacy name of q, still sent by @shopify/theme-predictive-search', schema: { type: 'string' } },
            { name: 'resources[type]', in: 'query', required: false, description: 'Comma-separated list among product, collection, page, article, query', schema: { type: 'string', default: 'product,collection,page,article' } },
            { name: 'resources[limit]', in: 'query', required: false, description: 'Results per request (or per type with limit_scope=each)', schema: { type: 'integer', minimum: 1, maximum: 10, default: 10 } },
            { name: 'resources[limit_scope]', in: 'query', required: false, schema: { type: 'string', enum: ['all', 'each'], default: 'all' } },
            { name: 'resources[options][unavailable_products]', in: 'query', required: false, schema: { type: 'string', enum: ['show', 'hide', 'last'], default: 'last' } },
            { name: 'resources[options][fields]', in: 'query', required: false, description: 'Comma-separated product fields to search among author, body, product_type, tag, title, variants.barcode, variants.sku, variants.title, vendor. Default: every field (this store searches descriptions too, unlike Shopify\'s default title,product_type,variants.title,vendor).', schema: { type: 'string' } },
          ],
          responses: {
            200: { description: 'Suggestions, one key per requested type', headers: cors, content: jsonContent('SearchSuggestions') },
            ...storefrontErrors,
            422: error('A parameter is missing or invalid; description names it'),
          },
        },
      },
      '/api/ucp/mcp': {
        servers: [{ url: base, description: 'No locale prefix: pass context.language instead' }],
        post: {
          operationId: 'mcp',
          summary: `UCP ${UCP_VERSIONS.join(' and ')} over MCP (JSON-RPC 2.0). Call tools/list first.`, tags: ['Agent commerce'],
          description: 'Tools: search_catalog, lookup_catalog, get_product, create_cart, get_cart, update_cart, cancel_cart, create_checkout, get_checkout, update_checkout, complete_checkout, cancel_checkout, get_order. complete_checkout only after the buyer approved the payment on the store\'s approval page.',
          requestBody: { required: true, content: jsonContent('JsonRpcRequest') },
          responses: {
            200: { description: 'JSON-RPC result or error (method not found -32601 and invalid params -32602 inside a 200)', content: { 'application/json': { schema: { oneOf: [ref('JsonRpcResult'), ref('JsonRpcError')] } } } },
            202: { description: 'Notification accepted (no body)' },
            400: { description: 'Parse error (-32700: the body is not JSON), invalid request (-32600: not a JSON-RPC request object, or a batch), or UCP discovery error (-32001, invalid profile URL)', content: jsonContent('JsonRpcError') },
            403: { description: 'The Host header is not the store\'s (-32000; DNS-rebinding protection)', content: jsonContent('JsonRpcError') },
            405: { description: 'Only POST (and OPTIONS) are allowed (-32000)', content: jsonContent('JsonRpcError') },
            409: { description: 'Idempotency key reused with different arguments (-32000)', content: jsonContent('JsonRpcError') },
            413: { description: `Request body larger than ${MCP_MAX_BODY} bytes (-32600)`, content: jsonContent('JsonRpcError') },
            415: { description: 'Content-Type is not application/json (-32600)', content: jsonContent('JsonRpcError') },
            422: { description: 'UCP discovery error (-32001, profile malformed or version unsupported)', content: jsonContent('JsonRpcError') },
            424: { description: 'UCP discovery error (-32001, profile unreachable)', content: jsonContent('JsonRpcError') },
            429: { description: 'Rate limited per client IP (-32000 with data.retry_after); honour Retry-After', headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } }, content: jsonContent('JsonRpcError') },
            500: { description: 'Internal error (-32603)', content: jsonContent('JsonRpcError') },
            503: { description: 'Storage unavailable (-32000); retry later', content: jsonContent('JsonRpcError') },
          },
        },
      },
      '/.well-known/ucp': discovery('getUcpProfile', 'The UCP business profile: versions, services, capabilities, payment handlers',
        `The profile at ${UCP_VERSION} (schema: UCP ${UCP_VERSION} schemas/profile.json); ucp.supported_versions names the profile of each older version`, { required: ['ucp'], properties: { ucp: { type: 'object' } } }),
      '/openapi.json': discovery('getOpenApi', 'This document', 'OpenAPI 3.1.0', { required: ['openapi'], properties: { openapi: { const: '3.1.0' } } }),
    },
    components: { schemas: components() },
  };
}
