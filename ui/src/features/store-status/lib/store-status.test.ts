import { describe, expect, it } from 'vitest';
import vectorFile from '../../../../../assets/test-vectors/store-status.json';
import { localTimeIn } from '../../../lib/store-time';
import { todayHoursFromWeek } from './store-hours';
import { cleanLabel, localTimeAfter, statusAfter, storeStatus, type HoursText, type TodaySlot } from './store-status';

interface Vector {
  name: string;
  now: string;
  timezone: string;
  store_hours: { day_of_week: number; open_time: string; close_time: string; label: string }[];
  closures: string[];
  paused: boolean;
  expect: { local_time: string; today_hours: TodaySlot[]; is_open: boolean; hours_text: HoursText };
}

const vectors = (vectorFile as { vectors: Vector[] }).vectors;

describe('store status (shared vectors)', () => {
  it('has vectors to check', () => {
    expect(vectors.length).toBeGreaterThan(0);
  });

  it.each(vectors.map((vector) => [vector.name, vector] as const))('%s', (_name, vector) => {
    const { today_hours, local_time, is_open, hours_text } = vector.expect;
    expect(storeStatus(today_hours, local_time, vector.paused)).toEqual({ isOpen: is_open, hoursText: hours_text });
  });

  it.each(vectors.map((vector) => [vector.name, vector] as const))(
    'derives the same today_hours and local time from the week: %s',
    (_name, vector) => {
      const localTime = localTimeIn(vector.timezone, new Date(vector.now));
      expect(localTime).toBe(vector.expect.local_time);
      expect(todayHoursFromWeek(vector.store_hours, vector.closures, localTime)).toEqual(vector.expect.today_hours);
    },
  );
});

describe("today's slots from the weekly hours", () => {
  it('carry the cleaned English label only where one is set', () => {
    const week = [
      { day_of_week: 1, open_time: '11:30', close_time: '14:30', label: 'Mittagstisch', label_en: '**Lunch** ' },
      { day_of_week: 1, open_time: '17:00', close_time: '22:00', label: 'Abendkarte', label_en: '' },
      { day_of_week: 1, open_time: '23:00', close_time: '23:30', label: 'Spät' },
    ];
    // 2026-11-23 is a Monday.
    expect(todayHoursFromWeek(week, [], '2026-11-23 10:00:00')).toEqual([
      { open_time: '11:30', close_time: '14:30', label: 'Mittagstisch', label_en: 'Lunch' },
      { open_time: '17:00', close_time: '22:00', label: 'Abendkarte' },
      { open_time: '23:00', close_time: '23:30', label: 'Spät' },
    ]);
  });
});

describe('recomputing from server time plus elapsed time', () => {
  const hours: TodaySlot[] = [
    { open_time: '11:30', close_time: '14:30', label: 'Mittagstisch' },
    { open_time: '17:00', close_time: '22:30', label: '' },
  ];

  it('adds the elapsed seconds to the server time', () => {
    expect(localTimeAfter('2026-11-23 11:29:55', 6000)).toBe('2026-11-23 11:30:01');
    expect(localTimeAfter('2026-11-23 23:59:59', 1000)).toBe('2026-11-24 00:00:00');
    expect(localTimeAfter('nonsense', 1000)).toBeNull();
  });

  it('opens once the elapsed time reaches the slot', () => {
    const message = { today_hours: hours, local_time: '2026-11-23 11:29:55', paused: false };
    expect(statusAfter(message, 0)).toEqual({ isOpen: false, hoursText: { kind: 'opens_at', time: '11:30' } });
    expect(statusAfter(message, 6000)).toEqual({
      isOpen: true,
      hoursText: { kind: 'current', open: '11:30', close: '14:30' },
    });
  });

  it('closes at the end of the slot and names the next one', () => {
    const message = { today_hours: hours, local_time: '2026-11-23 14:29:58', paused: false };
    expect(statusAfter(message, 2000)).toEqual({ isOpen: false, hoursText: { kind: 'opens_at', time: '17:00' } });
  });

  it('keeps an overnight slot open across midnight', () => {
    const late = [{ open_time: '18:00', close_time: '01:00', label: '' }];
    const message = { today_hours: late, local_time: '2026-11-21 23:59:58', paused: false };
    expect(statusAfter(message, 0).hoursText).toEqual({ kind: 'current', open: '18:00', close: '01:00' });
    expect(statusAfter(message, 6000)).toEqual({
      isOpen: true,
      hoursText: { kind: 'current', open: '00:00', close: '01:00' },
    });
  });

  it('stays closed while paused', () => {
    const message = { today_hours: hours, local_time: '2026-11-23 12:00:00', paused: true };
    expect(statusAfter(message, 6000).isOpen).toBe(false);
  });

  it('treats an unreadable server time as closed', () => {
    expect(storeStatus(hours, '12:00', false)).toEqual({ isOpen: false, hoursText: { kind: 'closed_for_today' } });
  });
});

describe('cleanLabel', () => {
  it("hides 'morning time' and strips **", () => {
    expect(cleanLabel('morning time')).toBe('');
    expect(cleanLabel('**Late night**')).toBe('Late night');
    expect(cleanLabel('Mittagstisch')).toBe('Mittagstisch');
    expect(cleanLabel(null)).toBe('');
  });
});
