/**
 * The cart tools (UCP 2026-04-08 cart capability; docs/ucp.md §2–§3): `create_cart`,
 * `get_cart`, `update_cart` (full replacement) and `cancel_cart` (idempotency key required;
 * returns the cart as it was, after which the cart reads as `not_found`). Changes lock the
 * cart's row for their transaction, so a cancel and an update racing cannot resurrect a
 * canceled cart.
 */
import { errorResponse, notFound } from '../messages';
import { catalogCall } from '../catalog/shared';
import { OPERATION, defineTool, type ToolEnv } from '../tools/types';
import { CAPABILITY } from '../version';
import { Cart, CartCreateRequest, CartUpdateRequest } from '../wire/cart';
import type { ErrorResponse, Message } from '../wire/common';
import { resolveLines } from './lines';
import { type CartRecord, deleteCart, loadCart, newCartId, saveCart } from '../../state/carts';
import { transaction } from '../../state/db';
import { renderCart } from './view';

const missing = (env: ToolEnv, id: string) =>
  notFound(env.version, `No cart has the id "${id}"; carts expire 7 days after their last change and cannot be read once canceled.`);

const common = { capability: CAPABILITY.cart, output: Cart } as const;

export const createCartTool = defineTool<CartCreateRequest>({
  ...common,
  name: 'create_cart',
  title: 'Create a cart',
  description:
    'Create a cart from line items ({item: {id: variant id}, quantity}). Prices are EUR cents for context.address_country. ' +
    'Items that cannot be bought (unknown, out of stock, not shippable) are left out with a message; if none can be bought, no cart is created.',
  ...OPERATION.create,
  payloadKey: 'cart',
  payload: CartCreateRequest,
  async run({ payload }, env): Promise<Cart | ErrorResponse> {
    const call = catalogCall(env, payload.context);
    const { lines, messages } = await resolveLines(payload.line_items, call);
    if (!lines.length) return errorResponse(env.version, [...call.buyer.messages, ...messages] as [Message, ...Message[]]);
    const now = new Date(env.now()).toISOString();
    const record: CartRecord = {
      id: newCartId(), created_at: now, updated_at: now, expires_at: now, lines,
      ...(payload.context ? { context: payload.context } : {}), ...(payload.buyer ? { buyer: payload.buyer } : {}),
    };
    return renderCart(await saveCart(env.db, record, env.now()), env, messages);
  },
});

export const getCartTool = defineTool<undefined>({
  ...common,
  name: 'get_cart',
  title: 'Get a cart',
  description: 'Read a cart by id with current prices, stock and messages.',
  ...OPERATION.get,
  async run({ id }, env): Promise<Cart | ErrorResponse> {
    const cart = await loadCart(env.db, id, env.now());
    return cart ? renderCart(cart, env) : missing(env, id);
  },
});

export const updateCartTool = defineTool<CartUpdateRequest>({
  ...common,
  name: 'update_cart',
  title: 'Update a cart',
  description:
    'Replace a cart\'s line items, context and buyer (full replacement: send every line to keep; an empty line_items empties the cart). ' +
    'If none of the sent items can be bought, the cart is left unchanged and returned with messages.',
  ...OPERATION.update,
  payloadKey: 'cart',
  payload: CartUpdateRequest,
  async run({ id, payload }, env): Promise<Cart | ErrorResponse> {
    const { lines, messages } = await resolveLines(payload.line_items, catalogCall(env, payload.context));
    const cart = await transaction(env.db, async (tx) => {
      const current = await loadCart(tx, id, env.now(), true);
      if (!current || (payload.line_items.length && !lines.length)) return current;
      const { context: _c, buyer: _b, ...kept } = current;
      return saveCart(tx, { ...kept, lines, ...(payload.context ? { context: payload.context } : {}), ...(payload.buyer ? { buyer: payload.buyer } : {}) }, env.now());
    });
    return cart ? renderCart(cart, env, messages) : missing(env, id);
  },
});

export const cancelCartTool = defineTool<undefined>({
  ...common,
  name: 'cancel_cart',
  title: 'Cancel a cart',
  description: 'Delete a cart (meta["idempotency-key"] required). Returns the cart as it was; afterwards the id reads as not_found.',
  ...OPERATION.cancel,
  async run({ id }, env): Promise<Cart | ErrorResponse> {
    const canceled = await transaction(env.db, async (tx) => {
      const cart = await loadCart(tx, id, env.now(), true);
      if (cart) await deleteCart(tx, id);
      return cart;
    });
    return canceled ? renderCart(canceled, env) : missing(env, id);
  },
});
