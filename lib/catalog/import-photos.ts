/**
 * The photos an import names by URL, fetched after its products are saved: each URL through
 * the SSRF guard of every outgoing webhook (@balcao/server-kit/webhook-target: no private,
 * loopback or metadata address unless WEBHOOK_ALLOWED_ORIGINS or the app's own origin allows
 * it; re-checked at connect time and at each redirect), then the pipeline of an upload
 * (uploadProductPhoto: content checked, re-encoded, stored). The queue and the counts live on
 * the import's row, so the page shows the progress, and a pass holds a lease so two processes
 * never fetch the same queue; a pass that died is taken over when its lease runs out.
 */
import 'server-only';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { checkWebhookTarget, guardedGet, type TargetPolicy } from '@balcao/server-kit/webhook-target';
import { database } from '@/db';
import { run } from '@/db/driver';
import { productImports } from '@/db/schema';
import { env } from '@/lib/config/env';
import { logger } from '@/lib/server/log';
import { MAX_PHOTO_BYTES } from './photo-processing';
import { uploadProductPhoto } from './photo-upload';

const LEASE_MS = 60_000;
const TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

export type PhotoQueue = { productId: number; urls: string[] }[];
export type PhotoProgress = { total: number; done: number; failed: number; finished: boolean };
export type PhotoDeps = { policy?: TargetPolicy; fetchPhoto?: (url: string) => Promise<Uint8Array | null> };

function policyOf(deps: PhotoDeps): TargetPolicy {
  if (deps.policy) return deps.policy;
  const e = env();
  return { allowedOrigins: [new URL(e.appUrl).origin, ...e.webhookTargets.allowedOrigins], allowLoopback: e.webhookTargets.allowLoopback };
}

/** The photo's bytes, or null when the address is refused, unreachable, not 2xx or too large. */
export async function fetchPhoto(url: string, policy: TargetPolicy): Promise<Uint8Array | null> {
  let target = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const verdict = await checkWebhookTarget(target, policy);
    if (!verdict.ok) {
      logger().info({ reason: verdict.reason }, 'import photo address refused');
      return null;
    }
    try {
      const res = await guardedGet(target, policy, { maxBytes: MAX_PHOTO_BYTES, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (res.bytes) return res.bytes;
      if (res.status >= 300 && res.status < 400 && res.location) {
        target = res.location;
        continue;
      }
      return null;
    } catch (e) {
      logger().info({ reason: (e as Error).message.slice(0, 200) }, 'import photo not fetched');
      return null;
    }
  }
  return null;
}

export function progressOf(row: { photosTotal: number; photosDone: number; photosFailed: number; photoQueue: string }): PhotoProgress {
  return { total: row.photosTotal, done: row.photosDone, failed: row.photosFailed, finished: row.photoQueue === '[]' };
}

/** Fetches the import's queued photos one by one, counting each. Returns at once when another pass holds the queue. */
export async function runImportPhotos(importId: string, deps: PhotoDeps = {}): Promise<void> {
  const { db } = database();
  const now = new Date();
  const claimed = await database().transaction(function* (tx) {
    return yield* run(
      tx
        .update(productImports)
        .set({ photoLeaseUntil: new Date(now.getTime() + LEASE_MS).toISOString() })
        .where(and(eq(productImports.id, importId), or(isNull(productImports.photoLeaseUntil), lt(productImports.photoLeaseUntil, now.toISOString())))),
    );
  });
  if (claimed !== 1) return;
  const policy = policyOf(deps);
  const get = deps.fetchPhoto ?? ((url: string) => fetchPhoto(url, policy));
  try {
    for (;;) {
      const [row] = await db.select({ queue: productImports.photoQueue }).from(productImports).where(eq(productImports.id, importId));
      const queue = JSON.parse(row?.queue ?? '[]') as PhotoQueue;
      const head = queue[0];
      if (!head) break;
      const url = head.urls[0];
      let ok = false;
      if (url) {
        const bytes = await get(url);
        if (bytes) {
          const stored = await uploadProductPhoto(head.productId, bytes);
          ok = stored.ok;
          if (!stored.ok) logger().info({ productId: head.productId, error: stored.error }, 'import photo refused');
        }
      }
      const rest: PhotoQueue = head.urls.length > 1 ? [{ productId: head.productId, urls: head.urls.slice(1) }, ...queue.slice(1)] : queue.slice(1);
      await db
        .update(productImports)
        .set({
          photoQueue: JSON.stringify(rest),
          ...(url ? (ok ? { photosDone: sql`${productImports.photosDone} + 1` } : { photosFailed: sql`${productImports.photosFailed} + 1` }) : {}),
          photoLeaseUntil: new Date(Date.now() + LEASE_MS).toISOString(),
        })
        .where(eq(productImports.id, importId));
    }
  } finally {
    await db.update(productImports).set({ photoLeaseUntil: null }).where(eq(productImports.id, importId));
  }
}
