import { vi } from 'vitest';

/** An AudioContext stand-in that counts the tones it was asked to play. */
export class FakeAudioContext extends EventTarget {
  static readonly instances: FakeAudioContext[] = [];
  state: AudioContextState;
  currentTime = 0;
  readonly destination = {};
  tones = 0;

  constructor() {
    super();
    this.state = FakeAudioContext.startState;
    FakeAudioContext.instances.push(this);
  }

  /** What a new context starts as ('suspended' before the first user gesture in real browsers). */
  static startState: AudioContextState = 'running';

  /** Whether resume() works now (browsers allow it only during a user gesture). */
  static resumeAllowed = true;

  static reset() {
    FakeAudioContext.instances.length = 0;
    FakeAudioContext.startState = 'running';
    FakeAudioContext.resumeAllowed = true;
  }

  static totalTones(): number {
    return FakeAudioContext.instances.reduce((sum, context) => sum + context.tones, 0);
  }

  createOscillator() {
    this.tones += 1;
    return { type: 'sine', frequency: { setValueAtTime: vi.fn() }, connect: vi.fn(), start: vi.fn(), stop: vi.fn() };
  }

  createGain() {
    return { gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() }, connect: vi.fn() };
  }

  resume() {
    // A real browser leaves the promise pending until a gesture; the state is what matters here.
    if (!FakeAudioContext.resumeAllowed) return Promise.resolve();
    this.state = 'running';
    this.dispatchEvent(new Event('statechange'));
    return Promise.resolve();
  }
}

/** A Notification stand-in: permission as set, every notification recorded. */
export class FakeNotification {
  static permission: NotificationPermission = 'default';
  static readonly shown: { title: string; body?: string; tag?: string }[] = [];
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = 'granted';
    return FakeNotification.permission;
  });
  onclick: (() => void) | null = null;

  constructor(title: string, options: NotificationOptions = {}) {
    FakeNotification.shown.push({ title, body: options.body, tag: options.tag });
  }

  static reset(permission: NotificationPermission = 'default') {
    FakeNotification.permission = permission;
    FakeNotification.shown.length = 0;
    FakeNotification.requestPermission.mockClear();
  }

  close() {}
}

export function stubAlertGlobals() {
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('Notification', FakeNotification);
}
