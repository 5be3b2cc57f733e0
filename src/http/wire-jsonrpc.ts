/**
 * zod schemas of the JSON-RPC 2.0 objects exchanged on `POST /api/ucp/mcp` (JSON-RPC 2.0,
 * https://www.jsonrpc.org/specification). They describe the wire for the OpenAPI document and contract tests;
 * the MCP SDK does the actual parsing.
 */
import { z } from 'zod';

const Id = z.union([z.number(), z.string()]).describe('Request id: any number or string (JSON-RPC 2.0 §4), echoed in the response');

/** A request; members beyond these four are ignored. */
export const JsonRpcRequest = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: Id.optional().describe('Absent for notifications (answered 202 with no body)'),
  method: z.string().describe('MCP 2026-07-28: server/discover, tools/list or tools/call, each with params._meta and the MCP-Protocol-Version, Mcp-Method (and Mcp-Name) headers; MCP 2025-11-25: initialize, notifications/initialized, ping, tools/list or tools/call'),
  params: z.looseObject({}).optional().describe('MCP 2026-07-28: _meta carries io.modelcontextprotocol/protocolVersion, clientInfo and clientCapabilities'),
}).meta({ id: 'JsonRpcRequest' });

export const JsonRpcResult = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: Id.nullable().optional(),
  result: z.any().describe('tools/call: {content:[{type:"text",text}], structuredContent: <UCP payload>}; at MCP 2026-07-28 tools/list and server/discover also carry ttlMs and cacheScope'),
}).meta({ id: 'JsonRpcResult' });

export const JsonRpcError = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: Id.nullable().optional(),
  error: z.looseObject({
    code: z.int().describe('-32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid params, -32603 internal, -32000 UCP transport error (idempotency conflict 409, rate limit 429, unavailable 503), -32001 UCP discovery error, -32020 MCP 2026-07-28 header mismatch (400), -32022 unsupported MCP revision (400)'),
    message: z.string(),
    data: z.any().optional().describe('UCP errors: {code, content, continue_url?} or {retry_after} in seconds'),
  }),
}).meta({ id: 'JsonRpcError' });
