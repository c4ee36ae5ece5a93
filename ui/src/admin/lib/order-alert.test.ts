import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeNotification } from '../test-alerts';
import {
  ALERT_STORAGE_KEY,
  appScope,
  notify,
  readAlertChoice,
  registerAlertWorker,
  soundState,
  storeAlertChoice,
} from './order-alert';

describe('the stored alert choice', () => {
  it('is kept under heimservice_order_alerts and read back after a reload', () => {
    expect(ALERT_STORAGE_KEY).toBe('heimservice_order_alerts');
    expect(readAlertChoice()).toBe(false);
    storeAlertChoice(true);
    expect(localStorage.getItem('heimservice_order_alerts')).toBe('on');
    expect(readAlertChoice()).toBe(true);
    storeAlertChoice(false);
    expect(localStorage.getItem('heimservice_order_alerts')).toBe('off');
    expect(readAlertChoice()).toBe(false);
  });

  it('takes over the choice stored under the earlier key, then moves it', () => {
    localStorage.setItem('admin_order_alerts', 'on');
    expect(readAlertChoice()).toBe(true);
    storeAlertChoice(true);
    expect(localStorage.getItem('admin_order_alerts')).toBeNull();
    // The current key wins over the earlier one.
    localStorage.setItem('admin_order_alerts', 'on');
    storeAlertChoice(false);
    localStorage.setItem('admin_order_alerts', 'on');
    expect(readAlertChoice()).toBe(false);
  });

  it('counts as off where storage refuses (private mode) and storing does not throw', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    } as unknown as Storage;
    expect(readAlertChoice(broken)).toBe(false);
    expect(() => storeAlertChoice(true, broken)).not.toThrow();
  });
});

describe('whether the alert can be heard', () => {
  it('is off when switched off, whatever the audio does', () => {
    expect(soundState(false, 'running')).toBe('off');
    expect(soundState(false, null)).toBe('off');
  });

  it('is blocked while the switched-on audio waits for a tap (after a reload), on once it runs', () => {
    expect(soundState(true, 'suspended')).toBe('blocked');
    expect(soundState(true, 'interrupted' as AudioContextState)).toBe('blocked');
    expect(soundState(true, 'closed')).toBe('blocked');
    expect(soundState(true, 'running')).toBe('on');
  });

  it('is unavailable where the browser has no Web Audio', () => {
    expect(soundState(true, null)).toBe('unavailable');
  });
});

describe('the service worker for notifications', () => {
  it('covers the base path from <base href>', () => {
    expect(appScope('http://shop.example/order-online/')).toBe('/order-online/');
    expect(appScope('http://shop.example/essen/')).toBe('/essen/');
    expect(appScope('http://shop.example/')).toBe('/');
  });

  /** A ServiceWorkerContainer stand-in whose worker installs and activates when told. */
  function fakeContainer() {
    const worker = Object.assign(new EventTarget(), { state: 'installing' as ServiceWorkerState });
    const registration = {
      active: null as unknown,
      installing: worker as unknown,
      waiting: null,
      showNotification: vi.fn(async () => undefined),
    };
    const container = { register: vi.fn(async () => registration) };
    const activate = () => {
      worker.state = 'activated';
      registration.active = worker;
      registration.installing = null;
      worker.dispatchEvent(new Event('statechange'));
    };
    return { container: container as unknown as ServiceWorkerContainer, register: container.register, registration, activate };
  }

  it('registers sw.js beside index.html for the base path and waits until it is active', async () => {
    const fake = fakeContainer();
    const registered = registerAlertWorker(fake.container, 'http://shop.example/order-online/');
    let settled = false;
    void registered.then(() => (settled = true));
    await vi.waitFor(() => expect(fake.register).toHaveBeenCalledTimes(1));
    expect(fake.register).toHaveBeenCalledWith('http://shop.example/order-online/sw.js', { scope: '/order-online/' });
    await Promise.resolve();
    expect(settled).toBe(false);
    fake.activate();
    expect(await registered).toBe(fake.registration);
  });

  it('answers null without a service worker, when the registration fails or never activates', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await registerAlertWorker(undefined)).toBeNull();
    const failing = { register: vi.fn(async () => Promise.reject(new Error('SecurityError'))) };
    expect(await registerAlertWorker(failing as unknown as ServiceWorkerContainer, 'http://shop.example/order-online/')).toBeNull();
    expect(await registerAlertWorker(fakeContainer().container, 'http://shop.example/order-online/', 10)).toBeNull();
  });
});

describe('new-order notifications', () => {
  beforeEach(() => {
    vi.stubGlobal('Notification', FakeNotification);
    FakeNotification.reset('granted');
  });

  afterEach(() => {
    FakeNotification.reset();
  });

  it('go through the service worker with the tag, renotify and the board to open', async () => {
    const showNotification = vi.fn(async () => undefined);
    const registration = { showNotification } as unknown as ServiceWorkerRegistration;
    notify('Neue Bestellung #4', 'Lieferung · 12,50 €', 'order-58', Promise.resolve(registration));
    await vi.waitFor(() => expect(showNotification).toHaveBeenCalledTimes(1));
    expect(showNotification).toHaveBeenCalledWith('Neue Bestellung #4', {
      body: 'Lieferung · 12,50 €',
      tag: 'order-58',
      renotify: true,
      data: { url: window.location.href },
    });
    expect(FakeNotification.shown).toEqual([]);
  });

  it('are shown by the page where there is no service worker, or it refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    notify('Neue Bestellung #4', 'Lieferung', 'order-58');
    expect(FakeNotification.shown).toEqual([{ title: 'Neue Bestellung #4', body: 'Lieferung', tag: 'order-58' }]);

    notify('Neue Bestellung #5', 'Abholung', 'order-59', Promise.resolve(null));
    await vi.waitFor(() => expect(FakeNotification.shown).toHaveLength(2));

    const refusing = { showNotification: vi.fn(async () => Promise.reject(new TypeError('no active worker'))) };
    notify('Neue Bestellung #6', 'Abholung', 'order-60', Promise.resolve(refusing as unknown as ServiceWorkerRegistration));
    await vi.waitFor(() => expect(FakeNotification.shown).toHaveLength(3));
    expect(FakeNotification.shown.map((shown) => shown.tag)).toEqual(['order-58', 'order-59', 'order-60']);
  });

  it('are not shown without the permission', async () => {
    FakeNotification.reset('denied');
    const showNotification = vi.fn(async () => undefined);
    notify('Neue Bestellung #4', 'Lieferung', 'order-58', Promise.resolve({ showNotification } as unknown as ServiceWorkerRegistration));
    notify('Neue Bestellung #4', 'Lieferung', 'order-58');
    await Promise.resolve();
    expect(showNotification).not.toHaveBeenCalled();
    expect(FakeNotification.shown).toEqual([]);
  });
});
