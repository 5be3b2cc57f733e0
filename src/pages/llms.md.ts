// GET /llms.txt (text/markdown): rendered from src/discovery/agent-docs.ts. Written as /llms.md
// and served at /llms.txt by a 200 rewrite in netlify.toml, because a static file's content type
// comes from its extension (`.txt` would be text/plain; docs/storefront.md "Discovery documents" wants Markdown).
import type { APIRoute } from 'astro';
import { llmsTxt } from '../discovery/agent-docs';
import { catalogSnapshot } from './_static';

export const GET: APIRoute = () => new Response(llmsTxt(catalogSnapshot()), { headers: { 'content-type': 'text/markdown; charset=utf-8' } });
