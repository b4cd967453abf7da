/*
 * The dashboard's service worker (scope /dashboard, registered by app/(merchant)/dashboard/pwa-register.ts).
 *
 * It keeps the SHELL only: the build's hashed static files (/_next/static/…), the app icons and
 * one offline page. Never a page of the dashboard nor an API answer: those carry orders and
 * buyers, which must not outlive a sign-out on a shared phone. Pages always come from the
 * network; without one, the offline page says so.
 *
 * Pushes (lib/push): the payload is {title, body, url, tag}; a tap opens that order in the
 * dashboard's window if one is open, else a new one.
 */
const SHELL = 'balcao-shell-v1';
const OFFLINE_URL = '/dashboard-offline.html';
const PRECACHE = [OFFLINE_URL, '/dashboard-icon/192'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/_next/static/')) {
    // Hashed file names: a cached copy is always the right one.
    event.respondWith(
      caches.open(SHELL).then(async (cache) => {
        const cached = await cache.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) cache.put(request, response.clone());
        return response;
      }),
    );
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL)));
  }
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : 'Balcão' };
  }
  const title = data.title || 'Balcão';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag,
      icon: '/dashboard-icon/192',
      badge: '/dashboard-icon/192',
      lang: 'pt-BR',
      data: { url: typeof data.url === 'string' && data.url.startsWith('/dashboard') ? data.url : '/dashboard' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/dashboard', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname.startsWith('/dashboard'));
      if (open) return open.navigate(target).then((w) => (w || open).focus());
      return self.clients.openWindow(target);
    }),
  );
});
