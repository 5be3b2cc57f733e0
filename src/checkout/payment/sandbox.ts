/**
 * The store's sandbox card payment handler: what it accepts and what it decides. Tokens:
 * `success_token` pays, `fail_token` is declined (nothing charged; the checkout needs the
 * buyer's approval again before another try), `3ds_token` asks the buyer to authenticate (the
 * checkout waits for the buyer). An instrument is accepted when its handler, type and brand (when
 * given) are the handler's; a platform may name it before paying (`chooseInstrument`), and then
 * only an instrument with the same facts may pay (`sameInstrument`).
 * Credentials are read here once and never echoed or stored: a named instrument and a charge
 * keep the brand and the last digits only. How the handler is declared to platforms (its reverse-domain
 * name, spec and schema URLs) is the protocol adapter's business (src/ucp/payment-handlers.ts).
 */
import type { NamedInstrument } from '../../commerce/records';
import type { Problem } from '../problems';
import { error } from '../problems';

/** Id of the handler instance: what a payment instrument's `handler_id` names. */
export const SANDBOX_HANDLER_ID = 'sandbox_card';

/** Instrument types and card brands the sandbox accepts. */
export const SANDBOX_INSTRUMENTS = [{ type: 'card', brands: ['visa', 'mastercard', 'cb'] }] as const;

/** The payment handlers the store accepts, each with its instrument types and brands (what the approval page lists). */
export const ACCEPTED_HANDLERS: ReadonlyArray<{ handlerId: string; instruments: ReadonlyArray<{ type: string; brands: readonly string[] }> }> = [
  { handlerId: SANDBOX_HANDLER_ID, instruments: SANDBOX_INSTRUMENTS },
];

/** A payment instrument as a buyer's agent sends it. */
export interface InstrumentInput {
  id: string;
  handler_id: string;
  type: string;
  selected?: boolean;
  display?: Record<string, unknown>;
  credential?: { type?: string; token?: string; [key: string]: unknown };
}

/** The brand of an instrument as the store keeps it (trimmed, lower-cased), or undefined when none is given. */
function brandOf(instrument: InstrumentInput): string | undefined {
  const brand = instrument.display?.brand;
  return typeof brand === 'string' && brand.trim() ? brand.trim().toLowerCase() : undefined;
}

/**
 * The non-secret facts of an instrument (never its credential): handler, type, brand
 * (lower-cased) and last 4 digits when given as exactly 4 digits.
 */
export function namedInstrument(instrument: InstrumentInput): NamedInstrument {
  const brand = brandOf(instrument);
  const last = instrument.display?.last_digits;
  return {
    id: instrument.id, handler_id: instrument.handler_id, type: instrument.type,
    ...(brand ? { brand } : {}), ...(typeof last === 'string' && /^\d{4}$/.test(last) ? { last_digits: last } : {}),
  };
}

/** True when two instruments have the same handler, type, brand and last digits (their platform ids aside). */
export function sameInstrument(a: NamedInstrument, b: NamedInstrument): boolean {
  return a.handler_id === b.handler_id && a.type === b.type && a.brand === b.brand && a.last_digits === b.last_digits;
}

/**
 * Why the store does not accept an instrument (its handler id first, then its type, then its
 * brand when given), or null when it does. The credential is not looked at.
 * @param index the instrument's position among those sent (where problems point)
 */
export function instrumentProblem(instrument: InstrumentInput, index = 0): Problem | null {
  if (instrument.handler_id !== SANDBOX_HANDLER_ID) {
    return error('handler_unknown', { handler: instrument.handler_id, accepted: SANDBOX_HANDLER_ID }, { instrument: index, field: 'handler_id' });
  }
  const accepted = SANDBOX_INSTRUMENTS.find((i) => i.type === instrument.type);
  if (!accepted) return error('instrument_type_refused', { type: instrument.type }, { instrument: index, field: 'type' });
  const brand = brandOf(instrument);
  if (brand !== undefined && !(accepted.brands as readonly string[]).includes(brand)) {
    return error('brand_refused', { brand, accepted: accepted.brands }, { instrument: index, field: 'display.brand' });
  }
  return null;
}

/**
 * The instrument a platform names on a checkout before paying (`payment.instruments` of a
 * change): the selected one (see `selectInstrument`), if the store accepts it.
 * @returns its facts, `null` for an empty list (nothing named), or the problem that refuses it
 */
export function chooseInstrument(instruments: readonly InstrumentInput[]): { instrument: NamedInstrument | null } | { problem: Problem } {
  if (!instruments.length) return { instrument: null };
  const index = selectInstrument(instruments);
  if (typeof index !== 'number') return { problem: index.problem };
  const problem = instrumentProblem(instruments[index], index);
  return problem ? { problem } : { instrument: namedInstrument(instruments[index]) };
}

/** What the sandbox decided; `display` is safe to keep (brand, last digits). */
export type Authorization =
  | { outcome: 'paid'; display: { brand?: string; last_digits?: string } }
  | { outcome: 'declined' }
  | { outcome: 'requires_3ds' }
  | { outcome: 'invalid'; problem: Problem };

/**
 * Picks the instrument to charge: the one with `selected: true`, or the only one.
 * @returns its index, or an `invalid` outcome when none is sent, or several are and none (or several) is selected
 */
export function selectInstrument(instruments: readonly InstrumentInput[]): number | Extract<Authorization, { outcome: 'invalid' }> {
  const selected = instruments.flatMap((instrument, i) => (instrument.selected ? [i] : []));
  if (selected.length === 1) return selected[0];
  if (selected.length === 0 && instruments.length === 1) return 0;
  return { outcome: 'invalid', problem: error('instrument_ambiguous', { selected: selected.length, sent: instruments.length }, { instrument: 'all' }) };
}

/**
 * Authorizes a payment with the sandbox: no I/O, no side effect (the caller records the
 * charge). The token is looked at here and nowhere else.
 * @param index the instrument's position among those sent (where problems point)
 * @returns `paid`, `declined`, `requires_3ds`, or `invalid` for an unknown handler, instrument
 *          type, brand or token (the handler id is validated before anything else)
 */
export function authorize(instrument: InstrumentInput, index = 0): Authorization {
  const invalid = (problem: Problem): Authorization => ({ outcome: 'invalid', problem });
  const refused = instrumentProblem(instrument, index);
  if (refused) return invalid(refused);
  const token = instrument.credential?.token;
  if (typeof token !== 'string' || !token) return invalid(error('credential_missing', undefined, { instrument: index, field: 'credential' }));
  if (token === 'success_token') {
    const { brand, last_digits } = namedInstrument(instrument);
    return { outcome: 'paid', display: { ...(brand ? { brand } : {}), ...(last_digits ? { last_digits } : {}) } };
  }
  if (token === 'fail_token') return { outcome: 'declined' };
  if (token === '3ds_token') return { outcome: 'requires_3ds' };
  return invalid(error('token_unknown', undefined, { instrument: index, field: 'credential.token' }));
}
