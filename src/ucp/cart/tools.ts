/**
 * The cart tools (UCP 2026-04-08 cart capability; docs/ucp.md §2–§3): `create_cart`,
 * `get_cart`, `update_cart` (full replacement) and `cancel_cart` (idempotency key required;
 * returns the cart as it was, after which the cart reads as `not_found`). Writes are
 * compare-and-set on the state store, so a cancel and an update racing cannot resurrect a
 * canceled cart; a write that keeps losing gets -32000 `conflict` (HTTP 409).
 */
import { z } from 'zod';
import { serverError } from '../errors';
import { errorResponse, notFound } from '../messages';
import { catalogCall } from '../catalog/shared';
import { defineTool, type ToolEnv } from '../tools/types';
import { CAPABILITY } from '../version';
import { Cart, CartCreateRequest, CartUpdateRequest } from '../wire/cart';
import type { ErrorResponse, Message } from '../wire/common';
import { resolveLines } from './lines';
import { type CartRecord, deleteCart, loadCart, newCartId, saveCart } from './store';
import { renderCart } from './view';

const ATTEMPTS = 5;

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
  payloadKey: 'cart',
  payload: CartCreateRequest,
  takesId: false,
  idempotency: 'optional',
  readOnly: false,
  async run({ payload }, env): Promise<Cart | ErrorResponse> {
    const call = catalogCall(env, payload.context);
    const { lines, messages } = await resolveLines(payload.line_items, call);
    if (!lines.length) return errorResponse(env.version, [...call.buyer.messages, ...messages] as [Message, ...Message[]]);
    const now = new Date(env.now()).toISOString();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const record: CartRecord = {
        id: newCartId(), created_at: now, updated_at: now, expires_at: now, lines,
        ...(payload.context ? { context: payload.context } : {}), ...(payload.buyer ? { buyer: payload.buyer } : {}),
      };
      const saved = await saveCart(env.state, record, env.now());
      if (saved) return renderCart(saved, env, messages);
    }
    throw serverError('conflict', 'could not allocate a cart id; retry');
  },
});

export const getCartTool = defineTool<undefined>({
  ...common,
  name: 'get_cart',
  title: 'Get a cart',
  description: 'Read a cart by id with current prices, stock and messages.',
  payloadKey: null,
  payload: z.undefined(),
  takesId: true,
  idempotency: 'ignored',
  readOnly: true,
  async run({ id }, env): Promise<Cart | ErrorResponse> {
    const stored = await loadCart(env.state, id);
    return stored ? renderCart(stored.value, env) : missing(env, id);
  },
});

export const updateCartTool = defineTool<CartUpdateRequest>({
  ...common,
  name: 'update_cart',
  title: 'Update a cart',
  description:
    'Replace a cart\'s line items, context and buyer (full replacement: send every line to keep; an empty line_items empties the cart). ' +
    'If none of the sent items can be bought, the cart is left unchanged and returned with messages.',
  payloadKey: 'cart',
  payload: CartUpdateRequest,
  takesId: true,
  idempotency: 'optional',
  readOnly: false,
  async run({ id, payload }, env): Promise<Cart | ErrorResponse> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const stored = await loadCart(env.state, id);
      if (!stored) return missing(env, id);
      const { lines, messages } = await resolveLines(payload.line_items, catalogCall(env, payload.context));
      if (payload.line_items.length && !lines.length) return renderCart(stored.value, env, messages);
      const { context: _c, buyer: _b, ...kept } = stored.value;
      const next: CartRecord = { ...kept, lines, ...(payload.context ? { context: payload.context } : {}), ...(payload.buyer ? { buyer: payload.buyer } : {}) };
      const saved = await saveCart(env.state, next, env.now(), stored.etag);
      if (saved) return renderCart(saved, env, messages);
    }
    throw serverError('conflict', `cart "${id}" is being changed by another request; retry`);
  },
});

export const cancelCartTool = defineTool<undefined>({
  ...common,
  name: 'cancel_cart',
  title: 'Cancel a cart',
  description: 'Delete a cart (meta["idempotency-key"] required). Returns the cart as it was; afterwards the id reads as not_found.',
  payloadKey: null,
  payload: z.undefined(),
  takesId: true,
  idempotency: 'required',
  readOnly: false,
  async run({ id }, env): Promise<Cart | ErrorResponse> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const stored = await loadCart(env.state, id);
      if (!stored) return missing(env, id);
      const before = await renderCart(stored.value, env);
      if (await deleteCart(env.state, id, stored.etag)) return before;
    }
    throw serverError('conflict', `cart "${id}" is being changed by another request; retry`);
  },
});
