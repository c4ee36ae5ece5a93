import { describe, expect, it } from 'vitest';
import { upcomingClosures, weekHours } from './week-hours';

const hours = [
  { day_of_week: 1, open_time: '17:00', close_time: '22:30', label: '' },
  { day_of_week: 1, open_time: '11:30', close_time: '14:30', label: 'Mittagstisch', label_en: 'Lunch' },
  { day_of_week: 5, open_time: '11:30', close_time: '23:30', label: 'morning time' },
  { day_of_week: 6, open_time: '12:00', close_time: '01:00', label: '**Late night**' },
  { day_of_week: 0, open_time: '12:00', close_time: '22:00', label: '' },
];

describe('the week of opening hours', () => {
  it('runs Monday to Sunday with each day’s slots in order', () => {
    const week = weekHours(hours, 3, 'de');
    expect(week.map((day) => day.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(week[0]?.slots).toEqual([
      { open: '11:30', close: '14:30', label: 'Mittagstisch' },
      { open: '17:00', close: '22:30', label: '' },
    ]);
  });

  it('leaves a day without slots empty (shown as closed) and marks only today', () => {
    const week = weekHours(hours, 2, 'de');
    expect(week.filter((day) => day.slots.length === 0).map((day) => day.day)).toEqual([2, 3, 4]);
    expect(week.filter((day) => day.isToday).map((day) => day.day)).toEqual([2]);
    expect(weekHours(hours, 0, 'de').at(-1)?.isToday).toBe(true);
  });

  it('keeps a slot past midnight on the day it opens', () => {
    expect(weekHours(hours, 1, 'de')[5]?.slots).toEqual([{ open: '12:00', close: '01:00', label: 'Late night' }]);
    expect(weekHours(hours, 1, 'de')[6]?.slots).toEqual([{ open: '12:00', close: '22:00', label: '' }]);
  });

  it('shows the English label in English, else the German one, cleaned', () => {
    const english = weekHours(hours, 1, 'en');
    expect(english[0]?.slots[0]?.label).toBe('Lunch');
    expect(english[4]?.slots[0]?.label).toBe('');
    expect(english[5]?.slots[0]?.label).toBe('Late night');
  });
});

describe('closure dates', () => {
  it('lists today and later, earliest first', () => {
    const closures = [
      { date: '2026-12-26', note: '2. Weihnachtstag' },
      { date: '2026-11-20', note: 'vorbei' },
      { date: '2026-11-23', note: '' },
      { date: '2026-12-24', note: 'Heiligabend' },
    ];
    expect(upcomingClosures(closures, '2026-11-23').map((closure) => closure.date)).toEqual([
      '2026-11-23',
      '2026-12-24',
      '2026-12-26',
    ]);
  });
});
