/**
 * The tool registry: every UCP tool of the endpoint, its argument schema
 * (`{meta, <payload key>, id?}`, docs/agent-commerce.md "MCP envelope") and its `tools/list` entry:
 * a JSON Schema `inputSchema` and a small `outputSchema` envelope naming the UCP schema of the
 * result (docs/agent-commerce.md "Tool list and schemas"). The list an agent reads before its
 * first call stays under TOOLS_LIST_BUDGET bytes.
 * Everything here is computed once per process: a per-instance cache of immutable values.
 */
import { z } from 'zod';
import { Meta } from '../wire/common';
import { searchCatalogTool } from '../catalog/search-tool';
import { getProductTool, lookupCatalogTool } from '../catalog/lookup-tools';
import { cancelCartTool, createCartTool, getCartTool, updateCartTool } from '../cart/tools';
import { cancelCheckoutTool, completeCheckoutTool, createCheckoutTool, getCheckoutTool, updateCheckoutTool } from '../checkout/tools';
import { getOrderTool } from '../order/tools';
import type { ToolDefinition } from './types';
import { UCP_VERSION, UCP_VERSIONS, capabilitiesAt } from '../version';

/** Every tool, in the order of `tools/list`. */
export const TOOLS: readonly ToolDefinition<never>[] = [
  searchCatalogTool, lookupCatalogTool, getProductTool, createCartTool, getCartTool, updateCartTool, cancelCartTool,
  createCheckoutTool, getCheckoutTool, updateCheckoutTool, completeCheckoutTool, cancelCheckoutTool, getOrderTool,
] as unknown as ToolDefinition<never>[];

/** A tool with the zod schemas of its whole `arguments` object. */
export interface RegisteredTool {
  tool: ToolDefinition<unknown>;
  /** Validates calls. `meta` is optional here even when the idempotency key is required, because the key may also come as an `Idempotency-Key` HTTP header (docs/agent-commerce.md "Idempotency"); src/ucp/service.ts checks that one of them is present. */
  args: z.ZodType<{ meta?: Meta; id?: string; [key: string]: unknown }>;
  /** Describes calls in `tools/list`: as the UCP OpenRPC, `meta["idempotency-key"]` required where the tool requires it. */
  listed: z.ZodType;
}

/** The `arguments` schema of a tool: UCP `meta`, payload, top-level id. */
function argumentsSchema(tool: ToolDefinition<unknown>, listing: boolean) {
  const required = listing && tool.idempotency === 'required';
  const meta = required ? Meta.extend({ 'idempotency-key': z.string().min(1).max(255).describe('UUID, required for this tool; makes retries safe for 24 h') }) : Meta;
  const shape: Record<string, z.ZodType> = {
    meta: required ? meta : meta.optional().describe(`ucp-agent.profile picks the UCP version (${UCP_VERSIONS.join('/')}; default ${UCP_VERSION})`),
  };
  if (tool.takesId) shape.id = z.string().min(1).max(200);
  if (tool.payloadKey) shape[tool.payloadKey] = tool.payload;
  return z.looseObject(shape) as unknown as RegisteredTool['args'];
}

const registry = new Map<string, RegisteredTool>(TOOLS.map((t) => {
  const tool = t as ToolDefinition<unknown>;
  return [tool.name, { tool, args: argumentsSchema(tool, false), listed: argumentsSchema(tool, true) }];
}));

/** The registered tool with this name, or undefined. */
export function findTool(name: string): RegisteredTool | undefined {
  return registry.get(name);
}

/** Most bytes of the `tools/list` response an agent reads before its first call (tests/ucp-mcp-protocol.test.ts holds it). */
export const TOOLS_LIST_BUDGET = 32 * 1024;

/**
 * Keywords left out of the listed input schemas: size limits (`maxLength`, `maxItems`,
 * `minLength`) that only refuse abuse, which the server checks and names in its -32602
 * error, and `additionalProperties: {}`, which says what JSON Schema assumes anyway. What
 * remains (types, required members, enums, ranges, descriptions) is what a call needs.
 */
const LIMIT_KEYWORDS = new Set(['maxLength', 'maxItems', 'minLength']);

/** `schema` without LIMIT_KEYWORDS and empty `additionalProperties`, at every depth. */
function forListing(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forListing);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema)
    .filter(([key, value]) => !LIMIT_KEYWORDS.has(key) && !(key === 'additionalProperties' && value && typeof value === 'object' && Object.keys(value).length === 0))
    .map(([key, value]) => [key, key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([name, member]) => [name, forListing(member)])) : forListing(value)]));
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** What a result is called in the output envelope's description. */
const RESULT_NAMES: Record<string, string> = {
  'dev.ucp.shopping.catalog.search': 'catalog search result',
  'dev.ucp.shopping.catalog.lookup': 'catalog lookup result',
  'dev.ucp.shopping.cart': 'cart',
  'dev.ucp.shopping.checkout': 'checkout',
  'dev.ucp.shopping.order': 'order',
};

/**
 * The `outputSchema` of a tool: an envelope every result satisfies (the resource, or an
 * `error_response`, both start with `ucp`), naming the UCP schema that describes the result in
 * full and the result's top-level members. MCP 2025-11-25 (server/tools "Output Schema"): a
 * client validates `structuredContent` against the declared schema, so the envelope is exact
 * where it speaks and open elsewhere; the full UCP schemas (about 8 KB a tool) are published
 * by UCP and would make the list too large to read before each purchase.
 */
function outputEnvelope(tool: ToolDefinition<unknown>): Record<string, unknown> {
  const schemaUrl = capabilitiesAt(UCP_VERSION)[tool.capability].schema;
  const members = tool.output instanceof z.ZodObject ? Object.keys(tool.output.shape).filter((k) => k !== 'ucp') : [];
  return {
    type: 'object',
    description: `UCP ${RESULT_NAMES[tool.capability] ?? 'result'} at the negotiated version, schema in $comment${members.length ? `: ${members.join(', ')}` : ''}; or an error_response (ucp.status "error", messages)`,
    $comment: schemaUrl,
    properties: { ucp: { type: 'object' } },
    required: ['ucp'],
  };
}

/**
 * MCP tool annotations, each hint only where it differs from its default (MCP 2025-11-25
 * ToolAnnotations: readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint
 * true): the store's tools touch only its own data, writes other than cancels destroy nothing,
 * and reads are idempotent.
 */
function annotationsOf(tool: ToolDefinition<unknown>): Record<string, boolean> {
  if (tool.readOnly) return { readOnlyHint: true, idempotentHint: true, openWorldHint: false };
  return { ...(tool.name.startsWith('cancel_') ? {} : { destructiveHint: false }), openWorldHint: false };
}

let listed: object[] | undefined;

/**
 * The `tools` array of `tools/list`, computed on first use.
 * Schemas are draft 2020-12 without a `$schema` key (MCP's default dialect; the keyword subset
 * used reads the same under draft-07 validators such as the SDK client's).
 */
export function toolList(): object[] {
  listed ??= TOOLS.map((t) => {
    const tool = t as ToolDefinition<unknown>;
    return {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: { type: 'object', ...(forListing(jsonSchema(registry.get(tool.name)!.listed, 'input')) as object) },
      outputSchema: outputEnvelope(tool),
      annotations: annotationsOf(tool),
    };
  });
  return listed;
}
