/**
 * What a checkout looks like differently at each UCP version this store speaks (UCP 2026-08-25
 * release notes; schemas `shopping/types/shipping_destination.json` and
 * `fulfillment_option_base.json` of each version):
 * - 2026-08-25 tags every destination with its `type` (`shipping_address` here: the store only
 *   ships) and gives an option's `description` as `{plain}` text;
 * - 2026-04-08 has untagged destinations and a plain-string description.
 * Everything else a checkout says is the same at both versions.
 */
import type { UcpVersion } from '../version';

export interface CheckoutWireFormat {
  /** A shipping destination as the version writes it. */
  destination<D extends { id: string }>(destination: D): D & { type?: 'shipping_address' };
  /** An option's description as the version writes it. */
  optionDescription(text: string): string | { plain: string };
}

const FORMATS: Record<UcpVersion, CheckoutWireFormat> = {
  '2026-08-25': {
    destination: (destination) => ({ ...destination, type: 'shipping_address' }),
    optionDescription: (text) => ({ plain: text }),
  },
  '2026-04-08': {
    destination: (destination) => destination,
    optionDescription: (text) => text,
  },
};

/** The checkout wire format of a version. */
export const wireFormat = (version: UcpVersion): CheckoutWireFormat => FORMATS[version];
