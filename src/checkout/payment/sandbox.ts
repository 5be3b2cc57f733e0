/**
 * The store's sandbox card payment handler: what it accepts and what it decides. Tokens:
 * `success_token` pays, `fail_token` is declined (nothing charged; another instrument may be
 * tried), `3ds_token` asks the buyer to authenticate (the checkout waits for the buyer).
 * Credentials are read here once and never echoed or stored: a charge keeps the amount, the
 * brand and the last digits only. How the handler is declared to platforms (its reverse-domain
 * name, spec and schema URLs) is the protocol adapter's business (src/ucp/payment-handlers.ts).
 */
import type { Problem } from '../problems';
import { error } from '../problems';

/** Id of the handler instance: what a payment instrument's `handler_id` names. */
export const SANDBOX_HANDLER_ID = 'sandbox_card';

/** Instrument types and card brands the sandbox accepts. */
export const SANDBOX_INSTRUMENTS = [{ type: 'card', brands: ['visa', 'mastercard', 'cb'] }] as const;

/** A payment instrument as a buyer's agent sends it. */
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
  | { outcome: 'declined' }
  | { outcome: 'requires_3ds' }
  | { outcome: 'invalid'; problem: Problem };

/**
 * Picks the instrument to charge: the one with `selected: true`, or the only one.
 * @returns its index, or an `invalid` outcome when several are sent and none (or several) is selected
 */
export function selectInstrument(instruments: readonly InstrumentInput[]): number | Extract<Authorization, { outcome: 'invalid' }> {
  const selected = instruments.flatMap((instrument, i) => (instrument.selected ? [i] : []));
  if (selected.length === 1) return selected[0];
  if (selected.length === 0 && instruments.length === 1) return 0;
  return { outcome: 'invalid', problem: error('instrument_ambiguous', { selected: selected.length }, { instrument: 'all' }) };
}

/**
 * Authorizes a payment with the sandbox: no I/O, no side effect (the caller records the
 * charge). The token is looked at here and nowhere else.
 * @param index the instrument's position among those sent (where problems point)
 * @returns `paid`, `declined`, `requires_3ds`, or `invalid` for an unknown handler, instrument
 *          type or token (the handler id is validated before anything else)
 */
export function authorize(instrument: InstrumentInput, index = 0): Authorization {
  const invalid = (problem: Problem): Authorization => ({ outcome: 'invalid', problem });
  if (instrument.handler_id !== SANDBOX_HANDLER_ID) {
    return invalid(error('handler_unknown', { handler: instrument.handler_id, accepted: SANDBOX_HANDLER_ID }, { instrument: index, field: 'handler_id' }));
  }
  if (instrument.type !== 'card') return invalid(error('instrument_type_refused', { type: instrument.type }, { instrument: index, field: 'type' }));
  const token = instrument.credential?.token;
  if (typeof token !== 'string' || !token) return invalid(error('credential_missing', undefined, { instrument: index, field: 'credential' }));
  if (token === 'success_token') {
    const display = instrument.display ?? {};
    const brand = typeof display.brand === 'string' ? display.brand.slice(0, 20) : undefined;
    const last = typeof display.last_digits === 'string' && /^\d{4}$/.test(display.last_digits) ? display.last_digits : undefined;
    return { outcome: 'paid', display: { ...(brand ? { brand } : {}), ...(last ? { last_digits: last } : {}) } };
  }
  if (token === 'fail_token') return { outcome: 'declined' };
  if (token === '3ds_token') return { outcome: 'requires_3ds' };
  return invalid(error('token_unknown', undefined, { instrument: index, field: 'credential.token' }));
}
