import { useEffect, useRef, useState } from 'react';
import type { AdminOrder } from '../../lib/order-types';
import {
  askForNotifications,
  BEEP_INTERVAL_MS,
  createAudioContext,
  notificationState,
  notify,
  playBeep,
  readAlertChoice,
  registerAlertWorker,
  soundState,
  storeAlertChoice,
  type NotificationState,
  type SoundState,
} from './order-alert';

export interface OrderAlert {
  /** At least one order waits for accept or reject. */
  ringing: boolean;
  /** The admin switched sound and notifications on for this device (kept in localStorage). */
  enabled: boolean;
  /** Whether the beep can be heard now, and why not. */
  sound: SoundState;
  /** The browser holds the sound back until the admin taps the page (after every reload). */
  soundBlocked: boolean;
  notifications: NotificationState;
  /** Switches on; must run inside a click (browsers allow sound and the permission prompt only then). */
  enable: () => Promise<void>;
  disable: () => void;
  /** Lets the held-back sound play; must run inside a tap or key press. */
  unblock: () => void;
}

const UNLOCK_EVENTS = ['pointerdown', 'keydown', 'touchend'] as const;

/** Starts a suspended context; a closed one cannot run again and is replaced. */
function resumed(audio: AudioContext | null): AudioContext | null {
  const context = audio === null || audio.state === 'closed' ? createAudioContext() : audio;
  if (context !== null && context.state !== 'running') void context.resume().catch(() => undefined);
  return context;
}

/**
 * The new-order alert: while any order waits, a two-tone beep every few seconds and
 * one browser notification per new order (once switched on; shown through the
 * service worker where there is one). `describe` gives the notification text of an order.
 */
export function useOrderAlert(
  waiting: readonly AdminOrder[],
  describe: (order: AdminOrder) => { title: string; body: string },
): OrderAlert {
  const [enabled, setEnabled] = useState(readAlertChoice);
  // Created at once when the choice was stored: it starts suspended until the first tap.
  const [audio, setAudio] = useState<AudioContext | null>(() => (readAlertChoice() ? createAudioContext() : null));
  const [audioState, setAudioState] = useState<AudioContextState | null>(() => audio?.state ?? null);
  const [notifications, setNotifications] = useState<NotificationState>(notificationState);
  const describeRef = useRef(describe);
  const worker = useRef<Promise<ServiceWorkerRegistration | null> | null>(null);
  const seen = useRef(new Set<number>());
  const ringing = waiting.length > 0;
  const notifying = enabled && notifications === 'granted';

  useEffect(() => {
    describeRef.current = describe;
  });

  useEffect(() => {
    if (audio === null) return undefined;
    const update = () => setAudioState(audio.state);
    audio.addEventListener('statechange', update);
    return () => audio.removeEventListener('statechange', update);
  }, [audio]);

  // Browsers start audio only after a user gesture: the first tap or key press resumes it.
  useEffect(() => {
    if (audio === null || !enabled || audioState === 'running') return undefined;
    const unlock = () => void audio.resume().catch(() => undefined);
    for (const name of UNLOCK_EVENTS) document.addEventListener(name, unlock, { capture: true });
    return () => {
      for (const name of UNLOCK_EVENTS) document.removeEventListener(name, unlock, { capture: true });
    };
  }, [audio, enabled, audioState]);

  useEffect(() => {
    if (!ringing || !enabled || audio === null) return undefined;
    const ring = () => {
      // A suspended context would pile the beeps up and play them all at once later.
      if (audio.state === 'running') playBeep(audio);
      else void audio.resume().catch(() => undefined);
    };
    ring();
    const timer = setInterval(ring, BEEP_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [ringing, enabled, audio]);

  // The service worker is registered once notifications are allowed and switched on;
  // with it this browser subscribes to the shop's push notifications of new orders, so
  // they come also while the board's tab sleeps or is closed.
  useEffect(() => {
    if (notifying && worker.current === null && globalThis.navigator?.serviceWorker !== undefined) {
      worker.current = registerAlertWorker();
      void worker.current
        .then(async (registration) => {
          if (registration === null) return;
          const { joinBoardPush } = await import('../../lib/web-push');
          await joinBoardPush(registration, document.documentElement.lang);
        })
        .catch((error: unknown) => console.error('Subscribing the board to push notifications failed', error));
    }
  }, [notifying]);

  useEffect(() => {
    for (const order of waiting) {
      if (seen.current.has(order.id)) continue;
      seen.current.add(order.id);
      if (notifying) {
        const { title, body } = describeRef.current(order);
        notify(title, body, `order-${order.id}`, worker.current);
      }
    }
  }, [waiting, notifying]);

  const enable = async () => {
    const context = resumed(audio);
    setAudio(context);
    setAudioState(context?.state ?? null);
    setEnabled(true);
    storeAlertChoice(true);
    setNotifications(await askForNotifications());
  };

  const disable = () => {
    setEnabled(false);
    storeAlertChoice(false);
    worker.current = null;
    void import('../../lib/web-push')
      .then(({ leaveBoardPush }) => leaveBoardPush())
      .catch((error: unknown) => console.error('Unsubscribing the board from push notifications failed', error));
  };

  const unblock = () => {
    const context = resumed(audio);
    if (context !== audio) {
      setAudio(context);
      setAudioState(context?.state ?? null);
    }
  };

  const sound = soundState(enabled, audio === null ? null : audioState);
  return { ringing, enabled, sound, soundBlocked: sound === 'blocked', notifications, enable, disable, unblock };
}
