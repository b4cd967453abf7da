/**
 * The e2e server is a production build with the sandbox on — a public demo — so it refuses the
 * well-known sk_sandbox_dev and runs on this secret-looking test key instead
 * (playwright.config.ts passes it to scripts/e2e-server.mjs as SANDBOX_API_KEYS). Every journey
 * that calls the sandbox's API or control API uses this constant.
 */
export const E2E_SANDBOX_KEY = 'sk_e2e_4f9c2a7d1b8e6053c9a1f7d2e8b4c6a0';
