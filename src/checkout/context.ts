/**
 * What every operation of the core needs besides its arguments, and who is asking. The UCP
 * adapter builds one per tool call, the buyer's pages one per request, the scheduled sweep and
 * the merchant's commands their own: none of them passes anything protocol-specific.
 */
import type { Catalog } from '../catalog/types';
import type { SoldUnits, StockLedger } from '../commerce/inventory';
import type { ViesAdapter } from '../accounts/vies';
import type { Db } from '../state/db';
import type { UrlSecrets } from './secrets';

export interface CommerceContext {
  catalog: Catalog;
  /** The database (fail-closed pool, src/state/db.ts). */
  db: Db;
  /** Clock, epoch milliseconds. */
  now: () => number;
  /** Units sold per variant since the stock count, for display. */
  sold: SoldUnits;
  /** Live stock of the catalog's tracked variants, and the stock takes of an order's lines. */
  stock: StockLedger;
  /** Secrets of the approval and order status page URLs. */
  secrets: UrlSecrets;
  /**
   * Absolute base URL of the buyer's pages (approval, order status, policy links), no trailing
   * slash: content/store.yaml `base_url`, or the request's own origin when running locally.
   */
  baseUrl: string;
  /** The EU's register of VAT numbers (src/accounts/vies.ts), asked about a business's number. */
  vies: ViesAdapter;
}

export type { LinkedAccount, Owner } from '../commerce/owner';
export { ownedBy } from '../commerce/owner';
