/**
 * The key every sandbox accepts outside a public demo, so a fresh clone works with no
 * configuration. Its own entry point (`@balcao/payment-sandbox/dev-key`): a client's
 * configuration may name it without loading the sandbox.
 */
export const SANDBOX_DEV_KEY = 'sk_sandbox_dev';
