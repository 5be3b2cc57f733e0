/** The running store under test (set by tests/e2e/run.ts). */
export const BASE = process.env.E2E_BASE_URL ?? 'http://localhost:8888';
