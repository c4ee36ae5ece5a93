import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { nextOpeningIn, nextOpeningSentence } from './next-opening';

const BERLIN = 'Europe/Berlin';

/** The banner's sentence for `nextOpening` seen at the store's local time `now`, in `language`. */
function sentence(nextOpening: string, now: string, language: 'de' | 'en', timezone = BERLIN): string | null {
  const opening = nextOpeningIn(nextOpening, timezone, now);
  if (opening === null) return null;
  const t = i18n.getFixedT(language);
  return nextOpeningSentence(opening, language, (key, options) => t(key, options));
}

describe('the next opening on the store clock', () => {
  it('says today, tomorrow or the day and date', () => {
    // Monday 23 November 2026; Berlin is UTC+1 in winter.
    expect(nextOpeningIn('2026-11-23T16:00:00Z', BERLIN, '2026-11-23 15:00:00')).toEqual({
      day: 'today',
      date: '2026-11-23',
      time: '17:00',
    });
    expect(nextOpeningIn('2026-11-24T10:30:00Z', BERLIN, '2026-11-23 23:00:00')).toEqual({
      day: 'tomorrow',
      date: '2026-11-24',
      time: '11:30',
    });
    expect(nextOpeningIn('2026-11-25T10:30:00Z', BERLIN, '2026-11-23 23:00:00')).toEqual({
      day: 'later',
      date: '2026-11-25',
      time: '11:30',
    });
  });

  it('words the three cases in German and English', () => {
    expect(sentence('2026-11-23T16:00:00Z', '2026-11-23 15:00:00', 'de')).toBe('Wir öffnen wieder heute um 17:00 Uhr.');
    expect(sentence('2026-11-24T10:30:00Z', '2026-11-23 23:00:00', 'de')).toBe('Wir öffnen wieder morgen um 11:30 Uhr.');
    expect(sentence('2026-11-25T10:30:00Z', '2026-11-23 23:00:00', 'de')).toBe(
      'Wir öffnen wieder am Mittwoch, 25.11., um 11:30 Uhr.',
    );
    expect(sentence('2026-11-23T16:00:00Z', '2026-11-23 15:00:00', 'en')).toBe('We open again today at 17:00.');
    expect(sentence('2026-11-24T10:30:00Z', '2026-11-23 23:00:00', 'en')).toBe('We open again tomorrow at 11:30.');
    expect(sentence('2026-11-25T10:30:00Z', '2026-11-23 23:00:00', 'en')).toBe(
      'We open again on Wednesday, 25 Nov at 11:30.',
    );
  });

  it('keeps the wall-clock hour across the spring clock change', () => {
    // Saturday 28 March 2026, 23:30 CET; the clocks go forward that night, so 10:00Z is 12:00 CEST.
    expect(sentence('2026-03-29T10:00:00Z', '2026-03-28 23:30:00', 'de')).toBe('Wir öffnen wieder morgen um 12:00 Uhr.');
    // Past midnight the same opening is today, an hour that did not exist in between.
    expect(sentence('2026-03-29T10:00:00Z', '2026-03-29 03:30:00', 'de')).toBe('Wir öffnen wieder heute um 12:00 Uhr.');
  });

  it('keeps the wall-clock hour across the autumn clock change', () => {
    // Saturday 24 October 2026, 23:00 CEST; the clocks go back that night, so 11:00Z is 12:00 CET.
    expect(sentence('2026-10-25T11:00:00Z', '2026-10-24 23:00:00', 'de')).toBe('Wir öffnen wieder morgen um 12:00 Uhr.');
    // Monday 26 October, after a closed Sunday: "later", named by its day.
    expect(sentence('2026-10-26T10:30:00Z', '2026-10-24 23:00:00', 'de')).toBe(
      'Wir öffnen wieder am Montag, 26.10., um 11:30 Uhr.',
    );
  });

  it("counts days in the store's zone, not UTC's", () => {
    // 23:30Z on Monday is already Tuesday 00:30 in Berlin: the opening at 11:30 is today.
    expect(sentence('2026-11-24T10:30:00Z', '2026-11-24 00:30:00', 'de')).toBe('Wir öffnen wieder heute um 11:30 Uhr.');
    // The same instant in New York (UTC−5) is 05:30 there.
    expect(sentence('2026-11-24T10:30:00Z', '2026-11-23 22:00:00', 'en', 'America/New_York')).toBe(
      'We open again tomorrow at 05:30.',
    );
  });

  it('crosses the turn of the year', () => {
    expect(sentence('2027-01-01T11:00:00Z', '2026-12-31 22:00:00', 'de')).toBe('Wir öffnen wieder morgen um 12:00 Uhr.');
    expect(sentence('2027-01-02T11:00:00Z', '2026-12-31 22:00:00', 'de')).toBe(
      'Wir öffnen wieder am Samstag, 02.01., um 12:00 Uhr.',
    );
  });

  it('has nothing to say without an opening, for one that has passed or an unreadable one', () => {
    expect(nextOpeningIn(null, BERLIN, '2026-11-23 15:00:00')).toBeNull();
    expect(nextOpeningIn('2026-11-23T16:00:00Z', BERLIN, null)).toBeNull();
    expect(nextOpeningIn('2026-11-23T16:00:00Z', BERLIN, '2026-11-23 17:00:00')).toBeNull();
    expect(nextOpeningIn('soon', BERLIN, '2026-11-23 15:00:00')).toBeNull();
  });
});
