/**
 * The UCP REST binding checked against the official contract: `services/shopping/rest.openapi.json`
 * of each version (unmodified copies in tests/fixtures/ucp/<version>, see SOURCE.md there),
 * loaded by openapi-backend (an OpenAPI 3.x request router and request/response validator). Its
 * ref parser (@apidevtools/json-schema-ref-parser) resolves the document's external `$ref`s to the
 * version's JSON Schemas (`../../schemas/shopping/checkout.json`, …) from the files beside it; its validators run on
 * ajv's draft 2020-12 class with ajv-formats, the dialect of those schemas
 * (https://json-schema.org/draft/2020-12, `dependentRequired` included).
 *
 * The request bodies of rest.openapi.json name the resource schemas (`checkout.json`), whose
 * request shapes come from the `ucp_request` annotations (UCP's `ucp-schema resolve --request
 * --op <op>`, /work/shared/docs/ucp.md §10): each operation's body schema is resolved for its
 * operation (create, update, complete) in memory before validation; the files are unchanged.
 *
 * Every request and response of the REST tests goes through `restCall`, which validates the
 * request (path, method, headers such as UCP-Agent, Request-Id and Idempotency-Key, body) and the
 * response (status and body for the documented statuses; protocol errors, which the documents
 * leave to the overview's `{code, content}`, against that shape) and each UCP result against the
 * JSON Schemas of its version (tests/helpers/ucp-schemas.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import OpenAPIBackend, { type Request as OpenApiRequest } from 'openapi-backend';
import { dereference } from 'openapi-backend/refparser.js';
import { expect } from 'vitest';
import { type UcpVersion, expectUcpValid, ucpFixtures, validatorForResult } from './ucp-schemas';

export const REST_BASE = 'http://localhost:8888/api/ucp';

/** `ucp_request` visibility of a property for an operation (ucp.md §10). */
const visibility = (annotation: unknown, op: string): string | null =>
  annotation == null ? null : typeof annotation === 'string' ? annotation : ((annotation as Record<string, string>)[op] ?? null);

/** Resolves a schema tree for the requests of `op` in place: omitted properties removed, required/optional applied. */
function resolveRequest(node: unknown, op: string, seen = new Set<object>()): void {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) return node.forEach((n) => resolveRequest(n, op, seen));
  const schema = node as { properties?: Record<string, { ucp_request?: unknown }>; required?: string[] };
  if (schema.properties && typeof schema.properties === 'object') {
    for (const [name, property] of Object.entries(schema.properties)) {
      const v = visibility(property?.ucp_request, op);
      if (v === 'omit') {
        delete schema.properties[name];
        schema.required = schema.required?.filter((r) => r !== name);
      } else if (v === 'required') schema.required = [...new Set([...(schema.required ?? []), name])];
      else if (v === 'optional') schema.required = schema.required?.filter((r) => r !== name);
    }
  }
  for (const value of Object.values(node)) resolveRequest(value, op, seen);
}

/** Keywords whose value maps names to schemas (the map itself is not a schema). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * A deep copy of a dereferenced document in which no object is shared between two places; only
 * true cycles back to a schema (a schema containing itself, `$ref: "#"`) are kept. openapi-backend
 * turns every repeated object into a `$ref` to its first place (cycle.js), which is only right
 * for schemas: a shared `properties` map or `examples` list would become an invalid schema.
 * @param isMap the node is a map of schemas (the value of `properties`, `$defs`, …)
 */
function unshared(node: unknown, ancestors = new Map<object, object>(), isMap = false): unknown {
  if (!node || typeof node !== 'object') return node;
  const cycle = isMap ? undefined : ancestors.get(node);
  if (cycle) return cycle;
  const copy: any = Array.isArray(node) ? [] : {};
  const outer = ancestors.get(node);
  ancestors.set(node, copy);
  for (const [k, v] of Object.entries(node)) copy[k] = unshared(v, ancestors, !isMap && !Array.isArray(node) && SCHEMA_MAPS.has(k));
  if (outer) ancestors.set(node, outer);
  else ancestors.delete(node);
  return copy;
}

/**
 * Removes `$id` and `$schema` from every schema of a dereferenced document, in place. Once every
 * `$ref` is inlined they only name where a schema came from, and one file inlined in several
 * places (or resolved differently for two operations) would give ajv two schemas with one `$id`.
 */
function withoutIds(node: unknown, seen = new Set<object>()): void {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  const schema = node as Record<string, unknown>;
  if (typeof schema.$id === 'string') delete schema.$id;
  if (typeof schema.$schema === 'string') delete schema.$schema;
  for (const value of Object.values(schema)) withoutIds(value, seen);
}

/** The request operation of each body-carrying operationId, for `ucp_request`. */
const REQUEST_OP: Record<string, string> = {
  create_checkout: 'create', update_checkout: 'update', complete_checkout: 'complete',
  create_cart: 'create', update_cart: 'update',
};

const apis = new Map<UcpVersion, Promise<OpenAPIBackend>>();

/** The contract of `version`, loaded once: rest.openapi.json dereferenced, request bodies resolved per operation. */
export function restContract(version: UcpVersion): Promise<OpenAPIBackend> {
  let api = apis.get(version);
  if (!api) {
    api = (async () => {
      const file = join(ucpFixtures(version), 'services/shopping/rest.openapi.json');
      const customizeAjv = (_ajv: unknown, options: object) => {
        const ajv = new Ajv2020({ ...options, strict: false, allErrors: true });
        addFormats.default(ajv);
        return ajv as never;
      };
      // The document with every external $ref resolved: openapi-backend's ref parser resolves a
      // relative $ref against the `$id` of its schema (https://ucp.dev/schemas/…), so those URLs
      // are read from the version's copy instead of the network.
      const local = join(ucpFixtures(version), 'schemas');
      const resolved = await dereference(file, {
        resolve: {
          ucpFixtures: {
            order: 1,
            canRead: /^https:\/\/ucp\.dev\/schemas\//,
            read: ({ url }: { url: string }) => readFileSync(join(local, new URL(url).pathname.replace(/^\/schemas\//, '')), 'utf8'),
          },
        },
      } as never);
      const definition = unshared(resolved) as any;
      withoutIds(definition);
      for (const item of Object.values(definition.paths) as any[]) {
        for (const operation of Object.values(item) as any[]) {
          const op = REQUEST_OP[operation?.operationId];
          const media = operation?.requestBody?.content?.['application/json'];
          if (op && media) resolveRequest(media.schema, op);
        }
      }
      const contract = new OpenAPIBackend({ definition, quick: true, apiRoot: '/api/ucp', customizeAjv });
      await contract.init();
      return contract;
    })();
    apis.set(version, api);
  }
  return api;
}

/** A protocol error of the binding (UCP overview "Error Handling", REST: a body with `code` and `content`). */
const ERROR_BODY = new Ajv2020({ strict: false }).compile({
  type: 'object', required: ['code', 'content'],
  properties: { code: { type: 'string', minLength: 1 }, content: { type: 'string', minLength: 1 }, continue_url: { type: 'string' }, retry_after: { type: 'number' } },
});

export type Handler = (request: Request) => Promise<Response>;

export interface RestReply {
  status: number;
  headers: Headers;
  body: any;
  /** The operationId the request matched (= the MCP tool name). */
  operation: string;
}

/**
 * One REST request, checked against the contract of `version` both ways.
 * - The request must be valid for rest.openapi.json unless `invalidRequest` (tests of refusals);
 * - a 200/201 must be documented for the operation and its body valid for the documented schema,
 *   and valid against the UCP JSON Schema of the version it declares, which must be `version`;
 * - any other status must carry the `{code, content}` error body.
 * @param headers e.g. `{'ucp-agent': 'profile="…"', 'idempotency-key': uuid}`; Request-Id and Content-Type are added
 */
export async function restCall(handler: Handler, version: UcpVersion, method: string, path: string, body?: unknown, headers: Record<string, string> = {}, options: { invalidRequest?: boolean } = {}): Promise<RestReply> {
  const api = await restContract(version);
  const requestHeaders: Record<string, string> = { 'request-id': crypto.randomUUID(), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers };
  const request: OpenApiRequest = { method, path: `/api/ucp${path}`, headers: requestHeaders, ...(body === undefined ? {} : { body }) };
  const operation = api.router.matchOperation(request);
  expect(operation?.operationId, `${method} ${path} is an operation of rest.openapi.json ${version}`).toBeDefined();
  const checked = api.validateRequest(request, operation!);
  if (!options.invalidRequest) expect(checked.errors ?? [], `${method} ${path} request is valid for rest.openapi.json ${version}`).toEqual([]);

  const res = await handler(new Request(`${REST_BASE}${path}`, { method, headers: requestHeaders, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) }));
  const text = await res.text();
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const parsed = JSON.parse(text);
  expect(res.headers.get('request-id'), 'Request-Id echoed').toBe(requestHeaders['request-id']);
  const id = operation!.operationId!;
  if (res.status === 200 || res.status === 201) {
    expect(Object.keys(operation!.responses ?? {}), `${id} documents status ${res.status}`).toContain(String(res.status));
    const valid = api.validateResponse(parsed, operation!, res.status);
    expect(valid.errors ?? [], `${id} ${res.status} response is valid for rest.openapi.json ${version}`).toEqual([]);
    expect(parsed.ucp?.version, `${id}: ucp.version`).toBe(version);
    expectUcpValid(validatorForResult(id, parsed), parsed, `${id} result at ${version}`);
  } else {
    expect(ERROR_BODY(parsed), `${id} ${res.status} error body ${text}`).toBe(true);
  }
  return { status: res.status, headers: res.headers, body: parsed, operation: id };
}

