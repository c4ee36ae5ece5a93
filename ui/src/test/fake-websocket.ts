/** A WebSocket stand-in the tests drive by hand (messages in, close). */
export class FakeSocket {
  static readonly instances: FakeSocket[] = [];
  readyState = 0;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closedByClient = false;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  static reset() {
    FakeSocket.instances.length = 0;
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  receive(data: unknown) {
    this.readyState = 1;
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }

  /** The server (or the network) ends the connection. */
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }

  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
}

export const createFakeSocket = (url: string) => new FakeSocket(url);

export function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}
