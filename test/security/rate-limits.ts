/** Test helper: forget every rate-limit window (they live in the database, not in the process context). */
import { database } from '@/db';
import { rateLimitCounters } from '@/db/schema';

export async function clearRateLimits(): Promise<void> {
  await database().db.delete(rateLimitCounters);
}
