/**
 * The cart tools (UCP cart capability): thin bindings of the store's cart operations
 * (src/checkout/carts.ts). `create_cart`, `get_cart`, `update_cart` (full replacement: lines,
 * context and buyer left out are cleared) and
 * `cancel_cart` (idempotency key required; returns the cart as it was, after which the cart
 * reads as `not_found`).
 */
import { cancelCart, createCart, getCart, updateCart } from '../../checkout/carts';
import type { PricedCart } from '../../checkout/carts';
import { errorResponse, notFound } from '../messages';
import { messagesOf } from '../problems';
import { OPERATION, defineTool, type ToolEnv } from '../tools/types';
import { CAPABILITY } from '../version';
import { Cart, CartCreateRequest, CartUpdateRequest } from '../wire/cart';
import type { ErrorResponse, Message } from '../wire/common';
import { renderCart } from './view';

const answer = (env: ToolEnv, id: string, cart: PricedCart | null): Cart | ErrorResponse =>
  cart ? renderCart(cart, env) : notFound(env.version, `No cart has the id "${id}"; carts expire 7 days after their last change and cannot be read once canceled.`);

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
    const created = await createCart(env, { lines: payload.line_items, context: payload.context, buyer: payload.buyer, discountCodes: payload.discounts?.codes });
    return 'refused' in created ? errorResponse(env.version, messagesOf(created.refused, payload.context?.language) as [Message, ...Message[]]) : renderCart(created.cart, env);
  },
});

export const getCartTool = defineTool<undefined>({
  ...common,
  name: 'get_cart',
  title: 'Get a cart',
  description: 'Read a cart by id with current prices, stock and messages.',
  ...OPERATION.get,
  run: async ({ id }, env) => answer(env, id, await getCart(env, id)),
});

export const updateCartTool = defineTool<CartUpdateRequest>({
  ...common,
  name: 'update_cart',
  title: 'Update a cart',
  description:
    'Replace a cart\'s line items, context and buyer (full replacement: send every line, the context and the buyer to keep; what you leave out is cleared; an empty line_items empties the cart). ' +
    'If none of the sent items can be bought, the cart is left unchanged and returned with messages.',
  ...OPERATION.update,
  payloadKey: 'cart',
  payload: CartUpdateRequest,
  run: async ({ id, payload }, env) => answer(env, id, await updateCart(env, id, { lines: payload.line_items, context: payload.context, buyer: payload.buyer, discountCodes: payload.discounts?.codes })),
});

export const cancelCartTool = defineTool<undefined>({
  ...common,
  name: 'cancel_cart',
  title: 'Cancel a cart',
  description: 'Delete a cart (meta["idempotency-key"] required). Returns the cart as it was; afterwards the id reads as not_found.',
  ...OPERATION.cancel,
  run: async ({ id }, env) => answer(env, id, await cancelCart(env, id)),
});
