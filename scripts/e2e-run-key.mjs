import { createHash } from 'node:crypto';

/**
 * A journeys run's key, from its random owner password (playwright.config.ts): it names the run's
 * seeded shop (scripts/e2e-server.mjs) and its passed accessibility scans (e2e/axe.ts), so the
 * next run can tell its own folders from older ones.
 */
export function e2eRunKey(ownerPassword) {
  return createHash('sha256').update(ownerPassword).digest('hex').slice(0, 12);
}
