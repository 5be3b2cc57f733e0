/**
 * Paying a checkout. It charges only when:
 * - the checkout is complete (items, buyer e-mail, deliverable address, shipping option),
 * - the buyer approved exactly these terms on the store's page within the last 15 minutes and no
 *   authentication is pending (otherwise the checkout says the buyer must act),
 * - the selected instrument is the store's sandbox card with a token (payment/sandbox.ts) and,
 *   when the checkout names an instrument, has its facts (handler, type, brand, last digits):
 *   another one is named on the checkout instead, which voids the approval, and nothing is charged.
 * A declined payment voids the approval too: another try needs the buyer again.
 *
 * One transaction reserves the caller's idempotency key, claims the checkout (`completing`, a
 * compare-and-swap on the row version read by the checks, so a payment of a checkout that
 * changed since starts over, and concurrent payments of one checkout run one after the other),
 * takes the stock (conditional UPDATEs) and writes the `pending_payment` order: all of it
 * commits, or none. The payment handler then records the charge (once per order); a paid
 * completion is finished by one statement that also queues its messages and stores the answer
 * under the key, a declined one undone by a second transaction (completion.ts, which also
 * recovers a request that died in between). A retry with the key gets the same answer.
 * The token is read by the sandbox and never stored or echoed.
 */
import { paidInvoice, termsInvoice } from '../documents/issue';
import { claimQuote } from '../state/quotes';
import { type DiscountUse, buyerKey, takeDiscountUses } from '../state/discount-uses';
import { NOTHING_DUE_HANDLER_ID, dueAt } from '../commerce/payment-terms';
import type { NewDocument } from '../state/documents';
import { approvalValid } from '../commerce/approval';
import type { CheckoutRecord, OrderRecord } from '../commerce/records';
import { type Queryable, transaction } from '../state/db';
import { finishPaidCompletion, loadCheckout, replaceCheckout } from '../state/checkouts';
import { insertOrder, loadCharge, newOrderId, recordCharge } from '../state/orders';
import { finishKey, readKey, releaseKey, reserveKey } from '../state/idempotency';
import { plannedMessages } from '../state/outbox';
import { takeStock } from '../state/stock';
import { lockedProblem, updateCheckout } from './checkouts';
import { completedCheckout, loadVersionedRecovered, paidOrder, queuePaidOrder, settledCompletion, undoCompletion } from './completion';
import type { CommerceContext, Owner } from './context';
import { CheckoutBusyError, type HeldKey, KeyTakenError } from './idempotent';
import { buildOrder, orderLinesOf } from './order-build';
import { rememberAddress } from './saved-addresses';
import { type Authorization, type InstrumentInput, SANDBOX_HANDLER_ID, authorize, chooseInstrument, sameInstrument, selectInstrument } from './payment/sandbox';
import { type PricedCheckout, priceCheckout, usageRead } from './pricing';
import { type Problem, error, info } from './problems';
import { type CheckoutView, viewCheckout } from './view';

const ATTEMPTS = 5;

/**
 * The payment a buyer's agent offers: instruments, or an order on invoice (bank transfer within
 * 30 days, src/commerce/payment-terms.ts) when the buyer's business is granted it, with its
 * purchase-order number.
 */
export interface PaymentInput {
  instruments: readonly InstrumentInput[];
  invoice?: { purchase_order: string | null };
  /**
   * The purchase order of a checkout whose selected payment term is the bank transfer (UCP
   * payment terms: the term, not the call, says how it is paid).
   */
  purchase_order?: string | null;
}

/** The checkout after the attempt (null: no such checkout for this owner). */
export type PaymentOutcome = CheckoutView | null;

/**
 * A response; whether it may be replayed for the same key (a transient state may not); whether
 * this call reserved the key on the way (the claim's transaction does).
 */
interface Outcome<R> {
  response: R;
  keep: boolean;
  reserved?: boolean;
  /** The response is stored under the key already (with the payment's last write). */
  settled?: boolean;
}

/** The checkout changed between the checks and the claim: start over on its new state. */
class ChangedError extends Error {}

/** A discount's last use went to another order while this one was claimed: the claim is undone. */
class DiscountsGoneError extends Error {}

/**
 * Pays a checkout; see the module comment.
 * @param respond turns the outcome into the caller's response, the one stored under `key`
 * @param key the caller's idempotency key, when it sent one
 * @param approvedNow the hash of the terms the buyer approves with this very call — the click on
 *        the order button of the store's own page (src/checkout/site-checkout.ts) — recorded on
 *        the checkout by the claim; the checkout is paid only if its terms are still those
 *        (otherwise it is answered as it is, `needs_buyer`). Without it, the approval must be on
 *        the checkout already (the approval page's code).
 * @returns what `respond` made of the outcome
 * @throws KeyTakenError when a concurrent call holds the key (wait for its response);
 *         CheckoutBusyError when the checkout keeps changing; StateError when the database fails
 */
export async function payCheckout<R>(ctx: CommerceContext, owner: Owner, id: string, payment: PaymentInput, respond: (outcome: PaymentOutcome) => Promise<R>, key?: HeldKey, approvedNow?: string): Promise<R> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let outcome: Outcome<R>;
    try {
      outcome = await attemptPayment(ctx, owner, id, payment, respond, key, approvedNow);
    } catch (caught) {
      if (caught instanceof ChangedError) continue;
      throw caught;
    }
    await settleKey(ctx, key, outcome);
    return outcome.response;
  }
  throw new CheckoutBusyError(`checkout "${id}" is being changed by other requests; retry`);
}

/**
 * Stores the response under the call's idempotency key. An answer given without a write (the
 * checks refused) must still win the key, or a concurrent call with the same key that did pay
 * would answer differently: when another call holds the key, its response is awaited instead.
 * @throws KeyTakenError when another call with the same key got there first
 */
async function settleKey<R>(ctx: CommerceContext, key: HeldKey | undefined, outcome: Outcome<R>): Promise<void> {
  if (!key || outcome.settled) return;
  const held = key.takenOver || outcome.reserved;
  if (!held) {
    if (!outcome.keep) {
      if (await readKey(ctx.db, key.scope, ctx.now())) throw new KeyTakenError();
      return;
    }
    if (!(await reserveKey(ctx.db, key.scope, ctx.now()))) throw new KeyTakenError();
  }
  const settle = outcome.keep ? finishKey(ctx.db, key.scope, outcome.response) : releaseKey(ctx.db, key.scope);
  // The payment itself is committed: a failure here only delays the key's replay until it is taken over as stale.
  await settle.catch((failure) => console.error('payCheckout: storing the idempotent response failed', failure));
}

/** How a ready payment goes: the card's authorization, or an order placed on invoice terms. */
type Settlement = Exclude<Authorization, { outcome: 'invalid' }> | { outcome: 'on_invoice'; purchaseOrder: string | null } | { outcome: 'nothing_due' };

type Ready = { record: CheckoutRecord; version: string; priced: PricedCheckout; authorization: Settlement; index: number };

/** The checks before any write: the answer when the checkout cannot be paid now, else what the claim needs. */
async function precheck<R>(ctx: CommerceContext, owner: Owner, id: string, payment: PaymentInput, respond: (outcome: PaymentOutcome) => Promise<R>, approvedNow: string | undefined): Promise<Outcome<R> | Ready> {
  const answer = async (view: PaymentOutcome, keep = true) => ({ response: await respond(view), keep });
  const loaded = await loadVersionedRecovered(ctx, id, owner, { discounts: usageRead(ctx) });
  if (!loaded) return answer(null);
  const { record, version } = loaded;
  const locked = lockedProblem(record, ctx.now());
  // Another request is paying it: its outcome (the order, most often) is this call's answer too.
  if (locked && record.state === 'completing' && (await settledCompletion(ctx, id, owner))?.state !== 'completing') throw new ChangedError();
  if (locked) return answer(await viewCheckout(ctx, record, { extra: [locked] }), record.state !== 'completing');
  const priced = await priceCheckout(ctx, record);
  if (!priced.complete) return answer(await viewCheckout(ctx, record, { priced }));
  // The bank transfer term a platform selected pays on invoice, with the purchase order it sends.
  const invoice = payment.invoice ?? (priced.paymentTerm === 'bank_transfer' ? { purchase_order: payment.purchase_order ?? null } : undefined);
  if (record.instrument && !invoice) {
    // Only the instrument the checkout names may pay; another one is named instead, for the buyer to approve.
    const chosen = chooseInstrument(payment.instruments);
    if ('problem' in chosen) return answer(await viewCheckout(ctx, record, { priced, extra: [chosen.problem] }));
    if (chosen.instrument && !sameInstrument(record.instrument, chosen.instrument)) {
      const renamed = await updateCheckout(ctx, owner, id, { payment });
      if (!renamed) return answer(null);
      const named = !!renamed.record.instrument && sameInstrument(renamed.record.instrument, chosen.instrument);
      return answer(named ? { ...renamed, problems: [...renamed.problems, info('instrument_changed')] } : renamed, renamed.status !== 'paying');
    }
  }
  // Not approved, or authentication pending: the view says what the buyer must do. An approval
  // given with this call answers a pending authentication or decline: the buyer clicked again.
  const approved = approvedNow !== undefined
    ? approvedNow === priced.termsHash
    : !record.escalation && approvalValid(record.approval ?? null, priced.termsHash, Math.floor(ctx.now() / 1000));
  if (!approved) {
    return answer(await viewCheckout(ctx, record, { priced }));
  }
  // Discounts covering the whole total leave nothing to pay: no card is asked for or charged (issue 38).
  if (priced.nothingDue) return { record, version, priced, authorization: { outcome: 'nothing_due' }, index: -1 };
  if (invoice) {
    if (!priced.payOnInvoice.granted) return answer(await viewCheckout(ctx, record, { priced, extra: [error('invoice_not_granted', undefined, { field: 'payment' })] }));
    const purchaseOrder = invoice.purchase_order?.trim() || null;
    if (priced.payOnInvoice.purchaseOrderRequired && !purchaseOrder) return answer(await viewCheckout(ctx, record, { priced, extra: [error('purchase_order_missing', undefined, { field: 'purchase_order' })] }));
    return { record, version, priced, authorization: { outcome: 'on_invoice', purchaseOrder }, index: -1 };
  }
  const index = selectInstrument(payment.instruments);
  if (typeof index !== 'number') return answer(await viewCheckout(ctx, record, { priced, extra: [index.problem] }));
  const authorization = authorize(payment.instruments[index], index);
  if (authorization.outcome === 'invalid') return answer(await viewCheckout(ctx, record, { priced, extra: [authorization.problem] }));
  return { record, version, priced, authorization, index };
}

async function attemptPayment<R>(ctx: CommerceContext, owner: Owner, id: string, payment: PaymentInput, respond: (outcome: PaymentOutcome) => Promise<R>, key: HeldKey | undefined, approvedNow: string | undefined): Promise<Outcome<R>> {
  const checked = await precheck(ctx, owner, id, payment, respond, approvedNow);
  if ('response' in checked) return checked;
  const { version, priced, authorization, index } = checked;
  const now = ctx.now();
  const record = approvedNow === undefined ? checked.record : withApproval(checked.record, approvedNow, now);
  const orderId = newOrderId();
  const takes = ctx.stock.takes(record.lines);

  // The claim: key, checkout, stock and order commit together or not at all. The checkout is
  // claimed only if its row is still the one checked (compare-and-swap), which also locks it.
  const uses = discountUsesOf(ctx, priced);
  const claim = await transaction(ctx.db, async (tx) => {
    if (key && !key.takenOver && !(await reserveKey(tx, key.scope, now))) throw new KeyTakenError();
    if (takes.length || priced.quote) await tx.query('SAVEPOINT take_stock');
    const claimed = await replaceCheckout(tx, { ...record, state: 'completing', completion: { order_id: orderId, started_at: now } }, now, version);
    if (!claimed) throw new ChangedError();
    const taken = await takeStock(tx, orderId, takes);
    if (!taken.ok) {
      await tx.query('ROLLBACK TO SAVEPOINT take_stock');
      return { soldOut: taken };
    }
    const order = await buildOrder(ctx, owner, orderId, record, priced, taken.backordered);
    await insertOrder(tx, order, orderLinesOf(order), now);
    // A quote makes one order: the first claim takes it; another checkout of it, or one past its date, is priced again without it.
    if (priced.quote && !(await claimQuote(tx, priced.quote.id, orderId, now))) {
      await tx.query('ROLLBACK TO SAVEPOINT take_stock');
      return { quoteGone: true };
    }
    // The discounts' uses are counted here, with the order: the last uses of a code go to the
    // completions that commit first; the others are priced again without it (never charged with
    // it). The whole claim is undone (the key's reservation with it: `settleKey` takes it after),
    // which needs no savepoint on the way of every completion with a code.
    if (uses.length && (await takeDiscountUses(tx, orderId, buyerKey(record.buyer?.email ?? ''), uses, now)).length) throw new DiscountsGoneError();
    return { claimed, order };
  }).catch((failure: unknown) => {
    if (failure instanceof DiscountsGoneError) return { discountsGone: true as const };
    throw failure;
  });
  ctx.stock.forget(record.lines.map((l) => l.variant_id));

  if ('discountsGone' in claim || claim.quoteGone) {
    // Priced again (the uses read anew), the checkout now reads today's prices, or is without the
    // discount whose uses ran out, and says why: new terms, which the buyer approves anew.
    const { discount_usage: _stale, ...current } = record;
    return { response: await respond(await viewCheckout(ctx, current)), keep: true, reserved: !('discountsGone' in claim) };
  }

  if (claim.soldOut) {
    const { variantId, left } = claim.soldOut;
    const line = Math.max(priced.lines.findIndex((l) => l.variant.id === variantId), 0);
    const problem = error('sold_out_at_payment', { title: priced.lines[line]?.title ?? `variant ${variantId}`, left }, { line });
    return { response: await respond(await viewCheckout(ctx, record, { extra: [problem] })), keep: true, reserved: true };
  }

  try {
    if (authorization.outcome === 'on_invoice') return await placeOnInvoice(ctx, claim.claimed!, claim.order!, authorization.purchaseOrder, respond, key);
    if (authorization.outcome === 'paid') return await pay(ctx, claim.claimed!, claim.order!, priced, { handler: SANDBOX_HANDLER_ID, display: authorization.display }, respond, key);
    if (authorization.outcome === 'nothing_due') return await pay(ctx, claim.claimed!, claim.order!, priced, { handler: NOTHING_DUE_HANDLER_ID, display: {} }, respond, key);
    return { response: await respond(await decline(ctx, claim.claimed!, orderId, authorization, index)), keep: true, reserved: true };
  } catch (failure) {
    // Before the charge is recorded, undo at once; after it (or when that cannot be known), the recovery finishes it.
    const charged = await loadCharge(ctx.db, orderId).then((found) => found !== null, () => true);
    if (!charged) await settleCompletion(ctx, id, orderId, (tx, locked) => undoCompletion(tx, locked, ctx.now())).catch(() => undefined);
    throw failure;
  }
}

/** The uses a completion takes of the limited discounts it applies (src/state/discount-uses.ts). */
function discountUsesOf(ctx: CommerceContext, priced: PricedCheckout): DiscountUse[] {
  return priced.discounts.applied.flatMap((d) => {
    const offer = ctx.catalog.discounts.find((o) => o.handle === d.handle);
    return offer && (offer.once_per_buyer || offer.usage_limit !== undefined) ? [{ offer: d.handle, once: offer.once_per_buyer, limit: offer.usage_limit ?? null }] : [];
  });
}

/** A checkout with the buyer's approval of `termsHash` recorded at `now` (epoch ms), a pending authentication or decline answered. */
function withApproval(record: CheckoutRecord, termsHash: string, now: number): CheckoutRecord {
  const { escalation: _answered, ...rest } = record;
  return { ...rest, approval: { terms_hash: termsHash, approved_at: Math.floor(now / 1000) } };
}

/**
 * Records the charge of a claimed checkout (`capture`: the handler that captured it and the card
 * it names; a charge of 0 under `nothing_due` when discounts covered it all), then finishes the completion in one statement
 * (src/state/checkouts.ts `finishPaidCompletion`): the checkout completed, the order paid and
 * invoiced, its messages queued and the response stored under the caller's key. When the recovery settled the
 * completion first, the checkout is answered as it left it.
 */
async function pay<R>(ctx: CommerceContext, claimed: CheckoutRecord, order: OrderRecord, priced: PricedCheckout, capture: { handler: string; display: { brand?: string; last_digits?: string } }, respond: (outcome: PaymentOutcome) => Promise<R>, key: HeldKey | undefined): Promise<Outcome<R>> {
  const now = ctx.now();
  const charge = {
    order_id: order.id, amount: priced.totals.at(-1)!.amount, currency: ctx.catalog.store.currency,
    handler: capture.handler, display: capture.display, captured_at: new Date(now).toISOString(),
  };
  await recordCharge(ctx.db, charge);
  const paid = paidOrder(order, new Date(now).toISOString());
  return finish(ctx, claimed, paid, paidInvoice(ctx.catalog.store, paid, charge), respond, key);
}

/**
 * Places a claimed checkout's order on invoice: no charge; the order is placed (`processing`,
 * its stock held) with its payment terms (due in 30 days, its number the transfer's reference,
 * the purchase order) and its invoice saying how to pay, in the statement that finishes the
 * completion. A request that dies before that statement leaves no order: the recovery finds no
 * charge and undoes the completion, as for a card that was never charged.
 */
async function placeOnInvoice<R>(ctx: CommerceContext, claimed: CheckoutRecord, order: OrderRecord, purchaseOrder: string | null, respond: (outcome: PaymentOutcome) => Promise<R>, key: HeldKey | undefined): Promise<Outcome<R>> {
  const now = ctx.now();
  const placed: OrderRecord = {
    ...paidOrder(order, new Date(now).toISOString()),
    invoice_payment: { method: 'bank_transfer', due_at: dueAt(now), reference: order.label, purchase_order: purchaseOrder, transfers: [] },
  };
  return finish(ctx, claimed, placed, termsInvoice(ctx.catalog.store, placed, now), respond, key);
}

/**
 * Finishes a completion in one statement (src/state/checkouts.ts `finishPaidCompletion`): the
 * checkout completed, the order placed with its invoice, its messages queued and the response
 * stored under the caller's key. When the recovery settled the completion first, the checkout is
 * answered as it left it.
 */
async function finish<R>(ctx: CommerceContext, claimed: CheckoutRecord, paid: OrderRecord, invoice: NewDocument, respond: (outcome: PaymentOutcome) => Promise<R>, key: HeldKey | undefined): Promise<Outcome<R>> {
  const now = ctx.now();
  const occurredAt = new Date(now).toISOString();
  const completed = { ...completedCheckout(claimed, paid, occurredAt), updated_at: occurredAt };
  const response = await respond(await viewCheckout(ctx, completed, { order: paid }));
  const messages = await plannedMessages((q) => queuePaidOrder(q, paid, now, occurredAt));
  const finished = await finishPaidCompletion(ctx.db, { checkout: completed, order: paid, invoice, messages, ...(key ? { key: { scope: key.scope, response } } : {}) }, now);
  if (finished) {
    if (claimed.account) await rememberAfterOrder(ctx, claimed.account.user_id, paid);
    return { response, keep: true, reserved: true, settled: !!key };
  }
  const current = await loadCheckout(ctx.db, claimed.id);
  if (!current) throw new CheckoutBusyError(`checkout "${claimed.id}" vanished while being paid`);
  return { response: await respond(await viewCheckout(ctx, current)), keep: true, reserved: true };
}

/**
 * Saves the order's delivery address for its account (src/checkout/saved-addresses.ts). The order
 * is placed already: a failure here only costs the next checkout its prefill, so it is logged, not thrown.
 */
async function rememberAfterOrder(ctx: CommerceContext, userId: string, order: OrderRecord): Promise<void> {
  try {
    await rememberAddress(ctx.db, userId, order.destination, ctx.now());
  } catch (failure) {
    console.error(`order ${order.id}: its address was not saved for the account`, failure);
  }
}

/** Reopens a claimed checkout whose payment was declined or needs the buyer's authentication (the completion undone). */
async function decline(ctx: CommerceContext, claimed: CheckoutRecord, orderId: string, authorization: Exclude<Ready['authorization'], { outcome: 'paid' }>, index: number): Promise<CheckoutView> {
  let problem: Problem;
  let escalation: CheckoutRecord['escalation'];
  if (authorization.outcome === 'requires_3ds') {
    // The request is kept on the checkout: it waits for the buyer until they approve again.
    escalation = { reason: 'requires_3ds', at: ctx.now() };
    problem = info('payment_needs_authentication');
  } else {
    // The approval is void: another try, with this card or another, needs the buyer again.
    escalation = { reason: 'payment_declined', at: ctx.now() };
    problem = error('payment_declined', undefined, { instrument: index });
  }
  const reopened = await settleCompletion(ctx, claimed.id, orderId, (tx, locked) => undoCompletion(tx, locked, ctx.now(), escalation));
  return viewCheckout(ctx, reopened, { extra: [problem] });
}

/**
 * Applies `step` to the checkout if it is still completing `orderId` (the recovery may have
 * settled it already when this request was slow), in one transaction.
 * @returns the checkout after the step, or as the recovery left it
 */
async function settleCompletion(ctx: CommerceContext, id: string, orderId: string, step: (tx: Queryable, locked: CheckoutRecord) => Promise<CheckoutRecord>): Promise<CheckoutRecord> {
  return transaction(ctx.db, async (tx) => {
    const locked = await loadCheckout(tx, id, { forUpdate: true });
    if (!locked) throw new CheckoutBusyError(`checkout "${id}" vanished while being paid`);
    return locked.state === 'completing' && locked.completion?.order_id === orderId ? step(tx, locked) : locked;
  });
}
