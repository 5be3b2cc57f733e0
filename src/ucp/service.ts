/**
 * The UCP service behind the MCP endpoint: one object per process holding the catalog, the
 * state store, the platform-profile cache and the clock, and `callTool`, which runs one
 * `tools/call` end to end (docs/ucp.md §2): find the tool, validate its arguments (-32602
 * naming the argument), negotiate with the platform profile (-32001 or
 * `capabilities_incompatible`), apply the idempotency key, run the tool. Transport-agnostic:
 * src/ucp/mcp-server.ts wraps it in the MCP SDK.
 */
import type { Catalog } from '../catalog/types';
import type { Db } from '../state/db';
import { isStateError } from '../state/db';
import { isLoopbackHost } from '../net/loopback';
import { firstIssue } from '../validation/issues';
import { MAX_DEPTH, TooDeepError, checkDepth } from '../commerce/canonical-json';
import { RPC, UcpProtocolError, invalidParams, serverError } from './errors';
import { KeyTakenError, type OwnedKey, idempotencyScope, previousCall, runOnce } from './idempotency';
import { capabilitiesIncompatible, negotiate } from './negotiation';
import { PROFILE_DEFAULTS, ProfileResolver, type ProfileResolverOptions, orderWebhookUrl } from './platform/profiles';
import { findTool } from './tools/registry';
import type { ToolEnv } from './tools/types';
import type { SoldUnits, StockLedger } from '../commerce/inventory';
import { stockLedger } from '../state/stock';
import { createUrlSecrets } from './checkout/secrets';
import { CAPABILITIES, CAPABILITY, UCP_VERSION } from './version';
import { type SigningKey, signingKeyOrNull } from './webhooks/keys';
import { type Mailer, mailerFromEnv } from '../mail/transport';
import { type DeliveryReport, deliverDue } from '../outbox/deliver';
import { mailHandler } from '../mail/messages';
import { type WebhookDeps, webhookHandler } from './webhooks/order-webhooks';
import type { OutboxHandlers } from '../outbox/deliver';
import type { Store } from '../catalog/schema';
import type { UrlSecrets } from './checkout/secrets';
import { orderUrl } from './checkout/view';

export interface UcpServiceOptions {
  catalog: Catalog;
  /** The database, failing closed (src/state/db.ts `failClosed`). */
  db: Db;
  /** Accept http and local platform-profile URLs: only under `netlify dev` (NETLIFY_DEV) or in tests. */
  allowInsecureProfiles?: boolean;
  /** Clock, epoch milliseconds (default Date.now). */
  now?: () => number;
  /** Units sold per variant since the stock count, for display (default: the stock ledger's). */
  sold?: SoldUnits;
  /** Profile fetch limits and cache (defaults: PROFILE_DEFAULTS). */
  profiles?: Partial<Omit<ProfileResolverOptions, 'allowInsecure' | 'now'>>;
  /**
   * Build the buyer's URLs (continue_url, permalink_url, policy links) on the request's own
   * origin instead of content/store.yaml `base_url` (see `publicBaseUrl`). For `netlify dev`
   * (NETLIFY_DEV) and tests, never in production; loopback origins use it anyway.
   */
  useRequestOrigin?: boolean;
  /**
   * The live stock, when the caller already holds one over the same database (the function
   * creates it for the catalog routes' live stock). Default: a new ledger over `db`.
   */
  stock?: StockLedger;
  /** Key of the URL secrets (UCP_URL_SECRET_KEY, >= 32 characters); default: a random key kept in the database. */
  urlSecretKey?: string;
  /** Sends the outbox's e-mails (default: SMTP from the environment, src/mail/transport.ts `mailerFromEnv`). */
  mailer?: Mailer;
  /** Signs order webhooks (default: `UCP_SIGNING_KEY` from the environment, src/ucp/webhooks/keys.ts). */
  signingKey?: SigningKey | null;
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
  callTool(name: string, args: unknown, headers?: Record<string, string | undefined>, origin?: string): Promise<object>;
  /** Live stock (checkout flow and `GET /products/{handle}.js`). */
  readonly stock: StockLedger;
  /**
   * The environment of a call that is not a tool call (the buyer's approval and order pages):
   * version 2026-04-08, every capability, no platform.
   * @param origin the request's origin, used for URLs when `useRequestOrigin` is set
   */
  pageEnv(origin?: string): ToolEnv;
  /**
   * Delivers due outbox messages now (src/outbox/deliver.ts); a failed message stays queued
   * for the scheduled sweep.
   * @param options.ids only these messages (what a request just queued)
   * @param options.origin the request's origin, for links when `useRequestOrigin` is set
   * @throws StateError when the database fails
   */
  deliverOutbox(options?: { ids?: number[]; origin?: string }): Promise<DeliveryReport>;
}

/** True for an origin on a loopback host (src/net/loopback.ts): a local run. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    return isLoopbackHost(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/**
 * Base URL of the buyer's pages (continue_url, permalink_url, policy links): the request's
 * origin when `useRequestOrigin` is set (NETLIFY_DEV, tests) or when the request came to a
 * loopback host (`npm start` runs `netlify serve`, which sets no NETLIFY_DEV; a deployed site is
 * never reached under a loopback host); otherwise content/store.yaml `base_url`, whatever the
 * request's Host says. Only http(s) origins are used; the result has no trailing slash.
 */
export function publicBaseUrl(storeBaseUrl: string, origin: string | undefined, useRequestOrigin: boolean): string {
  if (origin && (useRequestOrigin || isLoopbackOrigin(origin))) {
    try {
      const url = new URL(origin);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    } catch {
      // not a URL: fall back to the configured base URL
    }
  }
  return storeBaseUrl.replace(/\/$/, '');
}


/** Creates the service; call once per process and reuse (it holds the profile cache). */
export function createUcpService(options: UcpServiceOptions): UcpService {
  const now = options.now ?? Date.now;
  const { db } = options;
  const stock = options.stock ?? stockLedger(db, options.catalog, { now });
  const sold: SoldUnits = options.sold ?? ((ids) => stock.soldForDisplay(ids));
  const secrets = createUrlSecrets(db, options.urlSecretKey);
  const baseUrl = (origin: string | undefined) => publicBaseUrl(options.catalog.store.base_url, origin, !!options.useRequestOrigin);
  const profiles = new ProfileResolver({ ...PROFILE_DEFAULTS, ...options.profiles, allowInsecure: !!options.allowInsecureProfiles, now });

  async function callTool(name: string, rawArgs: unknown, headers: Record<string, string | undefined> = {}, origin?: string): Promise<object> {
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
    // The order capability's webhook, as negotiated (docs/ucp.md §3 "Order"): orders placed in this call keep it.
    const webhookUrl = profile && negotiated.capabilities.has(CAPABILITY.order) ? orderWebhookUrl(profile) : undefined;
    if (!negotiated.capabilities.has(tool.capability)) return capabilitiesIncompatible(negotiated.version, tool.capability, name);

    const env: ToolEnv = {
      catalog: options.catalog,
      db,
      version: negotiated.version,
      capabilities: negotiated.capabilities,
      now,
      sold,
      stock,
      secrets,
      baseUrl: baseUrl(origin),
      platform: profileUrl ?? 'anonymous',
      ...(webhookUrl ? { webhookUrl } : {}),
      ucp: (names) => {
        const listed = names.filter((n) => negotiated.capabilities.has(n));
        return { version: negotiated.version, status: 'success', capabilities: Object.fromEntries(listed.map((n) => [n, [{ version: negotiated.capabilities.get(n)! }]])) };
      },
    };
    const input = { payload: (tool.payloadKey ? rest[tool.payloadKey] : undefined) as never, id: id ?? '' };
    const run = (idempotency?: OwnedKey) => tool.run(input, idempotency ? { ...env, idempotency } : env).catch(internal(name));
    if (!key || tool.idempotency === 'ignored') return run();

    // The depth check above leaves room for the fingerprint's one extra level: this cannot throw TooDeepError.
    const scope = idempotencyScope(env.platform, name, key, { id, ...rest });
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

  function pageEnv(origin?: string): ToolEnv {
    const capabilities = new Map(Object.entries(CAPABILITIES).map(([n, d]) => [n, d.version]));
    return {
      catalog: options.catalog, db, version: UCP_VERSION, capabilities, now, sold, stock, secrets,
      baseUrl: baseUrl(origin), platform: 'anonymous',
      ucp: (names) => ({ version: UCP_VERSION, status: 'success', capabilities: Object.fromEntries(names.map((n) => [n, [{ version: UCP_VERSION }]])) }),
    };
  }

  const mailer = options.mailer ?? mailerFromEnv(options.catalog.store);
  const signingKey = options.signingKey === undefined ? signingKeyOrNull() : options.signingKey;
  const deliverOutbox: UcpService['deliverOutbox'] = ({ ids, origin } = {}) => deliverDue(db, serviceOutbox({
    db, store: options.catalog.store, secrets, mailer, baseUrl: baseUrl(origin), signingKey, allowInsecure: !!options.allowInsecureProfiles, now,
  }), now, { ids });

  return { catalog: options.catalog, profiles, callTool, stock, pageEnv, deliverOutbox };
}

/**
 * The outbox handlers of the store's messages (the function's service and the scheduled sweep
 * build them alike, so a message is delivered the same way whoever picks it up): `mail` over
 * SMTP, with links on `baseUrl`, secrets sealed and order URLs signed with `secrets`; `webhook`,
 * the signed POST of order events to the platform.
 */
export function serviceOutbox(deps: { db: Db; store: Store; secrets: UrlSecrets; mailer: Mailer; baseUrl: string } & Pick<WebhookDeps, 'signingKey' | 'allowInsecure' | 'now'>): OutboxHandlers {
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
