/**
 * The lifecycle of a checkout before payment: create (from lines, or from a cart, whose live
 * checkout is returned as is), read, change (each part sent replaces the stored one: the store's
 * pages), replace (the whole of what a platform sets, parts left out cleared: UCP's
 * update_checkout) and cancel.
 * Changes lock the checkout's row for their transaction; `completed` and `canceled` are final:
 * later changes return the checkout with a problem and change nothing, and so does a change
 * while the payment runs. A checkout is visible only to the owner that created it. It is open
 * for 6 hours from its creation and then reads as canceled.
 */
import type { CartRecord, CheckoutRecord } from '../commerce/records';
import { loadCart, loadCartForCheckout } from '../state/carts';
import { CHECKOUT_TTL_SECONDS, type UsageRead, checkoutOfCart, insertCheckoutOfCart, isExpired, loadCheckout, loadVersionedCheckout, newCheckoutId, replaceCheckout, saveCheckout } from '../state/checkouts';
import { transaction } from '../state/db';
import { savedAddressOf } from './saved-addresses';
import { type CheckoutChanges, type CheckoutReplacement, applyChanges, buyerOf, replacementChanges } from './changes';
import { isStale, lockCheckoutRecovered, loadCheckoutRecovered } from './completion';
import type { CommerceContext, Owner } from './context';
import { type PricedCheckout, priceCheckout, usageRead } from './pricing';
import { type Problem, error, warning } from './problems';
import { type CheckoutView, type ViewOptions, viewCheckout } from './view';

/** A checkout, or why none was created (problems; nothing stored). */
export type CheckoutOutcome = { view: CheckoutView } | { refused: [Problem, ...Problem[]] };

/** The problem of a change asked of a checkout that cannot change any more, or null when it is open. */
export function lockedProblem(record: CheckoutRecord, now: number): Problem | null {
  if (record.state === 'completed') return error('checkout_completed', undefined, undefined, 'unrecoverable');
  if (record.state === 'canceled' || isExpired(record, now)) return error('checkout_canceled', undefined, undefined, 'unrecoverable');
  if (record.state === 'completing') return error('payment_in_progress');
  return null;
}

/**
 * A change as a linked platform makes it (UCP identity linking, issue 37): the checkout belongs
 * to the account, and its buyer is the account holder's verified e-mail whatever the agent
 * sends, so that the approval code and the order go to them (the names and phone it sends are
 * kept). An e-mail other than the account's is dropped with a warning.
 */
function asAccountHolder(owner: Owner, changes: CheckoutChanges, creating: boolean): { changes: CheckoutChanges; problems: Problem[] } {
  const account = owner.account;
  if (!account) return { changes, problems: [] };
  const sent = changes.buyer ? buyerOf(changes.buyer).email : undefined;
  const problems = sent && sent.toLowerCase() !== account.email.toLowerCase() ? [warning('account_email_kept', { email: account.email }, { field: 'buyer.email' })] : [];
  // A change that leaves the buyer alone keeps the stored one, the account's since the creation.
  const buyer = changes.buyer === undefined && !creating ? {} : { buyer: { ...(changes.buyer ?? {}), email: account.email } };
  return { changes: { ...changes, ...buyer, account: { user_id: account.user_id } }, problems };
}

/**
 * A change naming one of the account's saved addresses by id, with that address: only the
 * linked account's own (src/state/saved-addresses.ts reads by account); any other id names none.
 * @throws StateError when the database fails
 */
async function withSavedAddress(ctx: CommerceContext, owner: Owner, changes: CheckoutChanges): Promise<CheckoutChanges> {
  if (changes.savedAddressId === undefined) return changes;
  const { savedAddressId, ...rest } = changes;
  const address = owner.account ? await savedAddressOf(ctx.db, owner.account.user_id, savedAddressId) : null;
  return { ...rest, address };
}

/** A new checkout from a change, not yet stored; refused when no line can be bought. */
async function newCheckout(ctx: CommerceContext, owner: Owner, requested: CheckoutChanges, cartId?: string): Promise<{ record: CheckoutRecord; priced: PricedCheckout; problems: Problem[] } | { refused: [Problem, ...Problem[]] }> {
  const { changes, problems: holder } = asAccountHolder(owner, await withSavedAddress(ctx, owner, requested), true);
  const now = ctx.now();
  const id = newCheckoutId();
  const empty: CheckoutRecord = {
    id, platform: owner.platform, created_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString(),
    expires_at: new Date(now + CHECKOUT_TTL_SECONDS * 1000).toISOString(), state: 'open', lines: [],
    approval_secret: await ctx.secrets.mint('approve', id), ...(cartId ? { cart_id: cartId } : {}),
  };
  const { next, problems } = await applyChanges(ctx, empty, changes);
  if (!next.lines.length) return { refused: (problems.length ? problems : [error('no_lines', { creating: true }, { field: 'line_items' })]) as [Problem, ...Problem[]] };
  return { record: next, priced: await priceCheckout(ctx, next), problems: [...holder, ...problems] };
}

/** Optimistic tries (compare-and-swap) of a change before it waits for the row's lock instead. */
const ATTEMPTS = 3;

/** The change that makes a checkout of a cart: the cart's lines; the change's hints, buyer and discount codes win over the cart's. */
const cartChanges = (changes: CheckoutChanges, cart: CartRecord): CheckoutChanges => ({
  ...changes,
  lines: cart.lines.map((l) => ({ item: { id: String(l.variant_id) }, quantity: l.quantity })),
  context: changes.context ?? cart.context,
  buyer: changes.buyer ?? cart.buyer,
  discountCodes: changes.discountCodes ?? cart.discount_codes,
});

/**
 * Creates a checkout from a cart: the cart's live checkout when it has one, or a new one from
 * the cart's lines. The new checkout is stored only if the cart's row has not changed since it
 * was read (src/state/checkouts.ts `insertCheckoutOfCart`), so one cart never gets two
 * checkouts at once, nor one made of lines it no longer has; a lost race reads the cart again,
 * and the last try holds the cart's row lock instead (`fromCartLocked`).
 */
async function fromCart(ctx: CommerceContext, owner: Owner, changes: CheckoutChanges, cartId: string): Promise<CheckoutOutcome> {
  for (let attempt = 1; attempt < ATTEMPTS; attempt++) {
    const found = await loadCartForCheckout(ctx.db, cartId, ctx.now());
    if (!found) return { refused: [error('cart_not_found', { id: cartId }, undefined, 'unrecoverable')] };
    const live = found.checkoutId ? await loadCheckout(ctx.db, found.checkoutId, { owner }) : null;
    if (live && !lockedProblem(live, ctx.now())) return { view: await viewCheckout(ctx, live) };
    const fresh = await newCheckout(ctx, owner, cartChanges(changes, found.cart), cartId);
    if (!('record' in fresh)) return fresh;
    const saved = await insertCheckoutOfCart(ctx.db, { ...fresh.record, cart_id: cartId }, ctx.now(), found.version);
    if (saved) return { view: await viewCheckout(ctx, saved, { priced: fresh.priced, extra: fresh.problems }) };
  }
  return fromCartLocked(ctx, owner, changes, cartId);
}

/** `fromCart` in one transaction that locks the cart's row meanwhile. */
async function fromCartLocked(ctx: CommerceContext, owner: Owner, changes: CheckoutChanges, cartId: string): Promise<CheckoutOutcome> {
  const created = await transaction(ctx.db, async (tx) => {
    const cart = await loadCart(tx, cartId, ctx.now(), true);
    if (!cart) return { refused: [error('cart_not_found', { id: cartId }, undefined, 'unrecoverable')] as [Problem] };
    const liveId = await checkoutOfCart(tx, cartId);
    const live = liveId ? await loadCheckout(tx, liveId, { owner }) : null;
    if (live && !lockedProblem(live, ctx.now())) return { live };
    const fresh = await newCheckout(ctx, owner, cartChanges(changes, cart), cartId);
    if ('record' in fresh) await saveCheckout(tx, fresh.record, ctx.now());
    return fresh;
  });
  if ('live' in created) return { view: await viewCheckout(ctx, created.live) };
  return 'record' in created ? { view: await viewCheckout(ctx, created.record, { priced: created.priced, extra: created.problems }) } : created;
}

/**
 * Creates a checkout from lines, or from a cart when `cartId` is given (the cart's lines win).
 * @throws StateError when the database fails
 */
export async function createCheckout(ctx: CommerceContext, owner: Owner, changes: CheckoutChanges, cartId?: string): Promise<CheckoutOutcome> {
  if (cartId) return fromCart(ctx, owner, changes, cartId);
  const created = await newCheckout(ctx, owner, changes);
  if (!('record' in created)) return created;
  const saved = await saveCheckout(ctx.db, created.record, ctx.now());
  return { view: await viewCheckout(ctx, saved, { priced: created.priced, extra: created.problems }) };
}

/** A checkout of `owner`, recovering a crashed payment first; null when unknown or another owner's. */
export async function getCheckout(ctx: CommerceContext, owner: Owner, id: string): Promise<CheckoutView | null> {
  const record = await loadCheckoutRecovered(ctx, id, owner, usageRead(ctx));
  return record && viewCheckout(ctx, record);
}

/**
 * Applies a change to an open checkout. Any change of the terms voids the buyer's approval for
 * good (changing them back does not revive it), and a pending authentication request with it.
 * @returns the checkout, or null when unknown or another owner's
 */
export async function updateCheckout(ctx: CommerceContext, owner: Owner, id: string, requested: CheckoutChanges): Promise<CheckoutView | null> {
  const { changes, problems: holder } = asAccountHolder(owner, await withSavedAddress(ctx, owner, requested), false);
  // The offers' uses are read with the row, for the buyer this change sets when it sets one.
  const buyerEmail = changes.buyer === undefined ? undefined : (changes.buyer && buyerOf(changes.buyer).email) || null;
  return changeCheckout(ctx, owner, id, usageRead(ctx, buyerEmail), async (record) => {
    const { next, problems } = await applyChanges(ctx, record, changes);
    const priced = await priceCheckout(ctx, next);
    if (next.approval && next.approval.terms_hash !== priced.termsHash) {
      delete next.approval;
      delete next.escalation;
    }
    return { next, options: { priced, extra: [...holder, ...problems] } };
  });
}

/**
 * Replaces what a platform set on an open checkout with `replacement` (a full replacement: the
 * buyer, hints, address, shipping option and named instrument it leaves out are cleared; its
 * lines replace the stored ones). The store's own state is kept: id, status, expiry, and the
 * buyer's approval when the terms it covers come out the same (a replacement repeating the
 * checkout keeps it; one that changes a term voids it, as `updateCheckout`).
 * @returns the checkout, or null when unknown or another owner's
 */
export function replaceCheckoutState(ctx: CommerceContext, owner: Owner, id: string, replacement: CheckoutReplacement): Promise<CheckoutView | null> {
  return updateCheckout(ctx, owner, id, replacementChanges(replacement));
}

/** Cancels a checkout that is not completed. @returns the checkout, or null when unknown or another owner's */
export async function cancelCheckout(ctx: CommerceContext, owner: Owner, id: string): Promise<CheckoutView | null> {
  return changeCheckout(ctx, owner, id, undefined, async (record) => {
    const { approval: _voided, escalation: _dropped, ...rest } = record;
    return { next: { ...rest, state: 'canceled', canceled_at: new Date(ctx.now()).toISOString() } };
  });
}

/**
 * Changes an open checkout: read, changed, and written back only if its row has not changed
 * since it was read (src/state/checkouts.ts `replaceCheckout`): no transaction and no lock held
 * while it is priced. A lost race reads it again; the last try, and a checkout whose completion
 * crashed (recovered first), hold the row's lock instead (`changeLocked`). A closed one
 * (completed, canceled, expired, being paid) is returned with the reason and left as it is.
 */
async function changeCheckout(ctx: CommerceContext, owner: Owner, id: string, discounts: UsageRead | undefined, change: (record: CheckoutRecord) => Promise<{ next: CheckoutRecord; options?: ViewOptions }>): Promise<CheckoutView | null> {
  for (let attempt = 1; attempt < ATTEMPTS; attempt++) {
    const loaded = await loadVersionedCheckout(ctx.db, id, { owner, discounts });
    if (!loaded) return null;
    if (isStale(loaded.record, ctx.now())) break;
    const locked = lockedProblem(loaded.record, ctx.now());
    if (locked) return viewCheckout(ctx, loaded.record, { extra: [locked] });
    const { next, options } = await change(loaded.record);
    const saved = await replaceCheckout(ctx.db, next, ctx.now(), loaded.version);
    if (saved) return viewCheckout(ctx, saved, options);
  }
  return changeLocked(ctx, owner, id, change);
}

/** `changeCheckout` in one transaction that locks the checkout's row (recovering a crashed completion first). */
async function changeLocked(ctx: CommerceContext, owner: Owner, id: string, change: (record: CheckoutRecord) => Promise<{ next: CheckoutRecord; options?: ViewOptions }>): Promise<CheckoutView | null> {
  const outcome = await transaction(ctx.db, async (tx) => {
    const record = await lockCheckoutRecovered(tx, id, ctx.now(), owner);
    if (!record) return null;
    const locked = lockedProblem(record, ctx.now());
    if (locked) return { record, options: { extra: [locked] } };
    const { next, options } = await change(record);
    return { record: await saveCheckout(tx, next, ctx.now()), options };
  });
  return outcome && viewCheckout(ctx, outcome.record, outcome.options);
}
