/**
 * The shape of a UCP tool (docs/agent-commerce.md "MCP envelope"; UCP MCP binding, https://ucp.dev/2026-08-25/specification/overview): arguments are
 * `{meta, <payload key>, id?}`, the result is the UCP payload (resource or `error_response`).
 * Catalog and cart tools are defined with this type; checkout and order tools slot in the same
 * way (registry.ts), with their own payload schema, capability and idempotency rule.
 */
import { z } from 'zod';
import type { CommerceContext, Owner } from '../../checkout/context';
import type { HeldKey } from '../../checkout/idempotent';
import type { CapabilityName, UcpVersion } from '../version';
import type { UcpResponseMeta } from '../wire/common';

/**
 * What a tool run gets besides its arguments: the store's context (the core's operations take
 * it as it is), who calls, and what was negotiated.
 */
export interface ToolEnv extends CommerceContext {
  /** Negotiated UCP version of this call: the version every result is rendered at. */
  version: UcpVersion;
  /** Negotiated capabilities with their versions. */
  capabilities: ReadonlyMap<string, string>;
  /**
   * The caller: its profile URL (or "anonymous"; checkouts and orders are visible only to the
   * platform that created them) and, when the order capability was negotiated with a
   * `config.webhook_url`, where orders placed in this call send their events.
   */
  owner: Owner;
  /**
   * The `ucp` block of a success response listing the given capabilities (only those
   * negotiated; docs/agent-commerce.md "The ucp block of responses").
   */
  ucp(capabilities: readonly string[]): UcpResponseMeta;
  /** The idempotency key of a tool that writes its own record (`ownsIdempotencyRecord`), when one was sent. */
  idempotency?: HeldKey;
}

export type PayloadKey = 'catalog' | 'cart' | 'checkout';

/** The validated arguments handed to `run`. */
export interface ToolInput<P> {
  payload: P;
  /** Top-level `arguments.id` (get/update/cancel tools). */
  id: string;
}

export interface ToolDefinition<P = unknown> {
  name: string;
  title: string;
  description: string;
  /** Capability the operation needs; without it the call gets `capabilities_incompatible`. */
  capability: CapabilityName;
  /** Key of the payload object in `arguments`, or null for tools that take only `id`. */
  payloadKey: PayloadKey | null;
  /** Zod schema of the payload (ignored when payloadKey is null). */
  payload: z.ZodType<P>;
  /** Whether the tool takes a top-level `arguments.id`. */
  takesId: boolean;
  /**
   * `required`: `meta["idempotency-key"]` must be sent (docs/agent-commerce.md "Idempotency"); `optional`: honoured
   * when sent; `ignored`: read-only tools, the key has no effect.
   */
  idempotency: 'required' | 'optional' | 'ignored';
  /**
   * The tool writes its idempotency record itself, in the transaction of its change
   * (`env.idempotency`), and throws KeyTakenError when a concurrent call holds the key; the
   * service replays or waits as for any tool. Default: the service reserves the key around `run`.
   */
  ownsIdempotencyRecord?: boolean;
  /** Zod schema of the success payload; `tools/list` names its top-level members in the `outputSchema` envelope (registry.ts). */
  output: z.ZodType;
  /** MCP tool annotations. */
  readOnly: boolean;
  /**
   * Runs the operation.
   * @returns the UCP payload: the resource (with `messages` for business outcomes) or an `error_response`.
   * @throws UcpProtocolError for protocol errors only (never for business outcomes).
   */
  run(input: ToolInput<P>, env: ToolEnv): Promise<object>;
}

/**
 * The argument and idempotency shape of each kind of operation (docs/agent-commerce.md "MCP envelope" and "Idempotency"):
 * a definition spreads one of these and adds its name, texts, capability, schemas and `run`.
 * - `query`: catalog reads, a payload and no id; a key has no effect;
 * - `create`: a payload, no id; a key is honoured when sent;
 * - `get`: only the id; read-only, a key has no effect;
 * - `update`: the id and a payload; a key is honoured when sent;
 * - `cancel`: only the id; a key is required (the UCP OpenRPC requires it for cancel_cart and cancel_checkout);
 * - `complete`: the id and a payload; a key is required (the UCP OpenRPC requires it for complete_checkout).
 */
export const OPERATION = {
  query: { takesId: false, idempotency: 'ignored', readOnly: true },
  create: { takesId: false, idempotency: 'optional', readOnly: false },
  get: { payloadKey: null, payload: z.undefined(), takesId: true, idempotency: 'ignored', readOnly: true },
  update: { takesId: true, idempotency: 'optional', readOnly: false },
  cancel: { payloadKey: null, payload: z.undefined(), takesId: true, idempotency: 'required', readOnly: false },
  complete: { takesId: true, idempotency: 'required', readOnly: false },
} as const satisfies Record<string, Partial<ToolDefinition<undefined>>>;

/** Identity helper keeping the payload type of a definition. */
export function defineTool<P>(tool: ToolDefinition<P>): ToolDefinition<P> {
  return tool;
}
