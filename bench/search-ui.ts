/**
 * `npm run bench:search-ui`: the header's search box in chromium (Debian's, driven by
 * playwright-core), typing queries letter by letter in several locales. For every keystroke that
 * reaches the server it prints:
 * - the response time of `/search/suggest.json` as the browser saw it (request sent → last byte,
 *   PerformanceResourceTiming), i.e. the function's handler plus the local HTTP hop;
 * - the script's own work, from the parsed response to the options in the DOM
 *   (`predictive-search:build`);
 * - the time from the parsed response to the painted suggestions (the script's
 *   `predictive-search:render` measure: a performance mark on the response, another after the
 *   next frame is drawn, via requestAnimationFrame). Goal: under one frame, 16 ms. It includes
 *   the wait for the next frame (0–16.7 ms at 60 Hz), style, layout and paint.
 * The site is served as tests/helpers/site-server.ts does (dist/ + the function's handler
 * in-process); BENCH_URL=http://localhost:8888 measures `npm start` (the Netlify CLI) instead,
 * where every function call costs ~0.5 s by itself (docs: ../shared/docs/platform.md).
 * The typing pauses longer than the script's debounce, so each keystroke makes one request.
 * Benchmarks print figures; they are not tests.
 */
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/helpers/browser';
import { serveSite } from '../tests/helpers/site-server';
import { percentile } from './search-workload';

const QUERIES: Array<[prefix: string, q: string]> = [
  ['', 'pompe immergée'],
  ['/de', 'Trommelfilter'],
  ['/cs', 'keramzit'],
  ['/en', 'greenhouse kit'],
  ['/ru', 'теплица'],
];
const FRAME_MS = 16;

interface Keystroke { locale: string; typed: string; response: number; build: number; render: number }

/** Types `q` one letter at a time; after each letter waits for the painted suggestions of that text. */
async function typeQuery(page: Page, locale: string, q: string): Promise<Keystroke[]> {
  const out: Keystroke[] = [];
  const field = page.locator('#search-q');
  for (let i = 1; i <= q.length; i++) {
    const typed = q.slice(0, i);
    if (!typed.trim() || typed.endsWith(' ')) {
      await field.press(q[i - 1] === ' ' ? 'Space' : q[i - 1]);
      continue; // the script asks nothing new for a trailing space
    }
    const before = await page.evaluate(() => performance.getEntriesByName('predictive-search:render').length);
    await field.pressSequentially(q[i - 1]);
    await page.waitForFunction((n) => performance.getEntriesByName('predictive-search:render').length > n, before, { timeout: 30_000 });
    const figures = await page.evaluate((text) => {
      const request = performance.getEntriesByType('resource').filter((e) => e.name.includes('/search/suggest.json') && new URL(e.name).searchParams.get('q') === text).at(-1) as PerformanceResourceTiming;
      const render = performance.getEntriesByName('predictive-search:render').at(-1)!;
      const build = performance.getEntriesByName('predictive-search:build').at(-1)!;
      return { response: request.responseEnd - request.requestStart, build: build.duration, render: render.duration };
    }, typed.trim());
    out.push({ locale, typed, ...figures });
  }
  return out;
}

/**
 * The same measure with nothing to draw: a mark, then requestAnimationFrame and a message, at
 * random moments between frames. It is the wait for the next frame that any change pays.
 */
async function idleFrames(page: Page, runs = 30): Promise<number[]> {
  return page.evaluate(async (n) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
      const start = performance.now();
      await new Promise<void>((resolve) => requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(0);
      }));
      out.push(performance.now() - start);
    }
    return out;
  }, runs);
}

const local = process.env.BENCH_URL ? undefined : await serveSite();
const origin = process.env.BENCH_URL ?? local!.origin;
const browser = await launchChromium();
const rows: Keystroke[] = [];
const idle: number[] = [];
try {
  for (const [prefix, q] of QUERIES) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}${prefix}/`);
    await page.locator('#search-q').focus();
    rows.push(...(await typeQuery(page, prefix.slice(1) || 'fr', q)));
    idle.push(...(await idleFrames(page)));
    await context.close();
  }
} finally {
  await browser.close();
  await local?.close();
}

const ms = (n: number) => n.toFixed(1).padStart(7);
console.log(`search box in chromium against ${process.env.BENCH_URL ?? 'dist/ + the function handler in-process'}`);
console.log('locale  typed                 response (ms)  script: response → options in DOM (ms)  response → painted (ms)');
for (const r of rows) console.log(`${r.locale.padEnd(7)} ${JSON.stringify(r.typed).padEnd(22)} ${ms(r.response)}        ${ms(r.build)}                                  ${ms(r.render)}`);
const summary = (name: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${name}: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
};
console.log(`${rows.length} keystrokes`);
console.log(summary('response', rows.map((r) => r.response)));
console.log(summary('script: response → options in DOM', rows.map((r) => r.build)));
console.log(summary('response → painted', rows.map((r) => r.render)));
console.log(summary('same measure with nothing to draw (wait for the next frame)', idle));
const within = rows.filter((r) => r.render < FRAME_MS).length;
console.log(`painted within one frame (< ${FRAME_MS} ms): ${within} of ${rows.length}`);
