'use client';

import Link from 'next/link';
import { reorderAction } from '../../cart/actions';

/** "Pagar novamente" (the payment link the order came from) or "Comprar novamente" (the same items in the cart). */
export function ReorderButton({ token, primary = false, linkCode = null }: { token: string; primary?: boolean; linkCode?: string | null }) {
  if (linkCode) {
    return (
      <Link href={`/pagar/${linkCode}`} className={primary ? 'btn' : 'btn btn-secondary'}>
        Pagar novamente
      </Link>
    );
  }
  return (
    <form action={reorderAction}>
      <input type="hidden" name="token" value={token} />
      <button type="submit" className={primary ? 'btn' : 'btn btn-secondary'}>
        Comprar novamente
      </button>
    </form>
  );
}
