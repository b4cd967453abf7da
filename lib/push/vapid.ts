/**
 * The VAPID pair (RFC 8292) that signs every push: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set,
 * else a pair generated once and kept in push_settings with the private key sealed under
 * AUTH_SECRET. Two processes generating at once keep one pair (insert-or-nothing, then read back):
 * a browser subscribed with a public key must be pushed with its own private key for ever.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { database, db } from '@/db';
import { run } from '@/db/driver';
import { pushSettings } from '@/db/schema';
import { env } from '@/lib/config/env';
import { processSingleton } from '@/lib/process/context';
import { seal, unseal } from '@/lib/security';

const SEAL_PURPOSE = 'vapid-private-key';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const cached = processSingleton<{ keys: VapidKeys | null }>('push.vapid', () => ({ keys: null }));

export async function vapidKeys(): Promise<VapidKeys> {
  const slot = cached();
  if (slot.keys) return slot.keys;
  const e = env();
  const pair = e.vapid ?? (await storedPair());
  slot.keys = { ...pair, subject: e.vapidSubject };
  return slot.keys;
}

async function storedPair(): Promise<{ publicKey: string; privateKey: string }> {
  const secret = env().authSecret;
  let [row] = await db().select().from(pushSettings).where(eq(pushSettings.id, 1));
  if (!row) {
    const fresh = webpush.generateVAPIDKeys();
    await database().transaction(function* (tx) {
      yield* run(
        tx
          .insert(pushSettings)
          .values({ id: 1, vapidPublicKey: fresh.publicKey, vapidPrivateKeySealed: seal(fresh.privateKey, secret, SEAL_PURPOSE) })
          .onConflictDoNothing(),
      );
    });
    [row] = await db().select().from(pushSettings).where(eq(pushSettings.id, 1));
  }
  const privateKey = row ? unseal(row.vapidPrivateKeySealed, secret, SEAL_PURPOSE) : null;
  if (!row || !privateKey) throw new Error('push_settings: the VAPID private key cannot be unsealed with this AUTH_SECRET');
  return { publicKey: row.vapidPublicKey, privateKey };
}
