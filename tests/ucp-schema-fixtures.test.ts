/**
 * The UCP schema copies and their loaders (tests/helpers/ucp-schemas.ts): for each version every
 * schema file compiles, every `$ref` in it resolves to a schema, the validators compile and an
 * error response is told from a payload that is not one; the copies equal ../shared/ucp/<version>
 * when that folder is beside the clone.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it, expect } from 'vitest';
import { UCP_VERSIONS, RESULT_KIND, expectUcpValid, ucpFixtures, ucpSchemaSet, ucpValidators, ucpValidatorsFor, validatorForResult } from './helpers/ucp-schemas';

const SHARED = join(process.cwd(), '../shared/ucp');

/** Every `$ref` string in a schema. */
function refsOf(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsOf);
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' && typeof value === 'string' ? [value] : refsOf(value)));
}

/** Every file under `dir` (any extension), as paths relative to `dir`, sorted. */
function allFiles(dir: string, base = dir): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path, base) : [relative(base, path)];
  });
}

function expectSameTree(copy: string, original: string): void {
  const files = allFiles(copy);
  expect(files).toEqual(allFiles(original));
  for (const file of files) expect(readFileSync(join(copy, file)).equals(readFileSync(join(original, file))), `${file} differs from ${original}`).toBe(true);
}

describe.each(UCP_VERSIONS)('UCP %s schemas', (version) => {
  const set = ucpSchemaSet(version);

  it('loads every schema file under schemas/, each under its own $id', () => {
    const loaded = set.files.map((f) => f.path).filter((path) => path.startsWith(join(ucpFixtures(version), 'schemas')));
    expect(loaded.length).toBeGreaterThan(50);
    expect(new Set(set.files.map((f) => f.id)).size).toBe(set.files.length);
    for (const { id } of set.files) expect(id).toMatch(/^https:\/\/ucp\.dev\//);
  });

  it('compiles every schema file', () => {
    for (const { id } of set.files) expect(set.ajv.getSchema(id), id).toBeTypeOf('function');
  });

  it('resolves every $ref of every file (relative to the file\'s $id)', () => {
    let count = 0;
    for (const { id, schema } of set.files) {
      for (const ref of refsOf(schema)) {
        const target = new URL(ref, id).href;
        expect(set.ajv.getSchema(target), `${id}: $ref ${ref} → ${target}`).toBeTypeOf('function');
        count++;
      }
    }
    expect(count).toBeGreaterThan(100);
  });

  it('compiles the validator of every tool result and of the business profile', () => {
    const validators = ucpValidatorsFor(version);
    expect(Object.keys(validators).sort()).toEqual(['business_profile', 'cart', 'checkout', 'error_response', 'get_product', 'lookup_catalog', 'order', 'search_catalog']);
    for (const validate of Object.values(validators)) expect(validate).toBeTypeOf('function');
    for (const ref of Object.values(set.refs)) expect(set.ajv.getSchema(ref), ref).toBeTypeOf('function');
  });

  const error = { ucp: { version, status: 'error' }, messages: [{ type: 'error', code: 'not_found', content: 'x', severity: 'unrecoverable' }] };

  it('accepts a minimal error response, also as the result of the tools that may answer one', () => {
    const validators = ucpValidatorsFor(version);
    expectUcpValid(validators.error_response, error, 'error response');
    for (const kind of ['get_product', 'cart', 'checkout', 'order'] as const) expectUcpValid(validators[kind], error, `${kind} error`);
  });

  it('rejects an error response with an extra top-level key, without messages, or with status success', () => {
    const { error_response, checkout } = ucpValidatorsFor(version);
    expect(error_response({ ...error, extra: true })).toBe(false);
    expect(error_response.errors).toContainEqual(expect.objectContaining({ keyword: 'additionalProperties', params: { additionalProperty: 'extra' } }));
    expect(error_response({ ucp: error.ucp, messages: [] })).toBe(false);
    expect(error_response({ ...error, ucp: { version, status: 'success' } })).toBe(false);
    expect(checkout({ ...error, extra: true })).toBe(false);
    expect(() => expectUcpValid(error_response, { ...error, extra: true })).toThrow(/must NOT have additional properties/);
  });

  it('rejects a business profile without services and payment handlers', () => {
    expect(ucpValidatorsFor(version).business_profile({ ucp: { version } })).toBe(false);
  });

  it('picks the validators of the version a tool result declares', () => {
    for (const [tool, kind] of Object.entries(RESULT_KIND)) expect(validatorForResult(tool, error)).toBe(ucpValidatorsFor(version)[kind]);
  });

  it.skipIf(!existsSync(join(SHARED, version)))('equals ../shared/ucp/%s byte for byte', () => {
    expectSameTree(ucpFixtures(version), join(SHARED, version));
  });
});

describe('UCP schema loaders', () => {
  it('keep ucpValidators as the 2026-04-08 set, distinct from the 2026-08-25 one', () => {
    expect(ucpValidators).toBe(ucpValidatorsFor('2026-04-08'));
    expect(ucpValidatorsFor('2026-08-25').checkout).not.toBe(ucpValidators.checkout);
    expect(ucpSchemaSet('2026-08-25').ajv).not.toBe(ucpSchemaSet('2026-04-08').ajv);
  });

  it('fail a tool result whose version is not known, or a tool without a result schema', () => {
    expect(() => validatorForResult('get_cart', { ucp: { version: '2025-01-01' } })).toThrow(/declares ucp.version "2025-01-01", not one of 2026-04-08, 2026-08-25/);
    expect(() => validatorForResult('get_cart', {})).toThrow(/declares ucp.version undefined/);
    expect(() => validatorForResult('no_such_tool', { ucp: { version: '2026-04-08' } })).toThrow(/no UCP result schema for tool "no_such_tool"/);
  });

  it.skipIf(!existsSync(join(SHARED, 'LICENSE')))('keep the LICENSE of ../shared/ucp', () => {
    expect(readFileSync(join(process.cwd(), 'tests/fixtures/ucp/LICENSE')).equals(readFileSync(join(SHARED, 'LICENSE')))).toBe(true);
  });
});
