import { afterEach, describe, expect, it } from 'vitest';
import { noteServerTime, resetServerClock, serverNow } from './server-clock';

describe('server clock', () => {
  afterEach(resetServerClock);

  it('follows the server time the board sends', () => {
    const local = Date.parse('2026-11-22T20:00:00Z');
    noteServerTime('2026-11-23T11:00:00Z', local);
    expect(new Date(serverNow(local + 5_000)).toISOString()).toBe('2026-11-23T11:00:05.000Z');
  });

  it('ignores what is not a time', () => {
    noteServerTime('soon', 0);
    noteServerTime(undefined, 0);
    expect(serverNow(1234)).toBe(1234);
  });
});
