/**
 * The UCP service behind the MCP endpoint: one object per process holding the catalog, the
 * state store, the platform-profile cache and the clock, and `callTool`, which runs one
 * `tools/call` end to end (docs/agent-commerce.md "MCP envelope"): find the tool, validate its arguments (-32602
 * naming the argument), negotiate with the platform profile (-32001 or
 * `capabilities_incompatible`), apply the idempotency key, run the tool. Transport-agnostic:
 * src/ucp/mcp-server.ts wraps it in the MCP SDK.
 */
import type { LinkedAccount } from '../commerce/owner';
import type { Catalog } from '../catalog/types';
import type { Store } from '../catalog/schema';
import { type Commerce, type CommerceOptions, createCommerce } from '../checkout/commerce';
import { KeyTakenError, type HeldKey } from '../checkout/idempotent';
import type { UrlSecrets } from '../checkout/secrets';
import { orderUrl } from '../checkout/urls';
import { MAX_DEPTH, TooDeepError, checkDepth } from '../commerce/canonical-json';
import { UNSTORABLE_MESSAGE, unstorableTextPath } from '../commerce/text';
import { mailHandler } from '../mail/messages';
import { type Mailer, mailerFromEnv } from '../mail/transport';
import type { OutboxHandlers } from '../outbox/deliver';
import { viesAdapter } from '../accounts/vies';
import type { Db } from '../state/db';
import { isStateError } from '../state/db';
import { firstIssue } from '../validation/issues';
import { RPC, UcpProtocolError, invalidParams, serverError } from './errors';
import { idempotencyScope, previousCall, runOnce } from './idempotency';
import { capabilitiesIncompatible, negotiate } from './negotiation';
import { PROFILE_DEFAULTS, ProfileResolver, type ProfileResolverOptions, orderWebhookUrl } from './platform/profiles';
import { findTool } from './tools/registry';
import type { ToolEnv } from './tools/types';
import { CAPABILITY } from './version';
import { type SigningKey, signingKeyOrNull } from './webhooks/keys';
import { type WebhookDeps, webhookHandler } from './webhooks/order-webhooks';

export interface UcpServiceOptions extends Omit<CommerceOptions, 'outbox'> {
  /** Accept http and local platform-profile URLs: only under `netlify dev` (NETLIFY_DEV) or in tests. */
  allowInsecureProfiles?: boolean;
  /** Profile fetch limits and cache (defaults: PROFILE_DEFAULTS). */
  profiles?: Partial<Omit<ProfileResolverOptions, 'allowInsecure' | 'now'>>;
  /** Sends the outbox's e-mails (default: SMTP from the environment, src/mail/transport.ts `mailerFromEnv`). */
  mailer?: Mailer;
  /** Signs order webhooks (default: `UCP_SIGNING_KEY` from the environment, src/ucp/webhooks/keys.ts). */
  signingKey?: SigningKey | null;
}

export interface UcpService {
  readonly catalog: Catalog;
  readonly profiles: ProfileResolver;
  /** The store's commerce the tools work on; the buyer's pages use it directly. */
  readonly commerce: Commerce;
  /**
   * Runs one tool call.
   * @param name `params.name`
   * @param args `params.arguments`
   * @param headers HTTP request headers, lower-case (for an `Idempotency-Key` header)
   * @param account the account a linked platform acts for, its bearer token already checked for
   *        the tool's scope (src/http/bearer-gate.ts); undefined for a guest call
   * @returns the UCP payload for `structuredContent`
   * @throws UcpProtocolError for protocol errors (-32602, -32001, -32000, -32603)
   */
  callTool(name: string, args: unknown, headers?: Record<string, string | undefined>, origin?: string, account?: LinkedAccount): Promise<object>;
  /** Live stock (checkout flow and `GET /products/{handle}.js`). */
  readonly stock: Commerce['stock'];
  /** Delivers due outbox messages now (Commerce.deliverOutbox). */
  deliverOutbox: Commerce['deliverOutbox'];
}

/** Creates the service; call once per process and reuse (it holds the profile cache). */
export function createUcpService(options: UcpServiceOptions): UcpService {
  const mailer = options.mailer ?? mailerFromEnv(options.catalog.store);
  const signingKey = options.signingKey === undefined ? signingKeyOrNull() : options.signingKey;
  const commerce = createCommerce({
    ...options,
    // VIES_ENDPOINT points the VIES adapter at another server (a local one in tests and e2e runs).
    vies: options.vies ?? viesAdapter({ endpoint: process.env.VIES_ENDPOINT || undefined }),
    outbox: ({ baseUrl, secrets }) => serviceOutbox({
      db: options.db, catalog: options.catalog, store: options.catalog.store, secrets, mailer, baseUrl, signingKey,
      allowInsecure: !!options.allowInsecureProfiles, now: commerce.now,
    }),
  });
  const { db, now } = commerce;
  const profiles = new ProfileResolver({ ...PROFILE_DEFAULTS, ...options.profiles, allowInsecure: !!options.allowInsecureProfiles, now });

  async function callTool(name: string, rawArgs: unknown, headers: Record<string, string | undefined> = {}, origin?: string, account?: LinkedAccount): Promise<object> {
    const registered = findTool(name);
    if (!registered) throw new UcpProtocolError(RPC.invalidParams, `Unknown tool: ${name}. Call tools/list for the available tools.`, { argument: 'name' });
    const { tool } = registered;
    // Before anything recurses into them (zod, the stored documents' JSON.stringify, the
    // fingerprint, which nests the arguments one level down): deeper arguments are refused.
    try {
      checkDepth(rawArgs, MAX_DEPTH - 1);
    } catch (error) {
      if (error instanceof TooDeepError) throw tooDeep(name, error.path);
      throw error;
    }
    // Text the database cannot store is refused here, naming where it is, on every transport.
    const unstorable = unstorableTextPath(rawArgs);
    if (unstorable !== null) throw invalidParams(name, unstorable || 'arguments', UNSTORABLE_MESSAGE);
    const parsed = registered.args.safeParse(rawArgs ?? {});
    if (!parsed.success) {
      const { path, message } = firstIssue(parsed.error, 'arguments');
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
    const profile = profileUrl === undefined ? undefined : await profiles.resolve(profileUrl);
    const negotiated = negotiate(profile);
    // The order capability's webhook, as negotiated (docs/agent-commerce.md "Order webhooks"): orders placed in this call keep it.
    const webhookUrl = profile && negotiated.capabilities.has(CAPABILITY.order) ? orderWebhookUrl(profile) : undefined;
    if (!negotiated.capabilities.has(tool.capability)) return capabilitiesIncompatible(negotiated.version, tool.capability, name);

    const env: ToolEnv = {
      ...commerce.context(origin),
      version: negotiated.version,
      capabilities: negotiated.capabilities,
      owner: { platform: profileUrl ?? 'anonymous', ...(account ? { account } : {}), ...(webhookUrl ? { webhook: { url: webhookUrl, version: negotiated.version } } : {}) },
      ucp: (names) => {
        const listed = names.filter((n) => negotiated.capabilities.has(n));
        return { version: negotiated.version, status: 'success', capabilities: Object.fromEntries(listed.map((n) => [n, [{ version: negotiated.capabilities.get(n)! }]])) };
      },
    };
    const input = { payload: (tool.payloadKey ? rest[tool.payloadKey] : undefined) as never, id: id ?? '' };
    const run = (idempotency?: HeldKey) => tool.run(input, idempotency ? { ...env, idempotency } : env).catch(internal(name));
    if (!key || tool.idempotency === 'ignored') return run();

    // The depth check above leaves room for the fingerprint's one extra level: this cannot throw TooDeepError.
    // A key is the caller's: the platform's, and within it the linked account's.
    const scope = idempotencyScope(account ? `${env.owner.platform} account:${account.user_id}` : env.owner.platform, name, key, { id, ...rest });
    if (!tool.ownsIdempotencyRecord) return runOnce(db, scope, now, () => run());
    // The tool reserves the key in its own transaction; a concurrent holder of the key is waited for.
    for (let attempt = 0; attempt < 3; attempt++) {
      const previous = await previousCall(db, scope, now);
      if (previous && 'replay' in previous) return previous.replay as object;
      try {
        return await run({ scope, takenOver: previous !== null });
      } catch (error) {
        if (!(error instanceof KeyTakenError)) throw error;
      }
    }
    throw serverError('idempotency_in_progress', `idempotency key "${key}" is contended; retry`);
  }

  return { catalog: options.catalog, profiles, commerce, callTool, stock: commerce.stock, deliverOutbox: commerce.deliverOutbox };
}

/**
 * The outbox handlers of the store's messages (the function's service and the scheduled sweep
 * build them alike, so a message is delivered the same way whoever picks it up): `mail` over
 * SMTP, with links on `baseUrl`, secrets sealed and order URLs signed with `secrets`; `webhook`,
 * the signed POST of order events to the platform.
 */
export function serviceOutbox(deps: { db: Db; catalog: Catalog; store: Store; secrets: UrlSecrets; mailer: Mailer; baseUrl: string } & Pick<WebhookDeps, 'signingKey' | 'allowInsecure' | 'now'>): OutboxHandlers {
  const { secrets, baseUrl } = deps;
  return {
    mail: mailHandler({ ...deps, sealKey: () => secrets.subkey('seal'), orderUrl: (order, locale) => orderUrl({ secrets, baseUrl }, order, locale) }),
    webhook: webhookHandler(deps),
  };
}

/** -32602 for arguments nested too deeply; `path` as TooDeepError names it (`$.cart.buyer.x`). */
function tooDeep(tool: string, path: string): UcpProtocolError {
  return invalidParams(tool, path.replace(/^\$\.?/, '') || 'arguments', 'is nested too deeply');
}

/** Maps what a tool throws: protocol errors pass, database failures become 503, anything else -32603 (logged, no internals). */
function internal(tool: string) {
  return (error: unknown): never => {
    if (error instanceof UcpProtocolError || error instanceof KeyTakenError) throw error;
    if (isStateError(error)) {
      console.error(`${tool}: database failed`, error);
      throw serverError('unavailable', 'the store is temporarily unavailable; retry later');
    }
    console.error(`${tool}: unexpected error`, error);
    throw new UcpProtocolError(RPC.internalError, 'Internal error');
  };
}
