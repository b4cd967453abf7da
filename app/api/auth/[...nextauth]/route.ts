/** next-auth's endpoints (csrf, session, credentials callback, sign-out). Options are built per request. */
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';

type Context = { params: Promise<{ nextauth: string[] }> };

function handler(request: Request, context: Context) {
  return NextAuth(request as never, context as never, authOptions());
}

export { handler as GET, handler as POST };
export const dynamic = 'force-dynamic';
