/**
 * Racing OS processes (tests/race/complete-racer.ts): each builds the real handler on its own
 * pool to the test file's PostgreSQL database and pays the checkouts it is given, all at once.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface RaceResult { id: string; http: number; status: string | null; codes: string[] }

/** Runs the racer script in a new OS process on `ids`; resolves with its results. */
export function completeInProcess(url: string, ids: readonly string[]): Promise<RaceResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../race/complete-racer.ts'), url, ...ids], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!).results) : reject(new Error(`racer exited with ${code}`))));
  });
}
