'use client';

import { signOut } from 'next-auth/react';
import { useState } from 'react';

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-ghost"
      disabled={pending}
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
