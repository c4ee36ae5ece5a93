/**
 * A WebSocket that stays connected: reconnects with a doubling backoff after a drop
 * and at once when the tab becomes visible again. The store status, the order
 * status page and the admin orders board all follow their server this way.
 */

/** The parts of WebSocket used here (a fake one stands in during tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen?: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send?: (data: string) => void;
  close: () => void;
}

/** What a message meant: a good one resets the backoff; a final one ends the connection for good. */
export type MessageVerdict = 'ok' | 'ignored' | 'final';

export interface KeepConnectedOptions {
  url: string;
  /** Names the connection in the console when opening it fails. */
  label: string;
  onMessage: (data: unknown) => MessageVerdict;
  /** Called when a connection opens, e.g. to sign in with its first message. */
  onOpen?: (send: (data: string) => void) => void;
  /** The connection closed and a new one is on its way. */
  onClosed?: () => void;
  /** Keep retrying in a hidden tab (the orders board must ring there too). */
  retryWhileHidden?: boolean;
  createSocket?: (url: string) => SocketLike;
  document?: Document;
  /** Reconnect delay: doubles after each failed attempt, from initial up to max. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
}

const CLOSING = 2;

export const browserSocket = (url: string) => new WebSocket(url) as unknown as SocketLike;

/** Opens the connection and keeps it open; returns a stop function. */
export function keepConnected({
  url,
  label,
  onMessage,
  onOpen,
  onClosed,
  retryWhileHidden = false,
  createSocket = browserSocket,
  document: doc = document,
  initialBackoffMs = 1000,
  maxBackoffMs = 30_000,
}: KeepConnectedOptions): () => void {
  let socket: SocketLike | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let stopped = false;

  const clearRetry = () => {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
  };

  const stop = () => {
    stopped = true;
    clearRetry();
    doc.removeEventListener('visibilitychange', onVisibilityChange);
    const current = socket;
    socket = null;
    if (current) {
      current.onopen = null;
      current.onclose = null;
      current.onmessage = null;
      current.onerror = null;
      current.close();
    }
  };

  const open = () => {
    clearRetry();
    if (stopped) return;
    let current: SocketLike;
    try {
      current = createSocket(url);
    } catch (error) {
      console.error(`${label} connection failed`, error);
      scheduleRetry();
      return;
    }
    socket = current;
    if (onOpen) current.onopen = () => onOpen((data) => current.send?.(data));
    current.onmessage = (event) => {
      const verdict = onMessage(event.data);
      if (verdict === 'ok') failures = 0;
      if (verdict === 'final') stop();
    };
    current.onerror = () => {
      // A close event follows; reconnecting happens there.
    };
    current.onclose = () => {
      if (socket === current) socket = null;
      if (stopped) return;
      onClosed?.();
      scheduleRetry();
    };
  };

  function scheduleRetry() {
    if (stopped || retryTimer !== null) return;
    // A hidden tab waits for visibilitychange instead of retrying in the background.
    if (!retryWhileHidden && doc.visibilityState === 'hidden') return;
    const delay = Math.min(maxBackoffMs, initialBackoffMs * 2 ** failures);
    failures += 1;
    retryTimer = setTimeout(open, delay);
  }

  function onVisibilityChange() {
    if (doc.visibilityState !== 'visible') return;
    if (socket === null || socket.readyState >= CLOSING) open();
  }

  doc.addEventListener('visibilitychange', onVisibilityChange);
  open();
  return stop;
}
