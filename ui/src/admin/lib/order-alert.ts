/** Where the admin's choice about sound and notifications for new orders is kept. */
export const ALERT_STORAGE_KEY = 'admin_order_alerts';

/** How often the alert sounds while an order waits. */
export const BEEP_INTERVAL_MS = 3000;

export function readAlertChoice(storage: Storage = localStorage): boolean {
  try {
    return storage.getItem(ALERT_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function storeAlertChoice(on: boolean, storage: Storage = localStorage): void {
  try {
    storage.setItem(ALERT_STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
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

/** Shows a browser notification that brings this tab to the front when clicked. */
export function notify(title: string, body: string, tag: string): void {
  if (notificationState() !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch (error) {
    // Some mobile browsers only allow notifications from a service worker.
    console.error('Showing the order notification failed', error);
  }
}
