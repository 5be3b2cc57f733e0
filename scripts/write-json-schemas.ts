/**
 * `npm run schemas`: writes one JSON Schema per YAML content kind into `schemas/`, generated
 * from the zod schemas (z.toJSONSchema), so editors get completion and validation through the
 * `# yaml-language-server: $schema=...` line at the top of each YAML file. A test checks the
 * committed files equal the generated ones.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { jsonSchemas } from '../src/catalog/json-schemas';

mkdirSync('schemas', { recursive: true });
for (const [name, schema] of Object.entries(jsonSchemas())) {
  writeFileSync(`schemas/${name}.schema.json`, JSON.stringify(schema, null, 2) + '\n');
  console.log(`schemas/${name}.schema.json`);
}
