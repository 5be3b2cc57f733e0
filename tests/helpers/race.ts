/**
 * Racing OS processes (tests/race/complete-racer.ts): each builds the real handler on its own
 * pool to the test file's PostgreSQL database and pays the checkouts it is given, all at once.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * What one racer's complete_checkout answered: HTTP status, checkout status, its messages' codes
 * and contents, the codes of the discounts applied, and the total (cents; null without totals).
 */
export interface RaceResult { id: string; http: number; status: string | null; codes: string[]; contents: string[]; applied: string[]; total: number | null }

/**
 * Runs the racer script in a new OS process on `ids`; resolves with its results.
 * @param options.discounts a JSON file of offers the racer adds to the catalog's (RACER_DISCOUNTS)
 */
export function completeInProcess(url: string, ids: readonly string[], options: { discounts?: string } = {}): Promise<RaceResult[]> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...(options.discounts ? { RACER_DISCOUNTS: options.discounts } : {}) };
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../race/complete-racer.ts'), url, ...ids], { stdio: ['ignore', 'pipe', 'inherit'], env });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!).results) : reject(new Error(`racer exited with ${code}`))));
  });
}
