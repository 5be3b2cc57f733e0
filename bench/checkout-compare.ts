/**
 * `npm run bench:checkout:compare`: `npm run bench:checkout` for this tree and for the tree of
 * another git ref (BENCH_BASELINE, default HEAD~1), alternating round by round (BENCH_ROUNDS,
 * default 3; BENCH_N flows per round, default 40) so both see the same machine load. The
 * baseline is checked out into a temporary git worktree that shares this tree's node_modules
 * and content snapshot (.generated/catalog.json). Prints p50/p99 of the whole flow and p50 of
 * each step for both, and their ratio (this tree / baseline: below 1 is faster).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const REF = process.env.BENCH_BASELINE ?? 'HEAD~1';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const N = process.env.BENCH_N ?? '40';

interface Stats { p50: number; p99: number; mean: number; n: number }
interface Result { postgres: { flow: Stats; requests?: Stats; database?: Stats; steps: Record<string, Stats> } }

/** A worktree of `ref` beside this one, sharing node_modules and the content snapshot. */
function worktreeAt(ref: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-baseline-'));
  execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { cwd: ROOT, stdio: 'ignore' });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  symlinkSync(join(ROOT, '.generated'), join(dir, '.generated'));
  // The compiled message catalogues are git-ignored: the ref's own are built (refs before them have none to build).
  if (existsSync(join(dir, 'scripts/build-messages.ts'))) execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-messages.ts'], { cwd: dir, stdio: 'ignore' });
  return { dir, remove: () => execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' }) };
}

/** Runs bench/checkout.ts in `dir` and reads its result. */
function run(dir: string): Result {
  const child = spawnSync('npx', ['tsx', 'bench/checkout.ts'], { cwd: dir, env: { ...process.env, BENCH_N: N }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (child.status !== 0) throw new Error(`bench/checkout.ts failed in ${dir}`);
  return JSON.parse(readFileSync(join(dir, 'bench/.out/checkout.json'), 'utf8')) as Result;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!existsSync(join(ROOT, '.generated/catalog.json'))) throw new Error('run npm run build first (.generated/catalog.json is missing)');
const baseline = worktreeAt(REF);
const runs: Record<'tree' | 'baseline', Result[]> = { tree: [], baseline: [] };
try {
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so neither always runs on a warmer machine.
    const order = round % 2 ? (['baseline', 'tree'] as const) : (['tree', 'baseline'] as const);
    for (const which of order) runs[which].push(run(which === 'tree' ? ROOT : baseline.dir));
    console.error(`round ${round + 1}/${ROUNDS} done`);
  }
} finally {
  baseline.remove();
}

const pick = (which: 'tree' | 'baseline', get: (r: Result) => number) => median(runs[which].map(get));
const line = (label: string, get: (r: Result) => number) => {
  const a = pick('tree', get);
  const b = pick('baseline', get);
  console.log(`${label.padEnd(30)} this tree ${a.toFixed(2).padStart(8)} ms   ${REF} ${b.toFixed(2).padStart(8)} ms   ratio ${(a / b).toFixed(2)}`);
};
console.log(`\npurchase flow on PostgreSQL, median of ${ROUNDS} rounds of ${N} flows each, alternating:`);
line('whole flow p50', (r) => r.postgres.flow.p50);
line('whole flow p99', (r) => r.postgres.flow.p99);
line('store requests p50', (r) => r.postgres.requests?.p50 ?? Number.NaN);
line('  waiting on PostgreSQL p50', (r) => r.postgres.database?.p50 ?? Number.NaN);
for (const step of Object.keys(runs.tree[0].postgres.steps)) line(`  ${step} p50`, (r) => r.postgres.steps[step]?.p50 ?? Number.NaN);
