// The app's service worker. It keeps the storefront readable without a connection: the
// app shell (index.html and the hashed assets) and the last public menu reads, so a
// customer offline still sees the menu (the page then says ordering needs a
// connection). It also shows the board's new-order notifications (Android's Chrome
// allows them from a service worker only) and the shop's Web Push notifications (a
// customer's order news, staff's new orders), and brings the right page to the front
// when one is tapped.
//
// What it stores, nothing else: GET answers (200, same origin, not redirected) without
// an Authorization header, for
//   - pages of the storefront (stored once, as the scope's index.html; admin pages never),
//     network first, the stored page when offline;
//   - files under the scope: `assets/` (hashed, never change) cache first, the rest
//     (icons, manifest) network first;
//   - the public menu reads /products/, /categories/, /stores/{id}, /banners/,
//     /allergies/ and the photos under /images/: network first, the stored answer when
//     the network fails.
// Logins, accounts, orders, payments, the admin API and the sockets are never touched.
/* global self, clients, caches */

// A new version of the caching rules gets a new name; `activate` deletes the others.
const VERSION = 'v1';
const SHELL = `heimservice-shell-${VERSION}`;
const MENU = `heimservice-menu-${VERSION}`;
const IMAGES = `heimservice-images-${VERSION}`;
/** Entries kept per cache, oldest dropped first: old builds' assets and old photos go. */
const LIMITS = { [SHELL]: 150, [MENU]: 40, [IMAGES]: 120 };
const MENU_READ = /^\/(products|categories|banners|allergies)\/$|^\/stores\/\d+$/;

const scopeUrl = () => new URL(self.registration.scope);

/** Which cache an answer to this GET belongs in and how it is read, or null: not ours. */
function route(request) {
  if (request.method !== 'GET') return null;
  // A signed-in customer's menu reads carry the token: never stored, but offline they
  // get the public menu stored from an anonymous read.
  const signedIn = request.headers.has('authorization');
  const url = new URL(request.url);
  const scope = scopeUrl();
  if (url.origin !== scope.origin) return null;
  const path = url.pathname;
  if (MENU_READ.test(path)) return { cache: MENU, store: !signedIn };
  if (path.startsWith('/images/')) return { cache: IMAGES, store: !signedIn };
  if (signedIn) return null;
  if (path.startsWith(scope.pathname)) {
    const inside = path.slice(scope.pathname.length);
    if (inside === 'admin' || inside.startsWith('admin/')) return request.mode === 'navigate' ? { page: true } : null;
    if (request.mode === 'navigate' || inside === '' || inside === 'index.html') return { cache: SHELL, page: true, store: true };
    if (inside.startsWith('assets/')) return { cache: SHELL, cacheFirst: true, store: true };
    if (inside === 'sw.js' || inside.includes('/')) return null;
    return { cache: SHELL, store: true };
  }
  return null;
}

/** Where an answer is stored: every storefront page under the scope's own URL. */
function keyOf(request, how) {
  return how.page ? scopeUrl().href : request.url;
}

async function store(how, key, response) {
  if (!how.store || !response.ok || response.type !== 'basic' || response.redirected) return;
  const cache = await caches.open(how.cache);
  await cache.put(key, response);
  const keys = await cache.keys();
  const excess = keys.length - LIMITS[how.cache];
  for (const old of keys.slice(0, Math.max(0, excess))) await cache.delete(old);
}

async function stored(how, key) {
  return caches.match(key, { ignoreVary: true, cacheName: how.cache });
}

async function answer(event, how) {
  const { request } = event;
  const key = keyOf(request, how);
  if (how.cacheFirst) {
    const hit = await stored(how, key);
    if (hit) return hit;
  }
  try {
    const response = await fetch(request);
    if (how.store) event.waitUntil(store(how, key, response.clone()).catch(() => {}));
    return response;
  } catch (error) {
    // Offline (or the server is unreachable): the last stored answer, if any.
    const hit = how.cache ? await stored(how, key) : await caches.match(scopeUrl().href, { cacheName: SHELL });
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const how = route(event.request);
  if (how) event.respondWith(answer(event, how));
});

/**
 * A page asks to keep what it loaded before this worker controlled it (its first visit):
 * `{ type: 'keep', urls }`. Only what `route` would store is fetched again and stored.
 * The page is claimed too: one that started loading while this worker was still
 * activating missed the claim of `activate` and would stay uncontrolled until its next
 * load.
 */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return;
  const urls = [scopeUrl().href, ...data.urls.filter((url) => typeof url === 'string')];
  event.waitUntil(
    Promise.all([
      self.clients.claim(),
      ...[...new Set(urls)].map(async (url) => {
        const request = new Request(url);
        const how = route(request);
        if (!how || !how.store) return;
        try {
          await store(how, keyOf(request, how), await fetch(request));
        } catch {
          // Offline meanwhile: kept on a later visit.
        }
      }),
    ]),
  );
});

self.addEventListener('install', () => {
  // A new version takes over at once: its rules decide what the caches hold.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  const current = new Set([SHELL, MENU, IMAGES]);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('heimservice-') && !current.has(name)).map((name) => caches.delete(name))))
      // The page that registered the worker is served by it from now on, not from its next load.
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const scope = self.registration.scope;
  const wanted = event.notification.data && typeof event.notification.data.url === 'string' ? event.notification.data.url : '';
  // Only a page of this app is opened, whatever the notification carries.
  const target = wanted.startsWith(scope) ? wanted : new URL('admin/home', scope).href;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const admin = new URL('admin', scope).href;
      const open =
        windows.find((client) => client.url === target) ??
        (target.startsWith(admin) ? windows.find((client) => client.url.startsWith(admin)) : undefined);
      if (open) return open.focus();
      return clients.openWindow(target);
    }),
  );
});

// A Web Push notification from the shop (`src/shop/push`): { title, body, url, tag }, the
// url relative to this worker's scope (the order's status page, or the board). One tag
// per order, so a newer notification replaces the older one.
self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = typeof message.title === 'string' && message.title !== '' ? message.title : self.registration.scope;
  const url = typeof message.url === 'string' ? new URL(message.url, self.registration.scope).href : self.registration.scope;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      renotify: typeof message.tag === 'string',
      data: { url },
    }),
  );
});
