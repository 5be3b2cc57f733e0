/**
 * The built /openapi.json and the contract check shared by the in-process contract test
 * (tests/openapi.test.ts) and the served-stack suite (tests/e2e/served-routing.test.ts): a
 * response must have a documented status for its operation, and its body must match the schema
 * documented for that status.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Responses = Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
type Doc = { paths: Record<string, Record<string, { responses: Responses }>> } & Record<string, any>;

export const openApi = JSON.parse(readFileSync(join(process.cwd(), 'dist', 'openapi.json'), 'utf8')) as Doc;

const DOC_ID = 'https://openapi.test/doc.json';
const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...openApi, $id: DOC_ID });

/**
 * Checks one real response against the document.
 * @param template the documented path, e.g. "/products/{handle}.json"
 * @param body the parsed JSON body, or undefined for a response without one
 * @returns a list of problems (empty when the response is documented and its body matches)
 */
export function contractProblems(template: string, method: string, status: number, body: unknown): string[] {
  const operation = openApi.paths[template]?.[method.toLowerCase()];
  if (!operation) return [`${method} ${template} is not documented`];
  const response = operation.responses[String(status)];
  if (!response) return [`${method} ${template} answered ${status}, which is not documented (documented: ${Object.keys(operation.responses).join(', ')})`];
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return body === undefined ? [] : [`${method} ${template} ${status} has a body but no documented schema`];
  const pointer = `${DOC_ID}#/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
  const validate = ajv.getSchema(pointer)!;
  return validate(body) ? [] : [`${method} ${template} ${status}: ${JSON.stringify(validate.errors?.slice(0, 3))}`];
}
