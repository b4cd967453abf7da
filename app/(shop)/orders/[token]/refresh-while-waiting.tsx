'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Mounted only while the payment's artifacts are not there yet (boleto being registered,
 * charge being created): re-renders the server parts every 2 s (every 10 s after 2 minutes)
 * until they arrive, when this unmounts.
 */
export function RefreshWhileWaiting() {
  const router = useRouter();
  useEffect(() => {
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      attempts += 1;
      router.refresh();
      timer = setTimeout(tick, attempts < 60 ? 2000 : 10_000);
    };
    timer = setTimeout(tick, 2000);
    return () => clearTimeout(timer);
  }, [router]);
  return null;
}
