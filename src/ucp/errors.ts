/**
 * Protocol errors of the MCP endpoint: JSON-RPC error objects and the HTTP status that goes
 * with each (docs/agent-commerce.md "Errors"). Business outcomes (not found,
 * out of stock, ...) are never errors here: they are results with UCP `messages`
 * (src/ucp/messages.ts).
 */

/** JSON-RPC 2.0 and UCP error codes used by the endpoint. */
export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** UCP: auth, forbidden, idempotency conflict, rate limit, unavailable. */
  server: -32000,
  /** UCP: discovery or version failure. */
  discovery: -32001,
} as const;

/** `data.code` of UCP protocol errors, with their HTTP status (docs/agent-commerce.md "Errors"). */
export const UCP_ERROR_STATUS = {
  invalid_profile_url: 400,
  profile_unreachable: 424,
  profile_malformed: 422,
  version_unsupported: 422,
  idempotency_conflict: 409,
  idempotency_in_progress: 409,
  conflict: 409,
  unavailable: 503,
  rate_limited: 429,
} as const;
export type UcpErrorCode = keyof typeof UCP_ERROR_STATUS;

/** A JSON-RPC error to answer instead of a result. `data` follows UCP: `{code, content}`. */
export class UcpProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: { code?: UcpErrorCode | string; content?: string; [key: string]: unknown },
  ) {
    super(message);
    this.name = 'UcpProtocolError';
  }
}

/**
 * `-32602` for arguments that fail validation; the message names the argument.
 * @param tool tool name, e.g. "create_cart"
 * @param path the argument's path, e.g. "cart.line_items[0].quantity"
 */
export function invalidParams(tool: string, path: string, problem: string): UcpProtocolError {
  return new UcpProtocolError(RPC.invalidParams, `Invalid arguments for tool ${tool}: ${path}: ${problem}`, { argument: path });
}

/** `-32001` discovery failure (`invalid_profile_url`, `profile_unreachable`, `profile_malformed`, `version_unsupported`). */
export function discoveryError(code: Extract<UcpErrorCode, 'invalid_profile_url' | 'profile_unreachable' | 'profile_malformed' | 'version_unsupported'>, content: string): UcpProtocolError {
  return new UcpProtocolError(RPC.discovery, `${code}: ${content}`, { code, content });
}

/** `-32000` server-side refusal (`idempotency_conflict`, `idempotency_in_progress`, `conflict` (concurrent writes), `unavailable`, `rate_limited`). */
export function serverError(code: Extract<UcpErrorCode, 'idempotency_conflict' | 'idempotency_in_progress' | 'conflict' | 'unavailable' | 'rate_limited'>, content: string): UcpProtocolError {
  return new UcpProtocolError(RPC.server, `${code}: ${content}`, { code, content });
}

/**
 * HTTP status of a JSON-RPC response body (Streamable HTTP sends the matching status, docs/agent-commerce.md "Errors").
 * @returns 200 for results and for -32601/-32602 (MCP convention), the table status for UCP
 *          `-32000`/`-32001` errors, 400 for parse and invalid-request errors, 500 for -32603.
 */
export function httpStatusOf(message: unknown): number {
  if (!message || typeof message !== 'object' || !('error' in message)) return 200;
  const error = (message as { error?: { code?: unknown; data?: { code?: unknown } } }).error;
  const dataCode = error?.data?.code;
  if ((error?.code === RPC.server || error?.code === RPC.discovery) && typeof dataCode === 'string' && dataCode in UCP_ERROR_STATUS) {
    return UCP_ERROR_STATUS[dataCode as UcpErrorCode];
  }
  if (error?.code === RPC.parseError || error?.code === RPC.invalidRequest) return 400;
  if (error?.code === RPC.internalError) return 500;
  return 200;
}
