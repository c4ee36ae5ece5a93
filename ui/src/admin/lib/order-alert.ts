/** Where the admin's choice about sound and notifications for new orders is kept on this device. */
export const ALERT_STORAGE_KEY = 'heimservice_order_alerts';

/** The key the choice was kept under before; read once, then moved to ALERT_STORAGE_KEY. */
const LEGACY_ALERT_STORAGE_KEY = 'admin_order_alerts';

/** How often the alert sounds while an order waits. */
export const BEEP_INTERVAL_MS = 3000;

export function readAlertChoice(storage: Storage = localStorage): boolean {
  try {
    const stored = storage.getItem(ALERT_STORAGE_KEY) ?? storage.getItem(LEGACY_ALERT_STORAGE_KEY);
    return stored === 'on';
  } catch {
    return false;
  }
}

export function storeAlertChoice(on: boolean, storage: Storage = localStorage): void {
  try {
    storage.setItem(ALERT_STORAGE_KEY, on ? 'on' : 'off');
    storage.removeItem(LEGACY_ALERT_STORAGE_KEY);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/**
 * Whether the alert can be heard: `off` (switched off on this device), `blocked` (switched
 * on, but the browser keeps the audio suspended until someone taps the page, as after
 * every reload), `unavailable` (the browser has no Web Audio) or `on`.
 */
export type SoundState = 'on' | 'off' | 'blocked' | 'unavailable';

export function soundState(enabled: boolean, audio: AudioContextState | null): SoundState {
  if (!enabled) return 'off';
  if (audio === null) return 'unavailable';
  return audio === 'running' ? 'on' : 'blocked';
}

/** A new AudioContext, or null where the browser has none. */
export function createAudioContext(): AudioContext | null {
  const scope = globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext };
  const Context = scope.AudioContext ?? scope.webkitAudioContext;
  if (Context === undefined) return null;
  try {
    return new Context();
  } catch (error) {
    console.error('No audio for the order alert', error);
    return null;
  }
}

function tone(context: AudioContext, frequency: number, start: number, duration: number) {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.setValueAtTime(frequency, start);
  // Short fade in and out, so the tone does not click.
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.5, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  oscillator.connect(gain);
  gain.connect(context.destination);
  oscillator.start(start);
  oscillator.stop(start + duration + 0.02);
}

/** One short two-tone beep (high after low), generated on the spot. */
export function playBeep(context: AudioContext): void {
  const now = context.currentTime;
  tone(context, 880, now, 0.18);
  tone(context, 1320, now + 0.22, 0.22);
}

export type NotificationState = NotificationPermission | 'unsupported';

export function notificationState(): NotificationState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks for permission (only inside a click); answers the resulting state. */
export async function askForNotifications(): Promise<NotificationState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch (error) {
    console.error('Asking for notifications failed', error);
    return Notification.permission;
  }
}

/** What `showNotification` takes; `renotify` is missing from TypeScript's DOM types. */
type AlertNotificationOptions = NotificationOptions & { renotify?: boolean };

/**
 * The path the app is served under, with its trailing slash ("/order-online/"): the
 * server writes it into `<base href>`. The service worker lives there and covers it.
 */
export function appScope(baseUri: string = document.baseURI): string {
  return new URL('./', baseUri).pathname;
}

/** Resolves with the registration once its worker is active; null if it never gets there. */
function whenActive(registration: ServiceWorkerRegistration, timeoutMs: number): Promise<ServiceWorkerRegistration | null> {
  if (registration.active !== null) return Promise.resolve(registration);
  const worker = registration.installing ?? registration.waiting;
  if (worker === null) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(registration.active === null ? null : registration), timeoutMs);
    const settle = () => {
      if (worker.state !== 'activated' && worker.state !== 'redundant') return;
      clearTimeout(timer);
      worker.removeEventListener('statechange', settle);
      resolve(registration.active === null ? null : registration);
    };
    worker.addEventListener('statechange', settle);
  });
}

/**
 * Registers `sw.js` (in `ui/public`, served beside index.html) for the app's base path
 * and waits until it is active. Android's Chrome shows notifications only through a
 * service worker. Null where the browser has none (plain HTTP outside localhost, old
 * browsers) or the registration fails: the page then shows them itself.
 */
export async function registerAlertWorker(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
  baseUri: string = document.baseURI,
  timeoutMs = 10_000,
): Promise<ServiceWorkerRegistration | null> {
  if (container === undefined) return null;
  const scope = appScope(baseUri);
  try {
    const registration = await container.register(new URL('sw.js', new URL(scope, baseUri)).href, { scope });
    return await whenActive(registration, timeoutMs);
  } catch (error) {
    console.error('Registering the service worker for order notifications failed', error);
    return null;
  }
}

/** A notification shown by the page itself: desktop browsers allow it, Android's Chrome does not. */
function showFromPage(title: string, options: AlertNotificationOptions): void {
  try {
    const notification = new Notification(title, options);
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch (error) {
    console.error('Showing the order notification failed', error);
  }
}

/**
 * Shows a browser notification for a new order: through the service worker's
 * registration when there is one (a click there brings the board to the front, see
 * sw.js), else from the page. `worker` is what `registerAlertWorker` answered, or
 * null where no service worker is used. A newer notification with the same `tag`
 * replaces the older one and, with `renotify`, alerts again.
 */
export function notify(
  title: string,
  body: string,
  tag: string,
  worker: Promise<ServiceWorkerRegistration | null> | null = null,
): void {
  if (notificationState() !== 'granted') return;
  const options: AlertNotificationOptions = { body, tag, renotify: true, data: { url: window.location.href } };
  if (worker === null) {
    showFromPage(title, options);
    return;
  }
  void worker.then(async (registration) => {
    if (registration === null) {
      showFromPage(title, options);
      return;
    }
    try {
      await registration.showNotification(title, options);
    } catch (error) {
      console.error('The service worker did not show the order notification', error);
      showFromPage(title, options);
    }
  });
}
