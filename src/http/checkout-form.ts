/**
 * Reading the shop's form posts: the body (a form, or JSON for the Ajax cart), the checkout's
 * entries in the core's terms, and the card form's problems in the page's language.
 */
import type { Locale } from '../catalog/locales';
import type { CardProblem } from '../checkout/payment/card';
import type { SiteDetails } from '../checkout/site-checkout';
import { hasControlCharacters, hasUnstorableCharacters } from '../commerce/text';
import { shopUi } from '../i18n/shop-ui';
import type { CheckoutField } from './html/shop-problems';
import { MAX_PURCHASE_ORDER } from '../commerce/payment-terms';
import { DISCOUNT_CODES } from '../checkout/changes';

/** Largest form accepted, in bytes (a checkout form is well under 2 KB). */
const MAX_FORM = 8192;

/**
 * The body of a POST as form fields: `application/x-www-form-urlencoded`, or, for the Ajax
 * cart (`json`), a JSON object whose scalar members become fields.
 * @returns the fields, or null for another type, a body over 8 KB or JSON that is not an object
 */
export async function readForm(request: Request, json: boolean): Promise<URLSearchParams | null> {
  const type = request.headers.get('content-type') ?? '';
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_FORM) return null;
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) return new URLSearchParams(text);
  if (!json || !/^application\/json\b/i.test(type)) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  // Shopify's `/cart/add.js` also takes `{items: [{id, quantity}]}`: its first item is read.
  const fields = Array.isArray((body as { items?: unknown }).items) ? (body as { items: unknown[] }).items[0] : body;
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries((fields ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number') form.set(name, String(value));
  }
  return form;
}

/** The checkout's entries of a form: contact, address, shipping option (empty fields are dropped by the core); the account is the session's, never the form's. */
export function detailsOf(form: URLSearchParams): Omit<SiteDetails, 'account'> {
  const value = (name: string) => (form.get(name) ?? '').slice(0, 200);
  const names = { first_name: value('first_name'), last_name: value('last_name') };
  return {
    buyer: { email: value('email'), ...names, ...(value('phone_number') ? { phone_number: value('phone_number') } : {}) },
    address: {
      ...names,
      street_address: value('street_address'), extended_address: value('extended_address'), postal_code: value('postal_code'),
      address_locality: value('address_locality'), address_country: value('address_country'), phone_number: value('phone_number'),
    },
    optionId: value('shipping_option') || null,
  };
}

/** The fields of the form that `detailsOf` keeps (the card's are never stored). */
const DETAIL_FIELDS = ['email', 'first_name', 'last_name', 'phone_number', 'street_address', 'extended_address', 'postal_code', 'address_locality', 'address_country', 'shipping_option'] as const satisfies readonly CheckoutField[];

/**
 * The entries the store refuses as the agents' tools refuse them (src/ucp/wire/common.ts
 * `freeText`, src/ucp/service.ts): a control character, NUL or an unpaired surrogate, each
 * named beside its field in the page's language.
 * @returns the errors by field; empty when every entry may be stored
 */
export function textErrors(form: URLSearchParams, locale: Locale): Partial<Record<CheckoutField, string>> {
  const errors: Partial<Record<CheckoutField, string>> = {};
  for (const field of [...DETAIL_FIELDS, 'purchase_order'] as const) {
    const value = form.get(field) ?? '';
    if (hasControlCharacters(value) || hasUnstorableCharacters(value)) errors[field] = shopUi(locale).textRefused;
  }
  return errors;
}

/** The purchase-order number of an order on invoice, as typed (trimmed, at most MAX_PURCHASE_ORDER characters), or null. */
export function purchaseOrderOf(form: URLSearchParams): string | null {
  return (form.get('purchase_order') ?? '').trim().slice(0, MAX_PURCHASE_ORDER) || null;
}

/** The card form's problems beside their fields, in the page's language. */
export function cardErrors(problems: readonly CardProblem[], locale: Locale): Partial<Record<CheckoutField, string>> {
  const ui = shopUi(locale);
  const errors: Partial<Record<CheckoutField, string>> = {};
  for (const p of problems) {
    if (p.field === 'number') errors.card_number = p.reason === 'brand' ? ui.cardBrandRefused : p.reason === 'not_test' ? ui.cardNotTest : ui.cardNumberInvalid;
    else if (p.field === 'expiry') errors.card_expiry = p.reason === 'expired' ? ui.cardExpired : ui.cardExpiryInvalid;
    else errors.card_cvc = ui.cardCvcInvalid;
  }
  return errors;
}

/**
 * The change of discount codes a form asks for: the code typed in `discount_code` to add, and the
 * code its remove button names (`removeField`: `remove` on the cart's form, `remove_code` on the
 * checkout's).
 * @returns the change (both empty when the form asks none), or null when the code typed holds a
 *          control character or cannot be stored (refused beside the field, nothing stored)
 */
export function discountChangeOf(form: URLSearchParams, removeField: 'remove' | 'remove_code'): { add?: string; remove?: string } | null {
  const add = (form.get('discount_code') ?? '').trim().slice(0, DISCOUNT_CODES.length);
  const remove = (form.get(removeField) ?? '').trim().slice(0, DISCOUNT_CODES.length);
  if (hasControlCharacters(add) || hasUnstorableCharacters(add)) return null;
  return { ...(add ? { add } : {}), ...(remove ? { remove } : {}) };
}
