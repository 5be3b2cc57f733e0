// End to end against npm start (docs/storefront.md "Predictive search" and "Endpoints"): Shopify's own predictive-search client (@shopify/theme-predictive-search),
// loaded in a real browser on the store's origin, gets results from /search/suggest.json.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { BASE } from './base';

const clientScript = createRequire(import.meta.url).resolve('@shopify/theme-predictive-search/dist/theme-predictive-search.js');
let browser: Browser;
beforeAll(async () => (browser = await launchChromium()));
afterAll(async () => browser?.close());

describe('@shopify/theme-predictive-search against the store', () => {
  it.each([
    ['/search', 'pompe'],
    ['/de/search', 'Pumpe'],
    ['/sv/search', 'pump'],
  ])('search_path %s, query %s → product results', async (searchPath, query) => {
    const page = await browser.newPage();
    await page.goto(`${BASE}/`);
    await page.addScriptTag({ path: clientScript });
    const result = await page.evaluate(
      ({ searchPath, query }) =>
        new Promise<{ ok: boolean; payload: unknown }>((resolve) => {
          const PredictiveSearch = (window as any).Shopify.theme.PredictiveSearch;
          const search = new PredictiveSearch({ search_path: searchPath, resources: { type: [PredictiveSearch.TYPES.PRODUCT], limit: 4 } });
          search.on('success', (json: unknown) => resolve({ ok: true, payload: json }));
          search.on('error', (error: { name: string; message: string }) => resolve({ ok: false, payload: { name: error.name, message: error.message } }));
          search.query(query);
        }),
      { searchPath, query },
    );
    expect(result.ok, JSON.stringify(result.payload)).toBe(true);
    const products = (result.payload as any).resources.results.products as Array<{ title: string; url: string; price: string }>;
    expect(products.length).toBeGreaterThan(0);
    expect(products.length).toBeLessThanOrEqual(4);
    for (const p of products) expect(p.price).toMatch(/^\d+\.\d{2}$/);
    const prefix = searchPath.replace('/search', '');
    for (const p of products) expect(p.url.startsWith(`${prefix}/products/`)).toBe(true);
    await page.close();
  });

  it('reports the 422 of an invalid request as the client expects', async () => {
    const page = await browser.newPage();
    await page.goto(`${BASE}/`);
    await page.addScriptTag({ path: clientScript });
    const error = await page.evaluate(
      () =>
        new Promise<{ name: string; message: string }>((resolve) => {
          const PredictiveSearch = (window as any).Shopify.theme.PredictiveSearch;
          const search = new PredictiveSearch({ resources: { type: ['product'], limit: 99 } });
          search.on('success', () => resolve({ name: 'unexpected success', message: '' }));
          search.on('error', (e: { name: string; message: string }) => resolve({ name: e.name, message: e.message }));
          search.query('pompe');
        }),
    );
    expect(error.name).toBe('Invalid parameter error');
    expect(error.message).toMatch(/limit/);
    await page.close();
  });
});
