import { describe, expect, it } from 'vitest';
import { minutesUntil, parseMinutes } from './accept-order-form';

describe('minutes for accepting an order', () => {
  it('takes whole typed minutes from 5 to 240', () => {
    expect(parseMinutes(' 35 ')).toBe(35);
    expect(parseMinutes('4')).toBeNull();
    expect(parseMinutes('241')).toBeNull();
    expect(parseMinutes('2,5')).toBeNull();
  });

  it("counts a pre-order's minutes until its time, within 5 to 240", () => {
    const now = Date.parse('2026-11-22T17:32:00Z');
    expect(minutesUntil('2026-11-22T18:45:00Z', now)).toBe(73);
    expect(minutesUntil('2026-11-22T17:32:40Z', now)).toBe(5);
    // Already due: as soon as possible.
    expect(minutesUntil('2026-11-22T17:00:00Z', now)).toBe(5);
    // Tomorrow: the longest estimate, which still has it ready at its time.
    expect(minutesUntil('2026-11-23T11:00:00Z', now)).toBe(240);
    expect(minutesUntil('not a time', now)).toBe(5);
  });
});
