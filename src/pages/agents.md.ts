// GET /agents.md (text/markdown): rendered from src/discovery/agent-docs.ts.
import type { APIRoute } from 'astro';
import { agentsMd } from '../discovery/agent-docs';
import { catalogSnapshot } from './_static';

export const GET: APIRoute = () => new Response(agentsMd(catalogSnapshot()), { headers: { 'content-type': 'text/markdown; charset=utf-8' } });
