// End to end against npm start (docs/agent-commerce.md "Transport"): the official MCP conformance suite in server mode against /api/ucp/mcp.
// Scenarios that need prompts, resources, logging, completions, sampling or the suite's own test
// tools cannot apply to a tools-only UCP server; they are listed, with the reason, in
// tests/e2e/conformance-expected-failures.yaml (the suite fails on any other failure, and on an
// expected failure that starts passing).
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ARTIFACTS } from '../helpers/browser';
import { BASE } from './base';

describe('MCP conformance suite (server mode)', () => {
  it('passes every scenario that applies to a tools-only server', () => {
    const run = spawnSync('npx', ['conformance', 'server', '--url', `${BASE}/api/ucp/mcp`, '--expected-failures', 'tests/e2e/conformance-expected-failures.yaml', '-o', join(ARTIFACTS, 'conformance')], { encoding: 'utf8', timeout: 170_000 });
    const out = `${run.stdout}\n${run.stderr}`;
    console.log(out.split('\n').filter((l) => /pass|fail|scenario|summary|total/i.test(l)).slice(-40).join('\n'));
    expect(run.status, out.slice(-3000)).toBe(0);
  }, 180_000);
});
