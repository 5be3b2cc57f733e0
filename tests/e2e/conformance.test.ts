// End to end against npm start (docs/agent-commerce.md "Transport"): the official MCP conformance suite in server mode against /api/ucp/mcp,
// once for each MCP revision the installed suite has server scenarios for (it says which:
// `conformance list --server`), so a suite that learns a revision runs it here without an edit.
// Scenarios that need prompts, resources, logging, completions, sampling or the suite's own test
// tools cannot apply to a tools-only UCP server; they are listed, with the reason, in
// tests/e2e/conformance-expected-failures.yaml (each run fails on any other failure, and on an
// expected failure that starts passing among the scenarios it ran).
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ARTIFACTS } from '../helpers/browser';
import { BASE } from './base';

/** The dated MCP revisions of the suite's server scenarios, e.g. ["2025-06-18", "2025-11-25"]. */
function suiteRevisions(): string[] {
  const list = spawnSync('npx', ['conformance', 'list', '--server'], { encoding: 'utf8', timeout: 60_000 }).stdout;
  const tags = [...list.matchAll(/\[([^\]]+)\]/g)].flatMap((m) => m[1].split(','));
  return [...new Set(tags.filter((t) => /^\d{4}-\d{2}-\d{2}$/.test(t)))].sort();
}

const revisions = suiteRevisions();

describe('MCP conformance suite (server mode), per MCP revision', () => {
  it('the suite names at least the revision 2025-11-25', () => {
    expect(revisions).toContain('2025-11-25');
  });

  it.each(revisions)('MCP %s: passes every scenario that applies to a tools-only server', (revision) => {
    const run = spawnSync('npx', [
      'conformance', 'server', '--url', `${BASE}/api/ucp/mcp`, '--spec-version', revision,
      '--expected-failures', 'tests/e2e/conformance-expected-failures.yaml', '-o', join(ARTIFACTS, `conformance-${revision}`),
    ], { encoding: 'utf8', timeout: 290_000 });
    const out = `${run.stdout}\n${run.stderr}`;
    console.log(`MCP ${revision}\n${out.split('\n').filter((l) => /pass|fail|scenario|summary|total/i.test(l)).slice(-40).join('\n')}`);
    expect(run.status, out.slice(-3000)).toBe(0);
  }, 300_000);
});
