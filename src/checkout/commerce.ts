/**
 * The store's commerce, assembled once per process: the catalog, the database, the live stock,
 * the URL secrets and the clock, from which each request gets its context (with the base URL
 * of the buyer's pages for that request), and the delivery of the outbox. The UCP service, the
 * buyer's pages and the scheduled sweep all work through it; none of them holds a rule.
 */
import { type ViesAdapter, viesAdapter } from '../accounts/vies';
import type { Catalog } from '../catalog/types';
import type { SoldUnits, StockLedger } from '../commerce/inventory';
import { isLoopbackHost } from '../net/loopback';
import { type DeliveryReport, type OutboxHandlers, deliverDue } from '../outbox/deliver';
import type { Db } from '../state/db';
import { stockLedger } from '../state/stock';
import type { CommerceContext } from './context';
import { type UrlSecrets, createUrlSecrets } from './secrets';

export interface CommerceOptions {
  catalog: Catalog;
  /** The database, failing closed (src/state/db.ts `failClosed`). */
  db: Db;
  /** Clock, epoch milliseconds (default Date.now). */
  now?: () => number;
  /** Units sold per variant since the stock count, for display (default: the stock ledger's). */
  sold?: SoldUnits;
  /** The live stock, when the caller already holds one over the same database. Default: a new ledger over `db`. */
  stock?: StockLedger;
  /** Key of the URL secrets (UCP_URL_SECRET_KEY, >= 32 characters); default: a random key kept in the database. */
  urlSecretKey?: string;
  /**
   * Build the buyer's URLs on the request's own origin instead of content/store.yaml `base_url`
   * (`netlify dev` and tests, never production; loopback origins use it anyway).
   */
  useRequestOrigin?: boolean;
  /**
   * The senders of the outbox's messages, given the base URL of the links they carry (the
   * composition root provides them: e-mails over SMTP, webhooks rendered by the protocol adapter).
   */
  /** The VIES adapter (default: the Commission's service, or `VIES_ENDPOINT` when the composition root passes it). */
  vies?: ViesAdapter;
  outbox?: (deps: { baseUrl: string; secrets: UrlSecrets }) => OutboxHandlers;
}

export interface Commerce {
  readonly catalog: Catalog;
  readonly db: Db;
  readonly stock: StockLedger;
  readonly secrets: UrlSecrets;
  readonly now: () => number;
  readonly vies: ViesAdapter;
  /** The context of a request that came to `origin` (its base URL follows `publicBaseUrl`). */
  context(origin?: string): CommerceContext;
  /**
   * Delivers due outbox messages now (src/outbox/deliver.ts); a failed message stays queued
   * for the scheduled sweep.
   * @param options.ids only these messages (what a request just queued)
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
 * Base URL of the buyer's pages (approval, order status, policy links): the request's origin
 * when `useRequestOrigin` is set (NETLIFY_DEV, tests) or when the request came to a loopback host
 * (`npm start` runs `netlify serve`, which sets no NETLIFY_DEV; a deployed site is never reached
 * under a loopback host); otherwise content/store.yaml `base_url`, whatever the request's Host
 * says. Only http(s) origins are used; the result has no trailing slash.
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

/** Assembles the store's commerce; call once per process and reuse. */
export function createCommerce(options: CommerceOptions): Commerce {
  const { catalog, db } = options;
  const now = options.now ?? Date.now;
  const stock = options.stock ?? stockLedger(db, catalog, { now });
  const sold: SoldUnits = options.sold ?? ((ids) => stock.soldForDisplay(ids));
  const secrets = createUrlSecrets(db, options.urlSecretKey);
  const vies = options.vies ?? viesAdapter({ now });
  const baseUrl = (origin: string | undefined) => publicBaseUrl(catalog.store.base_url, origin, !!options.useRequestOrigin);
  return {
    catalog, db, stock, secrets, now, vies,
    context: (origin) => ({ catalog, db, now, sold, stock, secrets, vies, baseUrl: baseUrl(origin) }),
    deliverOutbox: ({ ids, origin } = {}) => deliverDue(db, options.outbox?.({ baseUrl: baseUrl(origin), secrets }) ?? {}, now, { ids }),
  };
}
