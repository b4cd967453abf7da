/**
 * `npm run merchant:reset-password`: a new password for a lost account, set on the server by
 * whoever runs the server (no e-mail needed). The same rules as every new password; every
 * session of the account ends; the activity log records it. No server-only import: it runs
 * from a command-line script.
 */
import bcrypt from 'bcryptjs';
import { eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import { activityLog, users } from '@/db/schema';
import { BCRYPT_COST } from '@/lib/config/password-cost';
import { passwordProblem } from '@/lib/auth/password-rules';

export async function setPasswordOnServer(emailInput: string, password: string): Promise<{ ok: true; email: string } | { ok: false; error: string }> {
  const email = emailInput.trim().toLowerCase();
  const problem = passwordProblem(password);
  if (problem) return { ok: false, error: problem };
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) return { ok: false, error: `Não existe conta com o e-mail ${email}.` };
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
  await db().update(users).set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, user.id));
  // Straight into the log (lib/security/activity.ts is server-only, with the app's logger).
  await db().insert(activityLog).values({ actorEmail: email, action: 'password_reset', summary: 'Senha redefinida no servidor (merchant:reset-password); todas as sessões foram encerradas', target: email });
  return { ok: true, email };
}
