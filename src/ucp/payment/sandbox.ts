/**
 * The store's sandbox card payment handler (docs/ucp.md §6 "Payment handlers"). UCP
 * has no standard mock handler and `dev.ucp.*` is reserved, so it is declared under the store's
 * own reverse-domain namespace, built from content/store.yaml `base_url`
 * (`poissons-et-pousses.example` → `example.poissonsetpousses.sandbox_card`: 04-08 names are
 * `[a-z][a-z0-9_]*` segments, no hyphens). Tokens: `success_token` pays, `fail_token` is
 * declined (`payment_failed`, recoverable, nothing charged), `3ds_token` needs the buyer
 * (`requires_escalation`). Credentials are read once and never echoed or stored: a charge
 * record keeps the amount, the brand and the last digits only.
 */
import type { Store } from '../../catalog/schema';
import { UCP_VERSION } from '../version';

/** `id` of the handler instance: what `payment.instruments[].handler_id` names. */
export const SANDBOX_HANDLER_ID = 'sandbox_card';

/** Instrument types and card brands the sandbox accepts. */
const INSTRUMENTS = [{ type: 'card', constraints: { brands: ['visa', 'mastercard', 'cb'] } }];

/**
 * Reverse-domain namespace of the store: the labels of the base URL's host, reversed, each
 * reduced to `[a-z0-9_]` and starting with a letter (`poissons-et-pousses.example` →
 * `example.poissonsetpousses`).
 */
export function storeNamespace(store: Pick<Store, 'base_url'>): string {
  const labels = new URL(store.base_url).hostname.split('.').reverse().map((l) => l.toLowerCase().replace(/[^a-z0-9_]/g, ''));
  return labels.filter(Boolean).map((l) => (/^[a-z]/.test(l) ? l : `x${l}`)).join('.');
}

/** The handler's reverse-domain name, e.g. `example.poissonsetpousses.sandbox_card`. */
export function sandboxHandlerName(store: Pick<Store, 'base_url'>): string {
  return `${storeNamespace(store)}.sandbox_card`;
}

/**
 * `payment_handlers` of the business profile and of every checkout response (UCP
 * `payment_handler.json` business and response schemas): one handler, its spec and JSON
 * Schema published by the store (public/ucp/payment-handlers/).
 */
export function paymentHandlers(store: Pick<Store, 'base_url'>) {
  const base = store.base_url.replace(/\/$/, '');
  return {
    [sandboxHandlerName(store)]: [{
      id: SANDBOX_HANDLER_ID,
      version: UCP_VERSION,
      spec: `${base}/ucp/payment-handlers/sandbox-card.md`,
      schema: `${base}/ucp/payment-handlers/sandbox-card.json`,
      available_instruments: INSTRUMENTS,
      config: { environment: 'sandbox' },
    }],
  };
}

/** A payment instrument as sent in `complete_checkout` (`selected_payment_instrument`). */
export interface InstrumentInput {
  id: string;
  handler_id: string;
  type: string;
  selected?: boolean;
  display?: Record<string, unknown>;
  credential?: { type?: string; token?: string; [key: string]: unknown };
}

/** What the sandbox decided; `display` is safe to keep (brand, last digits). */
export type Authorization =
  | { outcome: 'paid'; display: { brand?: string; last_digits?: string } }
  | { outcome: 'declined'; reason: string }
  | { outcome: 'requires_3ds'; reason: string }
  | { outcome: 'invalid'; path: string; reason: string };

/**
 * Picks the instrument to charge: the one with `selected: true`, or the only one.
 * @returns its index, or an `invalid` outcome when several are sent and none (or several) is selected
 */
export function selectInstrument(instruments: readonly InstrumentInput[]): number | Extract<Authorization, { outcome: 'invalid' }> {
  const selected = instruments.flatMap((instrument, i) => (instrument.selected ? [i] : []));
  if (selected.length === 1) return selected[0];
  if (selected.length === 0 && instruments.length === 1) return 0;
  return { outcome: 'invalid', path: '$.payment.instruments', reason: selected.length ? 'several instruments are selected; select exactly one' : 'several instruments are sent and none has selected: true' };
}

/**
 * Authorizes a payment with the sandbox: no I/O, no side effect (the caller records the
 * charge). The token is looked at here and nowhere else.
 * @param instrument the selected instrument
 * @param index its position in `payment.instruments` (for message paths)
 * @returns `paid`, `declined`, `requires_3ds`, or `invalid` for an unknown handler, instrument
 *          type or token (docs/ucp.md §6 "Business duties": validate the handler id)
 */
export function authorize(instrument: InstrumentInput, index = 0): Authorization {
  const at = `$.payment.instruments[${index}]`;
  if (instrument.handler_id !== SANDBOX_HANDLER_ID) {
    return { outcome: 'invalid', path: `${at}.handler_id`, reason: `unknown payment handler "${instrument.handler_id}"; this store accepts handler_id "${SANDBOX_HANDLER_ID}"` };
  }
  if (instrument.type !== 'card') return { outcome: 'invalid', path: `${at}.type`, reason: `instrument type "${instrument.type}" is not accepted; use "card"` };
  const token = instrument.credential?.token;
  if (typeof token !== 'string' || !token) return { outcome: 'invalid', path: `${at}.credential`, reason: 'a token {type: "token", token} is required' };
  if (token === 'success_token') {
    const display = instrument.display ?? {};
    const brand = typeof display.brand === 'string' ? display.brand.slice(0, 20) : undefined;
    const last = typeof display.last_digits === 'string' && /^\d{4}$/.test(display.last_digits) ? display.last_digits : undefined;
    return { outcome: 'paid', display: { ...(brand ? { brand } : {}), ...(last ? { last_digits: last } : {}) } };
  }
  if (token === 'fail_token') return { outcome: 'declined', reason: 'the card was declined by the issuer' };
  if (token === '3ds_token') return { outcome: 'requires_3ds', reason: 'the card issuer requires 3-D Secure authentication by the buyer' };
  return { outcome: 'invalid', path: `${at}.credential.token`, reason: 'unknown sandbox token; use success_token, fail_token or 3ds_token' };
}
