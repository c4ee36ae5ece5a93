import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSocket, FakeSocket, setVisibility } from '../test/fake-websocket';
import { connectStoreStatus, GUARD_REASONS, parseStatusMessage, statusUrl, type LiveStatusEvent } from './status-socket';

const message = {
  today_hours: [{ open_time: '11:30', close_time: '14:30', label: 'Mittagstisch' }],
  local_time: '2026-11-23 06:00:00',
  timezone: 'Europe/Berlin',
  is_open: false,
  paused: false,
  error: null,
};

function connect() {
  const events: LiveStatusEvent[] = [];
  let clock = 1000;
  const stop = connectStoreStatus({
    url: 'ws://localhost/ws/store/14/status',
    onEvent: (event) => events.push(event),
    createSocket: createFakeSocket,
    now: () => clock,
    initialBackoffMs: 1000,
    maxBackoffMs: 4000,
  });
  return { events, stop, advanceClock: (ms: number) => (clock += ms) };
}

describe('parseStatusMessage', () => {
  it('reads a status message', () => {
    expect(parseStatusMessage(JSON.stringify(message))).toEqual({
      today_hours: message.today_hours,
      local_time: '2026-11-23 06:00:00',
      timezone: 'Europe/Berlin',
      is_open: false,
      paused: false,
    });
  });

  it('keeps the English label of a slot when one is set', () => {
    const parsed = parseStatusMessage(
      JSON.stringify({
        ...message,
        today_hours: [
          { open_time: '11:30', close_time: '14:30', label: 'Mittagstisch', label_en: 'Lunch menu' },
          { open_time: '17:00', close_time: '22:00', label: 'Abends', label_en: '' },
        ],
      }),
    );
    expect(parsed?.today_hours).toEqual([
      { open_time: '11:30', close_time: '14:30', label: 'Mittagstisch', label_en: 'Lunch menu' },
      { open_time: '17:00', close_time: '22:00', label: 'Abends' },
    ]);
  });

  it('rejects text that is not JSON, misses fields or carries an error', () => {
    expect(parseStatusMessage('{not json')).toBeNull();
    expect(parseStatusMessage(JSON.stringify({ local_time: '2026-11-23 06:00:00' }))).toBeNull();
    expect(parseStatusMessage(JSON.stringify({ ...message, error: 'There is no store with id 15.' }))).toBeNull();
  });

  it('reads the next opening while the hours keep the store closed', () => {
    const closed = { ...message, closed_reason: 'outside_hours', next_opening: '2026-11-23T10:30:00Z' };
    expect(parseStatusMessage(JSON.stringify(closed))?.next_opening).toBe('2026-11-23T10:30:00Z');
    expect(parseStatusMessage(JSON.stringify({ ...closed, next_opening: null }))?.next_opening).toBeUndefined();
  });

  it('reads why the store is closed and the automatic pause', () => {
    const paused = {
      ...message,
      paused: true,
      closed_reason: 'auto_paused',
      auto_pause: { unanswered: 3, since: '2026-11-23T11:04:00Z' },
    };
    const parsed = parseStatusMessage(JSON.stringify(paused));
    expect(parsed?.closed_reason).toBe('auto_paused');
    expect(parsed?.auto_paused_after).toBe(3);
    expect(parsed?.auto_pause).toEqual({ unanswered: 3, since: '2026-11-23T11:04:00Z' });
    const guarded = parseStatusMessage(JSON.stringify({ ...message, closed_reason: 'clock_untrusted', auto_pause: null }));
    expect(guarded?.closed_reason).toBe('clock_untrusted');
    expect(guarded?.auto_paused_after).toBeUndefined();
    expect(guarded?.auto_pause).toBeUndefined();
    expect(GUARD_REASONS).toContain(guarded?.closed_reason);
    expect(GUARD_REASONS).not.toContain('paused');
  });
});

describe('connectStoreStatus', () => {
  beforeEach(() => {
    FakeSocket.reset();
    vi.useFakeTimers();
    setVisibility('visible');
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    setVisibility('visible');
  });

  it('opens the status URL of the page origin', () => {
    expect(statusUrl(14, { protocol: 'http:', host: 'shop.test:8080' } as Location)).toBe(
      'ws://shop.test:8080/ws/store/14/status',
    );
    expect(statusUrl(14, { protocol: 'https:', host: 'shop.test' } as Location)).toBe('wss://shop.test/ws/store/14/status');
  });

  it('passes messages on with the monotonic time they arrived', () => {
    const { events, advanceClock } = connect();
    advanceClock(500);
    FakeSocket.latest().receive(message);
    expect(events).toEqual([{ kind: 'message', message: parseStatusMessage(JSON.stringify(message)), receivedAt: 1500 }]);
  });

  it('reports a message that fails to parse, and one with error set, as failed', () => {
    const { events } = connect();
    FakeSocket.latest().receive('garbage');
    FakeSocket.latest().receive({ ...message, error: 'There is no store with id 15.' });
    expect(events).toEqual([{ kind: 'failed' }, { kind: 'failed' }]);
  });

  it('reconnects with a growing delay after the connection closes', () => {
    connect();
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);

    FakeSocket.latest().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);

    // A good message resets the delay.
    FakeSocket.latest().receive(message);
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(4);
  });

  it('waits while the tab is hidden and re-opens as soon as it becomes visible', () => {
    connect();
    setVisibility('hidden');
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);

    setVisibility('visible');
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('does not open a second connection when the tab becomes visible with one open', () => {
    connect();
    FakeSocket.latest().receive(message);
    setVisibility('hidden');
    setVisibility('visible');
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('re-opens at once on visibility instead of waiting for the backoff', () => {
    connect();
    FakeSocket.latest().drop();
    setVisibility('hidden');
    setVisibility('visible');
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('closes the socket and stops reconnecting when stopped', () => {
    const { stop } = connect();
    const socket = FakeSocket.latest();
    stop();
    expect(socket.closedByClient).toBe(true);
    setVisibility('visible');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
