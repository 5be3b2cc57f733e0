/**
 * Refunds through the payment handler that captured the charge. The store has one handler, the
 * sandbox card (sandbox.ts): its refund gives money back at once, in full or in part, and is
 * recorded with the charge (src/state/refunds.ts), never beyond what was captured. A real PSP
 * would be called here, with the refund's id as its idempotency key.
 */
import { OrderRuleError } from '../../commerce/fulfillment';
import type { Queryable } from '../../state/db';
import type { ChargeRecord } from '../../state/orders';
import { type RefundRecord, recordRefund } from '../../state/refunds';
import { SANDBOX_HANDLER_ID } from './sandbox';

/**
 * Refunds `amount` cents of a charge, in the caller's transaction.
 * @param now epoch ms
 * @returns the recorded refund
 * @throws OrderRuleError when the charge was not made by the sandbox handler or less than
 *         `amount` is left to refund (a concurrent refund took it)
 * @throws StateError when the database fails
 */
export async function refundCharge(tx: Queryable, charge: ChargeRecord, amount: number, reason: string, now: number): Promise<RefundRecord> {
  if (charge.handler !== SANDBOX_HANDLER_ID && !charge.handler.endsWith(`#${SANDBOX_HANDLER_ID}`)) throw new OrderRuleError(`The charge was made by ${charge.handler}, which this store cannot refund.`);
  const refund = await recordRefund(tx, { orderId: charge.order_id, amount, reason }, now);
  if (!refund) throw new OrderRuleError('Cannot refund {amount}: another refund took what was left of the {captured} captured.', { amount, captured: charge.amount });
  return refund;
}
