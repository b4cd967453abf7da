/** The review requests' loop on a Node host, and its one pass (the cron route's too), on the shop's clock. */
import 'server-only';
import { shopNow } from '@/lib/embedded-provider/clock';
import { kickOutbox } from '@/lib/email';
import { logger } from '@/lib/server/log';
import { intervalLoop } from '@/lib/server/interval-loop';
import { enqueueDueReviewRequests, type RequestPass } from './schedule';

export async function runReviewRequestsOnce(deadlineMs = 0): Promise<RequestPass> {
  const pass = await enqueueDueReviewRequests({ now: shopNow(), deadlineMs });
  if (pass.requested > 0) kickOutbox();
  return pass;
}

const loop = intervalLoop(
  'reviews.requests',
  () => runReviewRequestsOnce(5_000),
  (error) => logger().error({ err: error instanceof Error ? error.message : String(error) }, 'review requests pass failed'),
);

/** A pass every 30 seconds: a request is days late by design, a minute more is nothing. */
export function startReviewRequests(intervalMs = 30_000): void {
  loop.start(intervalMs);
}

export function stopReviewRequests(): Promise<void> {
  return loop.stop();
}
