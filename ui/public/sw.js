// The app's service worker: it shows the board's new-order notifications (Android's
// Chrome allows them from a service worker only) and the shop's Web Push notifications
// (a customer's order news, staff's new orders), and brings the right page to the front
// when one is tapped. It caches nothing and handles no requests.
/* global self, clients */

self.addEventListener('install', () => {
  // A new version takes over at once; there is no cache that could disagree with it.
  self.skipWaiting();
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
