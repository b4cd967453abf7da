/** next-auth's endpoints (csrf, session, credentials callback, sign-out). Options are built per request. */
import NextAuth from 'next-auth';
import { env } from '@/lib/config/env';
import { normalizeEmail, withKnownDevice, authOptions } from '@/lib/auth';

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: Context) {
  // A successful sign-in also marks this browser as a known device of the account (known-device.ts).
  const signingIn = request.method === 'POST' && new URL(request.url).pathname.endsWith('/callback/credentials');
  const form = signingIn ? await request.clone().formData().catch(() => null) : null;
  const response: Response = await NextAuth(request as never, context as never, authOptions());
  if (!form) return response;
  const config = env();
  const email = normalizeEmail(String(form.get('email') ?? '')).slice(0, 254);
  return withKnownDevice(response, email, { secret: config.authSecret, secure: config.appUrl.startsWith('https://') });
}

export { handler as GET, handler as POST };
export const dynamic = 'force-dynamic';
