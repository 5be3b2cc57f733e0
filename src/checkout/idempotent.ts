/**
 * An operation that must happen once per key (paying a checkout: docs/decisions.md "Never oversell, never
 * charge twice"): the caller's idempotency key is reserved in the very transaction that claims the
 * checkout, so the key, the stock and the order commit together. How keys are scoped, compared
 * and replayed to a caller is the protocol adapter's business (src/ucp/idempotency.ts).
 */
import type { IdempotencyScope } from '../state/idempotency';

/** A key the caller holds for this operation. */
export interface HeldKey {
  scope: IdempotencyScope;
  /** True when the caller took over a crashed call's `pending` record (it holds the key already). */
  takenOver: boolean;
}

/** Thrown when another call reserved the same key first: the caller then waits for that call's response. */
export class KeyTakenError extends Error {
  constructor() {
    super('idempotency key reserved by a concurrent call');
    this.name = 'KeyTakenError';
  }
}

/** Thrown when a checkout keeps changing under an operation (retry later), or vanished while being paid. */
export class CheckoutBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckoutBusyError';
  }
}
