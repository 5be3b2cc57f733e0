// GET /robots.txt: everything may be crawled; points crawlers to /sitemap.xml (absolute URL from
// content/store.yaml `base_url`, as the sitemap's own URLs).
import type { APIRoute } from 'astro';
import { catalogSnapshot } from './_static';
import { absoluteUrl } from '../catalog/urls';

export const GET: APIRoute = () => {
  const { store } = catalogSnapshot();
  const body = `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(store.base_url, '/sitemap.xml')}\n`;
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
