/**
 * Business outcomes as UCP messages (docs/agent-commerce.md "Errors"): not found, out of stock, not shippable,
 * currency hints... They travel inside results (HTTP 200), never as JSON-RPC errors. Codes are
 * the UCP codes where one exists; the texts of the core's problems follow `context.language`
 * (src/ucp/problems.ts), the adapter's own texts are English, addressed to the agent.
 */
import type { ErrorResponse, Message } from './wire/common';

type Severity = Extract<Message, { type: 'error' }>['severity'];

/** An `error` message (`severity` required by types/message_error.json). */
export function errorMessage(code: string, content: string, severity: Severity, path?: string): Message {
  return path === undefined ? { type: 'error', code, content, severity } : { type: 'error', code, content, severity, path };
}

/** A `warning` message: the platform must show it to the buyer. */
export function warningMessage(code: string, content: string, path?: string): Message {
  return path === undefined ? { type: 'warning', code, content } : { type: 'warning', code, content, path };
}

/** An `info` message. */
export function infoMessage(code: string, content: string, path?: string): Message {
  return path === undefined ? { type: 'info', code, content } : { type: 'info', code, content, path };
}

/**
 * `error_response`: the operation produced no resource (types/error_response.json; `ucp.status`
 * must be "error" and no other top-level key is allowed).
 */
export function errorResponse(version: string, messages: [Message, ...Message[]]): ErrorResponse {
  return { ucp: { version, status: 'error' }, messages };
}

/** `not_found` as an unrecoverable error response (e.g. get_product, get_cart). */
export function notFound(version: string, content: string): ErrorResponse {
  return errorResponse(version, [errorMessage('not_found', content, 'unrecoverable')]);
}
