/**
 * The UCP service behind the MCP endpoint: one object per process holding the catalog, the
 * state store, the platform-profile cache and the clock, and `callTool`, which runs one
 * `tools/call` end to end (docs/ucp.md §2): find the tool, validate its arguments (-32602
 * naming the argument), negotiate with the platform profile (-32001 or
 * `capabilities_incompatible`), apply the idempotency key, run the tool. Transport-agnostic:
 * src/ucp/mcp-server.ts wraps it in the MCP SDK.
 */
import type { z } from 'zod';
import type { Catalog } from '../catalog/types';
import type { StateStore } from '../state/port';
import { RPC, UcpProtocolError, invalidParams, serverError } from './errors';
import { beginIdempotent } from './idempotency';
import { capabilitiesIncompatible, negotiate } from './negotiation';
import { PROFILE_DEFAULTS, ProfileResolver, type ProfileResolverOptions } from './platform/profiles';
import { findTool } from './tools/registry';
import type { SoldUnits, ToolEnv } from './tools/types';

export interface UcpServiceOptions {
  catalog: Catalog;
  state: StateStore;
  /** Accept http and local platform-profile URLs: only under `netlify dev` (NETLIFY_DEV) or in tests. */
  allowInsecureProfiles?: boolean;
  /** Clock, epoch milliseconds (default Date.now). */
  now?: () => number;
  /** Units sold per variant since the stock count (default: none sold). */
  sold?: SoldUnits;
  /** Profile fetch limits and cache (defaults: PROFILE_DEFAULTS). */
  profiles?: Partial<Omit<ProfileResolverOptions, 'allowInsecure' | 'now'>>;
}

export interface UcpService {
  readonly catalog: Catalog;
  readonly profiles: ProfileResolver;
  /**
   * Runs one tool call.
   * @param name `params.name`
   * @param args `params.arguments`
   * @param headers HTTP request headers, lower-case (for an `Idempotency-Key` header)
   * @returns the UCP payload for `structuredContent`
   * @throws UcpProtocolError for protocol errors (-32602, -32001, -32000, -32603)
   */
  callTool(name: string, args: unknown, headers?: Record<string, string | undefined>): Promise<object>;
}

const noneSold: SoldUnits = async () => new Map();

/** `cart.line_items[0].quantity` from a zod issue path. */
export function argumentPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)), '') || 'arguments';
}

function firstIssue(error: z.ZodError): { path: string; message: string } {
  const issue = error.issues[0];
  const path = argumentPath(issue.path);
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  return { path, message: missing ? 'is required' : issue.message };
}

/** Creates the service; call once per process and reuse (it holds the profile cache). */
export function createUcpService(options: UcpServiceOptions): UcpService {
  const now = options.now ?? Date.now;
  const sold = options.sold ?? noneSold;
  const profiles = new ProfileResolver({ ...PROFILE_DEFAULTS, ...options.profiles, allowInsecure: !!options.allowInsecureProfiles, now });

  async function callTool(name: string, rawArgs: unknown, headers: Record<string, string | undefined> = {}): Promise<object> {
    const registered = findTool(name);
    if (!registered) throw new UcpProtocolError(RPC.invalidParams, `Unknown tool: ${name}. Call tools/list for the available tools.`, { argument: 'name' });
    const { tool } = registered;
    const parsed = registered.args.safeParse(rawArgs ?? {});
    if (!parsed.success) {
      const { path, message } = firstIssue(parsed.error);
      throw invalidParams(name, path, message);
    }
    const { meta, id, ...rest } = parsed.data;
    const headerKey = headers['idempotency-key'];
    const metaKey = meta?.['idempotency-key'];
    if (headerKey !== undefined && metaKey !== undefined && headerKey !== metaKey) {
      throw invalidParams(name, 'meta.idempotency-key', 'differs from the Idempotency-Key HTTP header');
    }
    const key = metaKey ?? headerKey;
    if (tool.idempotency === 'required' && !key) throw invalidParams(name, 'meta.idempotency-key', 'is required');

    const profileUrl = meta?.['ucp-agent']?.profile;
    const negotiated = negotiate(profileUrl === undefined ? undefined : await profiles.resolve(profileUrl));
    if (!negotiated.capabilities.has(tool.capability)) return capabilitiesIncompatible(negotiated.version, tool.capability, name);

    const env: ToolEnv = {
      catalog: options.catalog,
      state: options.state,
      version: negotiated.version,
      capabilities: negotiated.capabilities,
      now,
      sold,
      ucp: (names) => {
        const listed = names.filter((n) => negotiated.capabilities.has(n));
        return { version: negotiated.version, status: 'success', capabilities: Object.fromEntries(listed.map((n) => [n, [{ version: negotiated.capabilities.get(n)! }]])) };
      },
    };
    const input = { payload: (tool.payloadKey ? rest[tool.payloadKey] : undefined) as never, id: id ?? '' };
    const run = () => tool.run(input, env).catch(internal(name));
    if (!key || tool.idempotency === 'ignored') return run();

    const begun = await beginIdempotent(options.state, { profile: profileUrl ?? 'anonymous', tool: name }, key, { id, ...rest }, now);
    if ('replay' in begun) return begun.replay as object;
    let result: object;
    try {
      result = await run();
    } catch (error) {
      await begun.reservation.abandon();
      throw error;
    }
    await begun.reservation.complete(result).catch((error) => console.error(`idempotency: storing the response of ${name} failed`, error));
    return result;
  }

  return { catalog: options.catalog, profiles, callTool };
}

/** Maps what a tool throws: protocol errors pass, storage failures become 503, anything else -32603 (logged, no internals). */
function internal(tool: string) {
  return (error: unknown): never => {
    if (error instanceof UcpProtocolError) throw error;
    if ((error as { name?: string }).name === 'StateError') {
      console.error(`${tool}: state store failed`, error);
      throw serverError('unavailable', 'the store is temporarily unavailable; retry later');
    }
    console.error(`${tool}: unexpected error`, error);
    throw new UcpProtocolError(RPC.internalError, 'Internal error');
  };
}
