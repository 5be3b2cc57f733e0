/** The running store under test (set by tests/e2e/run.ts). */
export const BASE = process.env.E2E_BASE_URL ?? 'http://localhost:8888';
/** The mail catcher of the store under test (maildev's web and API). */
export const MAIL_WEB = process.env.E2E_MAIL_URL ?? 'http://127.0.0.1:1080';
