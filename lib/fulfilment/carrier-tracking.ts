/**
 * The tracking pass: reads Melhor Envio's tracking of the shipped orders whose label the shop
 * bought (least recently read first), and moves a parcel the carrier says "delivered" to
 * "Entregue" through the same move as the merchant's button (lib/fulfilment/apply-move.ts):
 * a compare-and-set with one event and one e-mail, so two passes at once (the loop and the
 * cron route, two processes) deliver an order exactly once.
 *
 * It runs on the reconciliation's interval (lib/jobs/jobs.ts) and in the cron route, within its
 * share of the time box. The sandbox's parcels move on the sandbox's clock (lib/shipping/carrier.ts).
 */
import 'server-only';
import { inArray } from 'drizzle-orm';
import { db } from '@/db';
import { orders } from '@/db/schema';
import { env } from '@/lib/config/env';
import { logger } from '@/lib/server/log';
import { intervalLoop } from '@/lib/server/interval-loop';
import { carrierClient, connectionOf, getCarrierSettings, LABEL_TIMEOUT_MS, type MelhorEnvio } from '@/lib/shipping';
import { applyFulfilmentMove } from './apply-move';
import { shippedWithLabel } from './labels';

/** Who moved the order, as the timeline and "por …" show it. */
export const TRACKING_ACTOR = 'Melhor Envio (rastreio)';
/** Labels per tracking call (the endpoint takes a list). */
const BATCH = 50;
/** Labels read per pass at most. */
const PER_PASS = 500;

export type TrackingPass = { checked: number; delivered: number; left: number };

export async function readCarrierTracking(o: { deadlineMs?: number; client?: MelhorEnvio } = {}): Promise<TrackingPass> {
  const started = Date.now();
  const connection = connectionOf(await getCarrierSettings());
  if (!connection && !o.client) return { checked: 0, delivered: 0, left: 0 };
  const client = o.client ?? carrierClient(connection!, LABEL_TIMEOUT_MS);
  const due = await shippedWithLabel(PER_PASS);
  const out: TrackingPass = { checked: 0, delivered: 0, left: 0 };
  for (let i = 0; i < due.length; i += BATCH) {
    if (o.deadlineMs !== undefined && Date.now() - started >= o.deadlineMs) {
      out.left = due.length - i;
      break;
    }
    const rows = due.slice(i, i + BATCH);
    const byLabel = new Map(rows.map((r) => [r.labelId!, r.id]));
    const seen = await client.tracking([...byLabel.keys()]);
    await db()
      .update(orders)
      .set({ labelCheckedAt: new Date().toISOString() })
      .where(inArray(orders.id, rows.map((r) => r.id)));
    out.checked += rows.length;
    for (const [labelId, t] of Object.entries(seen)) {
      const orderId = byLabel.get(labelId);
      if (!orderId || t.status !== 'delivered') continue;
      const moved = await applyFulfilmentMove(orderId, { move: 'deliver' }, TRACKING_ACTOR);
      if (moved.ok) out.delivered++;
    }
  }
  return out;
}

const loop = intervalLoop(
  'fulfilment.carrier-tracking',
  async () => {
    const r = await readCarrierTracking();
    if (r.delivered > 0) logger().info(r, 'carrier tracking: orders delivered');
  },
  (error) => logger().error({ err: String(error) }, 'carrier tracking pass failed'),
);

/** The loop of a Node host: every RECONCILE_INTERVAL_SECONDS, as the payments' reconciliation. */
export function startTrackingLoop(): void {
  const seconds = env().reconcileIntervalSeconds;
  if (seconds) loop.start(seconds * 1000);
}

export function stopTrackingLoop(): Promise<void> {
  return loop.stop();
}
