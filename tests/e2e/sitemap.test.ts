// End to end against npm start (docs/storefront.md "Discovery documents" and "Endpoints"): every URL of the sitemap answers 200 on the running store.
import { describe, it, expect } from 'vitest';
import { BASE } from './base';
import { catalogSnapshot } from '../../src/catalog/snapshot';

const site = catalogSnapshot().store.base_url;
const local = (url: string) => (url.startsWith(site) ? BASE + url.slice(site.length) : url);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('sitemap', () => {
  it('every listed URL answers 200', async () => {
    const index = await fetch(`${BASE}/sitemap.xml`);
    expect(index.status).toBe(200);
    const urls: string[] = [];
    for (const sitemap of locs(await index.text())) {
      const res = await fetch(local(sitemap));
      expect(res.status, sitemap).toBe(200);
      urls.push(...locs(await res.text()));
    }
    expect(urls.length).toBeGreaterThan(1000);
    const failures: string[] = [];
    const queue = [...urls];
    await Promise.all(Array.from({ length: 8 }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const res = await fetch(local(url), { redirect: 'manual' });
        await res.arrayBuffer();
        if (res.status !== 200) failures.push(`${res.status} ${url}`);
      }
    }));
    expect(failures).toEqual([]);
    console.log(`sitemap: ${urls.length} URLs answered 200`);
  });
});
