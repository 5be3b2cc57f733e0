/**
 * axe-core in a chromium page: injects axe and returns the rules that passed and the
 * violations (id, impact, targets). A page whose CSP forbids scripts needs a browser context
 * created with `bypassCSP: true`.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Runs axe on the whole document. @returns passing rule ids and violations as readable strings */
export async function runAxe(page: Page): Promise<{ passes: string[]; violations: string[] }> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    type Rule = { id: string; impact?: string | null; nodes: Array<{ target: unknown }> };
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ passes: Rule[]; violations: Rule[] }> } }).axe;
    const r = await axe.run(document);
    return { passes: r.passes.map((p) => p.id), violations: r.violations.map((v) => `${v.id} (${v.impact}): ${JSON.stringify(v.nodes.map((n) => n.target))}`) };
  });
}
