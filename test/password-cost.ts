/**
 * The unit tests' bcrypt cost, in place of lib/config/password-cost.ts (vitest.config.mts).
 * bcryptjs at the product's cost takes about half a second of CPU per hash, and the sign-in,
 * two-step and password tests hash and compare hundreds of times. What they test holds at any
 * cost: one cost for every hash, the dummy hash's equal to a real one's. The product's cost is
 * held by lib/config/password-cost.test.ts.
 */
export const BCRYPT_COST = 4;
