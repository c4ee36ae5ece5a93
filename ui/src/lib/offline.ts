import { useSyncExternalStore } from 'react';

/**
 * The storefront without a connection: the service worker `sw.js` (in `ui/public`)
 * keeps the app shell and the last public menu, and the page says when it is offline.
 */

function subscribe(change: () => void): () => void {
  addEventListener('online', change);
  addEventListener('offline', change);
  return () => {
    removeEventListener('online', change);
    removeEventListener('offline', change);
  };
}

/** Whether the browser has a connection; changes re-render the component. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Registers `sw.js` (it covers the base path) once the page has loaded and the browser
 * is idle (at most 2 s later, so a busy page on a slow phone still gets it), then hands it the addresses of what the page loaded before the worker took
 * over: the worker stores the ones it keeps (the shell, the public menu, the photos).
 */
export function registerOfflineWorker(): void {
  const worker = navigator.serviceWorker;
  if (worker === undefined) return;
  const start = () =>
    worker
      .register('sw.js')
      .then(() => worker.ready)
      .then((registration) =>
        registration.active?.postMessage({ type: 'keep', urls: performance.getEntriesByType('resource').map((entry) => entry.name) }),
      )
      .catch((error: unknown) => console.error('Registering the service worker failed', error));
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
