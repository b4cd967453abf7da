'use client';

import { signOut } from 'next-auth/react';
import { useState } from 'react';
import { useHydrated } from '@/app/_components/use-hydrated';

/** Signing out runs in the browser (next-auth's signOut): until the page is hydrated a tap would do nothing, so the button waits disabled. */
export function SignOutButton() {
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="btn btn-ghost"
      disabled={pending || !hydrated}
      onClick={async () => {
        setPending(true);
        try {
          await signOut({ callbackUrl: '/login' });
        } catch {
          setPending(false);
        }
      }}
    >
      Sair
    </button>
  );
}
