/** JSON Schemas of the YAML content kinds, generated from the zod schemas (docs/decisions.md "Conventions": one zod schema per concept). */
import { z } from 'zod';
import { Product, Collection, Store, Shipping } from './schema';
import { Discount } from './discount-schema';

/** `{product, collection, store, shipping, discount}` → JSON Schema (draft 2020-12) of what an editor writes. */
export function jsonSchemas(): Record<string, unknown> {
  const kinds = { product: Product, collection: Collection, store: Store, shipping: Shipping, discount: Discount };
  return Object.fromEntries(
    Object.entries(kinds).map(([name, schema]) => [name, { title: `${name} content file`, ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) }]),
  );
}
