'use client';

import { useEffect } from 'react';
import { registerDashboardWorker } from './pwa-register';

/** Registers the dashboard's service worker once a page is shown: the shell offline, the pushes shown. */
export function PwaWorker() {
  useEffect(() => {
    if ('serviceWorker' in navigator) registerDashboardWorker().catch(() => undefined);
  }, []);
  return null;
}
