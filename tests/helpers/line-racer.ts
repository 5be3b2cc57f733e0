/**
 * A racing OS process that answers one JSON line per round (tests/race/*-racer.ts): it prints
 * `ready` once it has built its own handler and pool, then, for each JSON line written to it,
 * one JSON line of results. The lock-out proofs run several at once against one PostgreSQL server.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export interface LineRacer<R> {
  /** Resolves once the process printed `ready`; rejects if it printed anything else. */
  ready: Promise<void>;
  /** Sends one round and resolves with the process's answer line, parsed. */
  round: (round: object) => Promise<R>;
  child: ChildProcessByStdio<Writable, Readable, null>;
}

/**
 * Starts `tests/race/<script>` with `args`.
 * @throws (from `round`) when the process exited
 */
export function lineRacer<R>(script: string, args: readonly string[]): LineRacer<R> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'race', script), ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`the racer ${script} exited`);
    return value as string;
  };
  return {
    child,
    ready: next().then((line) => {
      if (line !== 'ready') throw new Error(`the racer ${script} said "${line}" instead of ready`);
    }),
    round: async (round) => {
      child.stdin.write(`${JSON.stringify(round)}\n`);
      return JSON.parse(await next()) as R;
    },
  };
}
