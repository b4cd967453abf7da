/**
 * next-auth v4 configuration, built on each use from env() — never at import or build time.
 * JWT sessions (no database sessions), the credentials provider, our own /login page.
 * Cookies are next-auth's defaults: httpOnly, SameSite=Lax, path /, and `Secure` with the
 * `__Secure-` prefix when APP_URL is https (useSecureCookies).
 */
import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { env } from '@/lib/config/env';
import { logger } from '@/lib/server/log';
import { findMerchantById } from './credentials';
import { authorizeLogin } from './login';
import { can } from './permissions';
import { newSessionId, revokeAllSessions, revokeSession, SESSION_ID_CLAIM, SESSION_VERSION_CLAIM, sessionIdOf } from './session-version';

/** A working day and then some; the merchant signs in again after that. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

export function authOptions(): NextAuthOptions {
  const config = env();
  // next-auth v4 reads its origin (redirects, callback URLs) from NEXTAUTH_URL at request time.
  process.env.NEXTAUTH_URL = config.appUrl;
  return {
    secret: config.authSecret,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
    useSecureCookies: config.appUrl.startsWith('https://'),
    pages: { signIn: '/login', error: '/login', signOut: '/login' },
    providers: [
      CredentialsProvider({
        id: 'credentials',
        name: 'E-mail e senha',
        credentials: {
          email: { label: 'E-mail', type: 'email' },
          password: { label: 'Senha', type: 'password' },
          code: { label: 'Código de verificação', type: 'text' },
        },
        async authorize(credentials, req) {
          const merchant = await authorizeLogin(credentials, req?.headers);
          return merchant ? { id: String(merchant.id), email: merchant.email, name: merchant.name, sessionVersion: merchant.sessionVersion } : null;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.sub = String(user.id);
          token.email = user.email;
          token.name = user.name;
          // The version this session is issued at: a later sign-out anywhere ends it (session-version.ts).
          token[SESSION_VERSION_CLAIM] = (user as { sessionVersion?: number }).sessionVersion ?? 0;
          // This session's own id: "Sair" here ends it and no other (session-version.ts).
          token[SESSION_ID_CLAIM] = newSessionId();
        }
        return token;
      },
      async session({ session, token }) {
        session.user = { id: token.sub ?? '', email: token.email ?? '', name: token.name ?? '' };
        return session;
      },
      /** Only this site's own paths; anything else goes to the dashboard. */
      async redirect({ url, baseUrl }) {
        if (url.startsWith('/') && !url.startsWith('//')) return `${baseUrl}${url}`;
        try {
          if (new URL(url).origin === new URL(baseUrl).origin) return url;
        } catch {
          /* not a URL */
        }
        return `${baseUrl}/dashboard`;
      },
    },
    events: {
      /**
       * "Sair": clearing this browser's cookie is not enough — a copy of it must stop working too.
       * Only this session ends: the same person's other devices stay signed in ("Sair de todos
       * os dispositivos" ends those).
       */
      async signOut({ token }) {
        const sessionId = sessionIdOf(token);
        if (sessionId) {
          const exp = typeof token?.exp === 'number' ? token.exp * 1000 : Date.now() + SESSION_MAX_AGE_SECONDS * 1000;
          await revokeSession(sessionId, exp);
          return;
        }
        // A cookie from before sessions had ids can only be ended with all of them; never for a
        // shared demonstration login, whose visitors must not sign one another out.
        const id = Number(token?.sub);
        if (!Number.isSafeInteger(id) || id <= 0) return;
        const merchant = await findMerchantById(id);
        if (merchant && !can(merchant.role, 'account:edit')) return;
        await revokeAllSessions(id);
      },
    },
    logger: {
      error(code, metadata) {
        logger().error({ code, err: metadata instanceof Error ? metadata : undefined }, 'next-auth error');
      },
      warn(code) {
        logger().warn({ code }, 'next-auth warning');
      },
      debug() {},
    },
  };
}
