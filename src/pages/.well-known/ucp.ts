// GET /.well-known/ucp: the store's UCP business profile (docs/spec.md "D. Discovery";
// docs/ucp.md §1), rendered at build time from content/store.yaml by src/ucp/profile.ts.
// netlify.toml gives it its JSON content type and a public cache of 5 minutes.
import type { APIRoute } from 'astro';
import { businessProfile } from '../../ucp/profile';
import { catalogSnapshot } from '../_static';

export const GET: APIRoute = () =>
  new Response(`${JSON.stringify(businessProfile(catalogSnapshot().store), null, 2)}\n`, {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
