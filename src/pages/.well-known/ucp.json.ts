// GET /.well-known/ucp: the store's UCP business profile at the current version (docs/agent-commerce.md
// "Business profile"), with `supported_versions` naming the profile of each older version.
// Written as /.well-known/ucp.json and served at /.well-known/ucp by a 200 rewrite in
// netlify.toml: a file's content type comes from its extension (the Netlify CLI ignores
// Content-Type in [[headers]]), so the extension gives application/json locally and in production.
import type { APIRoute } from 'astro';
import { profileResponse } from './_profile';

export const GET: APIRoute = () => profileResponse();
