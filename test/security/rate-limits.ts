/** Test helpers: forget every rate-limit window (they live in the database, not in the process context). */
import { beforeAll, beforeEach } from 'vitest';
import { database, ensureMigrated } from '@/db';
import { rateLimitCounters } from '@/db/schema';
import { startProcessContext } from '@/lib/process/context';

export async function clearRateLimits(): Promise<void> {
  await database().db.delete(rateLimitCounters);
}

/**
 * Registers the hooks of an account test file (sign-in, reset links, two-step): the database
 * migrated once; before each test, a new process context (env() read afresh) and no rate-limit
 * counts. The file's own hooks registered after this run after these.
 */
export function withCleanLimits(): void {
  beforeAll(async () => {
    startProcessContext();
    await ensureMigrated();
  });
  beforeEach(async () => {
    startProcessContext();
    await clearRateLimits();
  });
}
