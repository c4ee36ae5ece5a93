// The admin's service worker: it only shows the new-order notifications (Android's
// Chrome allows them from a service worker only) and brings the orders board to the
// front when one is tapped. It caches nothing and handles no requests.
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
      const board =
        windows.find((client) => client.url === target) ??
        windows.find((client) => client.url.startsWith(new URL('admin', scope).href));
      if (board) return board.focus();
      return clients.openWindow(target);
    }),
  );
});
