/** The dashboard's service worker (public/dashboard-sw.js), scoped to /dashboard. Browser-only. */
export const DASHBOARD_WORKER_URL = '/dashboard-sw.js';

export async function registerDashboardWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(DASHBOARD_WORKER_URL, { scope: '/dashboard' });
  // ready resolves with the registration once its worker is active (pushManager.subscribe needs one).
  return navigator.serviceWorker.ready;
}
