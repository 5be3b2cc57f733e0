// End-to-end tests against a running `npm start` (see tests/e2e/run.ts, `npm run test:e2e`).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    // tests/e2e/restart/ starts and kills stores of its own: run.ts runs it after the main suite.
    exclude: process.env.E2E_PHASE === 'restart' ? [] : ['tests/e2e/restart/**'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
