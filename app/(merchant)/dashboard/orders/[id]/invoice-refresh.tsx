'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** While the note is in processing, the page reads itself again every 4 seconds (for 3 minutes at most). */
export function InvoiceRefresh() {
  const router = useRouter();
  useEffect(() => {
    let n = 0;
    const timer = setInterval(() => {
      if (++n > 45) return clearInterval(timer);
      router.refresh();
    }, 4000);
    return () => clearInterval(timer);
  }, [router]);
  return null;
}
