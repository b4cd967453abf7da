/** Test helpers: people and their sessions, for tests that read the session from the cookies (next/headers mocked). */
import { encode } from 'next-auth/jwt';
import { db } from '@/db';
import { users, type User } from '@/db/schema';
import { env } from '@/lib/config/env';

/** The cookies of a signed-in browser: next-auth's session token for `userId` (session version 0). */
export async function sessionCookiesOf(userId: number): Promise<{ name: string; value: string }[]> {
  return [{ name: 'next-auth.session-token', value: await encode({ token: { sub: String(userId), sv: 0 }, secret: env().authSecret }) }];
}

/** A person of `role` (with two-step sign-in turned on when `totp`), straight into the database; its id. */
export async function insertPerson(email: string, role: User['role'], totp = false): Promise<number> {
  const [u] = await db()
    .insert(users)
    .values({ email, name: 'Pessoa', passwordHash: 'x', role, totpEnabledAt: totp ? new Date().toISOString() : null })
    .returning();
  return u.id;
}
