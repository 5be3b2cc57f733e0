// GET /openapi.json: generated at build time from the zod wire schemas (src/discovery/openapi.ts).
import type { APIRoute } from 'astro';
import { openApiDocument } from '../discovery/openapi';
import { catalogSnapshot } from './_static';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(openApiDocument(catalogSnapshot().store), null, 2), { headers: { 'content-type': 'application/json; charset=utf-8' } });
