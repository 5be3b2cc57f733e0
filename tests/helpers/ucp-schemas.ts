/**
 * The official UCP 2026-04-08 JSON Schemas (unmodified copy in tests/fixtures/ucp/2026-04-08,
 * see SOURCE.md there) loaded into ajv as docs/ucp.md §10 describes: Ajv2020 with
 * strict:false + ajv-formats, every file under schemas/ added by its `$id`, and the profile
 * schema re-`$id`ed in memory to https://ucp.dev/discovery/profile.json (its published `$id`
 * makes `../schemas/ucp.json` resolve to /schemas/schemas/ucp.json).
 * Result shapes of the MCP tools follow mcp.openrpc.json `components.schemas.*_result`.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';

export const UCP_FIXTURES = join(process.cwd(), 'tests/fixtures/ucp/2026-04-08');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFiles(path) : name.endsWith('.json') ? [path] : [];
  });
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
for (const file of jsonFiles(join(UCP_FIXTURES, 'schemas'))) ajv.addSchema(JSON.parse(readFileSync(file, 'utf8')));
const profileSchema = JSON.parse(readFileSync(join(UCP_FIXTURES, 'discovery/profile_schema.json'), 'utf8'));
ajv.addSchema({ ...profileSchema, $id: 'https://ucp.dev/discovery/profile.json' });

const S = 'https://ucp.dev/schemas/shopping';
const oneOf = (ref: string) => ajv.compile({ oneOf: [{ $ref: ref }, { $ref: `${S}/types/error_response.json` }] });

/** Validators of the UCP results of each tool and of the business profile. */
export const ucpValidators = {
  search_catalog: ajv.compile({ $ref: `${S}/catalog_search.json#/$defs/search_response` }),
  lookup_catalog: ajv.compile({ $ref: `${S}/catalog_lookup.json#/$defs/lookup_response` }),
  get_product: oneOf(`${S}/catalog_lookup.json#/$defs/get_product_response`),
  cart: oneOf(`${S}/cart.json`),
  /** Checkout with the fulfillment extension (fulfillment.json composes checkout.json), or error_response. */
  checkout: oneOf(`${S}/fulfillment.json#/$defs/dev.ucp.shopping.checkout`),
  order: oneOf(`${S}/order.json`),
  error_response: ajv.compile({ $ref: `${S}/types/error_response.json` }),
  business_profile: ajv.compile({ $ref: 'https://ucp.dev/discovery/profile.json#/$defs/business_profile' }),
} satisfies Record<string, ValidateFunction>;

/** Which validator checks the result of a tool. */
export const resultValidator: Record<string, ValidateFunction> = {
  search_catalog: ucpValidators.search_catalog,
  lookup_catalog: ucpValidators.lookup_catalog,
  get_product: ucpValidators.get_product,
  create_cart: ucpValidators.cart,
  get_cart: ucpValidators.cart,
  update_cart: ucpValidators.cart,
  cancel_cart: ucpValidators.cart,
  create_checkout: ucpValidators.checkout,
  get_checkout: ucpValidators.checkout,
  update_checkout: ucpValidators.checkout,
  complete_checkout: ucpValidators.checkout,
  cancel_checkout: ucpValidators.checkout,
  get_order: ucpValidators.order,
};

/** Fails the test with ajv's errors when `data` does not validate. */
export function expectUcpValid(validate: ValidateFunction, data: unknown, label = 'UCP payload'): void {
  const ok = validate(data);
  expect(ok, `${label} is not valid against the UCP schema: ${ajv.errorsText(validate.errors, { separator: '\n' })}`).toBe(true);
}
