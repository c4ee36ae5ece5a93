import { useMemo, useSyncExternalStore } from 'react';
import { getRuntimeConfig } from './runtime-config';
import { todayIn } from './store-time';
import { connectStoreStatus, statusUrl, type LiveStatusEvent, type SocketLike, type StatusMessage } from './status-socket';

/** The latest live status: a message with when it arrived, 'failed', or null before the first one. */
export type LiveStatus = { message: StatusMessage; receivedAt: number } | 'failed' | null;

/** One status connection per URL, shared by everything on the page that shows the status. */
interface SharedConnection {
  latest: LiveStatus;
  listeners: Set<() => void>;
  stop: () => void;
}

const connections = new Map<string, SharedConnection>();

const monotonicNow = () => performance.now();

function connection(url: string, createSocket: ((url: string) => SocketLike) | undefined): SharedConnection {
  const existing = connections.get(url);
  if (existing) return existing;
  const shared: SharedConnection = { latest: null, listeners: new Set(), stop: () => {} };
  connections.set(url, shared);
  shared.stop = connectStoreStatus({
    url,
    createSocket,
    now: monotonicNow,
    onEvent: (event: LiveStatusEvent) => {
      shared.latest = event.kind === 'failed' ? 'failed' : { message: event.message, receivedAt: event.receivedAt };
      shared.listeners.forEach((listener) => listener());
    },
  });
  return shared;
}

/**
 * The store's live status (`/ws/store/{id}/status`). Every caller shares one
 * connection, open while anyone listens (`enabled` false: this caller does not listen
 * and gets null); `receivedAt` is performance.now().
 */
export function useLiveStatus(createSocket?: (url: string) => SocketLike, enabled = true): LiveStatus {
  const url = statusUrl(getRuntimeConfig().storeId);
  const [subscribe, snapshot] = useMemo(
    () =>
      enabled
        ? [
            (listener: () => void) => {
              const shared = connection(url, createSocket);
              shared.listeners.add(listener);
              return () => {
                shared.listeners.delete(listener);
                if (shared.listeners.size === 0 && connections.get(url) === shared) {
                  connections.delete(url);
                  shared.stop();
                }
              };
            },
            () => connections.get(url)?.latest ?? null,
          ]
        : [() => () => {}, () => null],
    [url, createSocket, enabled],
  );
  return useSyncExternalStore(subscribe, snapshot);
}

/**
 * Today's date (YYYY-MM-DD) in the store's zone: by the server's clock once the live
 * status has spoken (it speaks again at midnight), else by the device's clock in `timezone`.
 */
export function useStoreToday(timezone: string): string {
  const live = useLiveStatus();
  return live !== null && live !== 'failed' ? live.message.local_time.slice(0, 10) : todayIn(timezone);
}
