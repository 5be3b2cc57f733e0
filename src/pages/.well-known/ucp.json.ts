// GET /.well-known/ucp: the store's UCP business profile (docs/spec.md "D. Discovery";
// docs/ucp.md §1), rendered at build time from content/store.yaml by src/ucp/profile.ts.
// Written as /.well-known/ucp.json and served at /.well-known/ucp by a 200 rewrite in
// netlify.toml: a file's content type comes from its extension (the Netlify CLI ignores
// Content-Type in [[headers]]), so the extension gives application/json locally and in production.
import type { APIRoute } from 'astro';
import { businessProfile } from '../../ucp/profile';
import { catalogSnapshot } from '../_static';

export const GET: APIRoute = () =>
  new Response(`${JSON.stringify(businessProfile(catalogSnapshot().store), null, 2)}\n`, {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
