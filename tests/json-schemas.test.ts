// docs/decisions.md "Conventions": a committed JSON Schema per YAML kind, generated from zod, referenced by every YAML file.
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { jsonSchemas } from '../src/catalog/json-schemas';

describe('editor JSON Schemas', () => {
  it('the committed schemas/ equal what the zod schemas generate (run npm run schemas)', () => {
    for (const [name, schema] of Object.entries(jsonSchemas())) {
      expect(JSON.parse(readFileSync(`schemas/${name}.schema.json`, 'utf8')), name).toEqual(JSON.parse(JSON.stringify(schema)));
    }
  });

  it('every YAML content file starts with its yaml-language-server $schema line', () => {
    const files: Array<[string, string]> = [
      ['content/store.yaml', '../schemas/store.schema.json'],
      ['content/shipping.yaml', '../schemas/shipping.schema.json'],
      ...readdirSync('content/products').map((f) => [`content/products/${f}`, '../../schemas/product.schema.json'] as [string, string]),
      ...readdirSync('content/collections').map((f) => [`content/collections/${f}`, '../../schemas/collection.schema.json'] as [string, string]),
      ...readdirSync('content/discounts').map((f) => [`content/discounts/${f}`, '../../schemas/discount.schema.json'] as [string, string]),
    ];
    for (const [file, schema] of files) {
      expect(readFileSync(file, 'utf8').split('\n')[0], file).toBe(`# yaml-language-server: $schema=${schema}`);
    }
  });
});
