/**
 * How the store's sandbox card handler (src/checkout/payment/sandbox.ts) is declared to
 * platforms, in `payment_handlers` of the profile and of every checkout response (UCP
 * `payment_handler.json`): one handler instance `sandbox_card`, its spec and JSON Schema
 * published by the store (public/ucp/payment-handlers/). UCP has no standard mock handler and
 * `dev.ucp.*` is reserved, so the handler is named under the store's own reverse-domain namespace:
 * - 2026-08-25 binds a name to its `schema` URL's host (the host's labels reversed must be the
 *   name or a label-aligned prefix of it; names may contain hyphens): `poissons-et-pousses.example`
 *   → `example.poissons-et-pousses.sandbox_card`; accepted cards are a constraint expression
 *   (`common/types/constraint_expression.json`) over the instrument: `{properties: {brand: {enum}}}`;
 * - 2026-04-08 names are `[a-z][a-z0-9_]*` segments without hyphens
 *   (`example.poissonsetpousses.sandbox_card`) and constraints a free object (`{brands}`).
 */
import type { Store } from '../catalog/schema';
import { SANDBOX_HANDLER_ID, SANDBOX_INSTRUMENTS } from '../checkout/payment/sandbox';
import type { UcpVersion } from './version';

/** The labels of the base URL's host, reversed (`poissons-et-pousses.example` → `example`, `poissons-et-pousses`). */
const reversedHost = (store: Pick<Store, 'base_url'>) => new URL(store.base_url).hostname.toLowerCase().split('.').reverse();

/**
 * Reverse-domain namespace of the store at a version: the host's labels reversed, kept as they
 * are at 2026-08-25; at 2026-04-08 each reduced to `[a-z0-9_]` and starting with a letter.
 */
export function storeNamespace(store: Pick<Store, 'base_url'>, version: UcpVersion): string {
  const labels = reversedHost(store);
  if (version !== '2026-04-08') return labels.join('.');
  return labels.map((l) => l.replace(/[^a-z0-9_]/g, '')).filter(Boolean).map((l) => (/^[a-z]/.test(l) ? l : `x${l}`)).join('.');
}

/** The handler's reverse-domain name at a version, e.g. `example.poissons-et-pousses.sandbox_card`. */
export function sandboxHandlerName(store: Pick<Store, 'base_url'>, version: UcpVersion): string {
  return `${storeNamespace(store, version)}.sandbox_card`;
}

/** The instruments the handler accepts, as the version writes their constraints. */
function availableInstruments(version: UcpVersion) {
  return SANDBOX_INSTRUMENTS.map(({ type, brands }) => ({
    type,
    constraints: version === '2026-04-08' ? { brands: [...brands] } : { properties: { brand: { enum: [...brands] } } },
  }));
}

/** `payment_handlers` of the profile and of checkout responses at a version. */
export function paymentHandlers(store: Pick<Store, 'base_url'>, version: UcpVersion) {
  const base = store.base_url.replace(/\/$/, '');
  return {
    [sandboxHandlerName(store, version)]: [{
      id: SANDBOX_HANDLER_ID,
      version,
      spec: `${base}/ucp/payment-handlers/sandbox-card.md`,
      schema: `${base}/ucp/payment-handlers/sandbox-card.json`,
      available_instruments: availableInstruments(version),
      config: { environment: 'sandbox' },
    }],
  };
}
