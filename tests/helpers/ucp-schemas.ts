/**
 * The official UCP JSON Schemas of each version the tests know (copies in
 * tests/fixtures/ucp/<version>, see SOURCE.md there) loaded into ajv as JSON Schema draft 2020-12 documents
 * (https://json-schema.org/draft/2020-12): one Ajv2020 instance per version, strict:false + ajv-formats, every file under
 * `schemas/` added by its `$id`.
 * - 2026-04-08: the profile schema `discovery/profile_schema.json` sits outside `schemas/` and is
 *   re-`$id`ed in memory to https://ucp.dev/discovery/profile.json (its published `$id` makes
 *   `../schemas/ucp.json` resolve to /schemas/schemas/ucp.json); the error response is
 *   `shopping/types/error_response.json`.
 * - 2026-08-25: every `$id` is https://ucp.dev/schemas/<path under schemas/>; the profile schema
 *   is `schemas/profile.json` (`$defs/business_schema` is the whole /.well-known/ucp document)
 *   and the error response moved to `common/types/error_response.json`.
 * Result shapes of the MCP tools follow `services/shopping/mcp.openrpc.json`
 * `components.schemas.*_result` of each version; a tool result is validated against the
 * schemas of the version its `ucp.version` declares (validatorForResult).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';

export const UCP_VERSIONS = ['2026-04-08', '2026-08-25'] as const;
export type UcpVersion = (typeof UCP_VERSIONS)[number];

/** The folder of each version's copy: tests/fixtures/ucp/<version>. */
export const ucpFixtures = (version: UcpVersion): string => join(process.cwd(), 'tests/fixtures/ucp', version);
/** The 2026-04-08 copy (kept for existing imports). */
export const UCP_FIXTURES = ucpFixtures('2026-04-08');

/** Every `*.json` file under `dir`, recursively, sorted. */
export function jsonFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFiles(path) : name.endsWith('.json') ? [path] : [];
  });
}

const S = 'https://ucp.dev/schemas';

/** Where each validator's schema lives, the same in both versions (absolute `$ref`s). */
const SHARED_REFS = {
  search_catalog: `${S}/shopping/catalog_search.json#/$defs/search_response`,
  lookup_catalog: `${S}/shopping/catalog_lookup.json#/$defs/lookup_response`,
  get_product: `${S}/shopping/catalog_lookup.json#/$defs/get_product_response`,
  cart: `${S}/shopping/cart.json`,
  checkout: `${S}/shopping/fulfillment.json#/$defs/dev.ucp.shopping.checkout`,
  discount_cart: `${S}/shopping/discount.json#/$defs/dev.ucp.shopping.cart`,
  discount_checkout: `${S}/shopping/discount.json#/$defs/dev.ucp.shopping.checkout`,
  order: `${S}/shopping/order.json`,
};

/** Where each validator's schema lives in a version: 2026-08-25 moved the shared types to common/ and the profile schema. */
const REFS = {
  '2026-04-08': {
    ...SHARED_REFS,
    error_response: `${S}/shopping/types/error_response.json`,
    business_profile: 'https://ucp.dev/discovery/profile.json#/$defs/business_profile',
  },
  '2026-08-25': {
    ...SHARED_REFS,
    error_response: `${S}/common/types/error_response.json`,
    business_profile: `${S}/profile.json#/$defs/business_schema`,
  },
} as const satisfies Record<UcpVersion, Record<string, string>>;

/** Validators of the UCP results of each tool and of the business profile. */
export type UcpValidators = {
  search_catalog: ValidateFunction;
  lookup_catalog: ValidateFunction;
  /** get_product_response, or error_response. */
  get_product: ValidateFunction;
  /** Cart, or error_response. */
  cart: ValidateFunction;
  /** Checkout with the fulfillment, discount and (2026-08-25) payment terms extensions (each composes checkout.json), or error_response. */
  checkout: ValidateFunction;
  /** Order (with the payment terms extension at 2026-08-25), or error_response. */
  order: ValidateFunction;
  error_response: ValidateFunction;
  /** The whole document served at /.well-known/ucp ({ucp, signing_keys?} / {ucp, keys?}). */
  business_profile: ValidateFunction;
};

export interface UcpSchemaSet {
  version: UcpVersion;
  ajv: Ajv2020;
  /** Every schema file added, with the `$id` it was added under (after the in-memory re-`$id`s). */
  files: { path: string; id: string; schema: any }[];
  /** The absolute `$ref` of each validator (the `oneOf` ones also accept error_response). */
  refs: Record<keyof UcpValidators, string>;
  validators: UcpValidators;
}

/** The ajv instance that compiled each validator, for its errorsText. */
const ajvOf = new WeakMap<ValidateFunction, Ajv2020>();
const sets = new Map<UcpVersion, UcpSchemaSet>();

function load(version: UcpVersion): UcpSchemaSet {
  const root = ucpFixtures(version);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const files: UcpSchemaSet['files'] = [];
  const add = (path: string, schema: { $id: string }) => {
    ajv.addSchema(schema);
    files.push({ path, id: schema.$id, schema });
  };
  for (const file of jsonFiles(join(root, 'schemas'))) add(file, JSON.parse(readFileSync(file, 'utf8')));
  if (version === '2026-04-08') {
    const file = join(root, 'discovery/profile_schema.json');
    add(file, { ...JSON.parse(readFileSync(file, 'utf8')), $id: 'https://ucp.dev/discovery/profile.json' });
  }
  const refs = REFS[version];
  const compile = (schema: object) => {
    const validate = ajv.compile(schema);
    ajvOf.set(validate, ajv);
    return validate;
  };
  const orError = (ref: string) => compile({ oneOf: [{ $ref: ref }, { $ref: refs.error_response }] });
  // The payment terms extension (common/payment_terms.json, from 2026-08-25) on checkouts and orders.
  const paymentTerms = (on: 'checkout' | 'order') => (version === '2026-04-08' ? [] : [{ $ref: `${S}/common/payment_terms.json#/$defs/dev.ucp.shopping.${on}` }]);
  const validators: UcpValidators = {
    search_catalog: compile({ $ref: refs.search_catalog }),
    lookup_catalog: compile({ $ref: refs.lookup_catalog }),
    get_product: orError(refs.get_product),
    // Extensions compose as UCP says (each extension's $defs is allOf[base, addition]): the
    // results are checked against every extension the store declares on them.
    cart: compile({ oneOf: [{ allOf: [{ $ref: refs.cart }, { $ref: refs.discount_cart }] }, { $ref: refs.error_response }] }),
    checkout: compile({ oneOf: [{ allOf: [{ $ref: refs.checkout }, { $ref: refs.discount_checkout }, ...paymentTerms('checkout')] }, { $ref: refs.error_response }] }),
    order: compile({ oneOf: [{ allOf: [{ $ref: refs.order }, ...paymentTerms('order')] }, { $ref: refs.error_response }] }),
    error_response: compile({ $ref: refs.error_response }),
    business_profile: compile({ $ref: refs.business_profile }),
  };
  return { version, ajv, files, refs, validators };
}

/** The schemas of `version`, loaded once. */
export function ucpSchemaSet(version: UcpVersion): UcpSchemaSet {
  if (!UCP_VERSIONS.includes(version)) throw new Error(`unknown UCP version ${JSON.stringify(version)} (known: ${UCP_VERSIONS.join(', ')})`);
  let set = sets.get(version);
  if (!set) sets.set(version, (set = load(version)));
  return set;
}

/** The validators of `version`. */
export const ucpValidatorsFor = (version: UcpVersion): UcpValidators => ucpSchemaSet(version).validators;

/** The 2026-04-08 validators (kept for existing imports). */
export const ucpValidators: UcpValidators = ucpValidatorsFor('2026-04-08');

/** Which validator checks the result of each tool (mcp.openrpc.json methods). */
export const RESULT_KIND: Record<string, keyof UcpValidators> = {
  search_catalog: 'search_catalog',
  lookup_catalog: 'lookup_catalog',
  get_product: 'get_product',
  create_cart: 'cart',
  get_cart: 'cart',
  update_cart: 'cart',
  cancel_cart: 'cart',
  create_checkout: 'checkout',
  get_checkout: 'checkout',
  update_checkout: 'checkout',
  complete_checkout: 'checkout',
  cancel_checkout: 'checkout',
  get_order: 'order',
};

/**
 * The validator of the result of `tool`, from the schemas of the version the payload declares
 * (`payload.ucp.version`); fails the test when the tool is unknown or the version is not one of
 * UCP_VERSIONS.
 */
export function validatorForResult(tool: string, payload: any): ValidateFunction {
  const kind = RESULT_KIND[tool];
  expect(kind, `no UCP result schema for tool ${JSON.stringify(tool)}`).toBeDefined();
  const version = payload?.ucp?.version;
  expect(UCP_VERSIONS as readonly unknown[], `${tool} result declares ucp.version ${JSON.stringify(version)}, not one of ${UCP_VERSIONS.join(', ')}`).toContain(version);
  return ucpValidatorsFor(version as UcpVersion)[kind];
}

/** Fails the test with ajv's errors when `data` does not validate (validators of any version). */
export function expectUcpValid(validate: ValidateFunction, data: unknown, label = 'UCP payload'): void {
  const ok = validate(data);
  const ajv = ajvOf.get(validate) ?? ucpSchemaSet('2026-04-08').ajv;
  expect(ok, `${label} is not valid against the UCP schema: ${ajv.errorsText(validate.errors, { separator: '\n' })}`).toBe(true);
}
