/**
 * The tool registry: every UCP tool of the endpoint, its argument schema
 * (`{meta, <payload key>, id?}`, docs/agent-commerce.md "MCP envelope") and its `tools/list` entry with JSON Schema
 * `inputSchema` and a self-contained `outputSchema` (resource or `error_response`, no remote
 * `$ref`: clients validate `structuredContent` against it, docs/agent-commerce.md "Tool list and schemas").
 * Everything here is computed once per process.
 */
import { z } from 'zod';
import { ErrorResponse, Meta } from '../wire/common';
import { searchCatalogTool } from '../catalog/search-tool';
import { getProductTool, lookupCatalogTool } from '../catalog/lookup-tools';
import { cancelCartTool, createCartTool, getCartTool, updateCartTool } from '../cart/tools';
import { cancelCheckoutTool, completeCheckoutTool, createCheckoutTool, getCheckoutTool, updateCheckoutTool } from '../checkout/tools';
import { getOrderTool } from '../order/tools';
import type { ToolDefinition } from './types';
import { UCP_VERSION, UCP_VERSIONS } from '../version';

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
    meta: required ? meta : meta.optional().describe(`UCP request metadata; the call is answered at the UCP version of the platform profile (${UCP_VERSIONS.join(' or ')}), without a profile at ${UCP_VERSION} with every capability`),
  };
  if (tool.takesId) shape.id = z.string().min(1).max(200).describe('Identifier of the resource');
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

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
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
    const output = jsonSchema(z.union([tool.output, ErrorResponse]), 'output');
    return {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: { type: 'object', ...jsonSchema(registry.get(tool.name)!.listed, 'input') },
      outputSchema: { type: 'object', ...output },
      annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: tool.name.startsWith('cancel_'), idempotentHint: tool.readOnly, openWorldHint: false },
    };
  });
  return listed;
}
