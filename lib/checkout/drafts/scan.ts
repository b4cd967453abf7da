/** One pass of the saved checkouts' time-driven work, on the shop's clock: due reminders, then the 30-day deletion. */
import 'server-only';
import { shopNow } from '@/lib/embedded-provider/clock';
import { deleteOldDrafts, enqueueDueDraftReminders } from './reminders';

export async function runDraftScan(): Promise<{ written: number; deleted: number }> {
  const now = shopNow();
  const written = await enqueueDueDraftReminders(now);
  const deleted = await deleteOldDrafts(now);
  return { written, deleted };
}
