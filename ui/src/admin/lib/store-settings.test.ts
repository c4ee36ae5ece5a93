import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import i18n from '../../lib/i18n';
import { checkSettings, closureError, isOvernight, placeServerError, slotError, type SettingsDraft } from './store-settings';

const draft = (change: Partial<SettingsDraft> = {}): SettingsDraft => ({
  slots: [],
  closures: [],
  pickup_lead_minutes: '20',
  delivery_lead_minutes: '45',
  slot_interval_minutes: '15',
  company_name: '',
  address_line: '',
  phone: '',
  impressum_text: '',
  show_impressum: false,
  ...change,
});

describe('store settings checks', () => {
  it('allows a slot that runs past midnight but not one that opens and closes at once', () => {
    expect(isOvernight('18:00', '01:00')).toBe(true);
    expect(isOvernight('11:00', '14:00')).toBe(false);
    const ok = checkSettings(draft({ slots: [{ key: 'a', day: 5, open: '18:00', close: '01:00', label: '', label_en: '' }] }));
    expect(ok.body?.store_hours).toEqual([{ day_of_week: 5, open_time: '18:00', close_time: '01:00', label: '', label_en: '' }]);
    const same = checkSettings(draft({ slots: [{ key: 'a', day: 5, open: '18:00', close: '18:00', label: '', label_en: '' }] }));
    expect(same.body).toBeNull();
    expect(same.errors[slotError('a', 'close')]).toBe('settings.errors.same_time');
  });

  it('refuses bad times, duplicate dates and out-of-range numbers', () => {
    const result = checkSettings(
      draft({
        slots: [{ key: 'a', day: 1, open: '24:00', close: '7:00', label: 'x'.repeat(61), label_en: '' }],
        closures: [
          { key: 'c1', date: '2099-12-24', note: '' },
          { key: 'c2', date: '2099-12-24', note: '' },
          { key: 'c3', date: '2099-02-30', note: '' },
        ],
        pickup_lead_minutes: '-1',
        delivery_lead_minutes: '',
        slot_interval_minutes: '7',
      }),
    );
    expect(result.body).toBeNull();
    expect(result.errors).toEqual({
      [slotError('a', 'open')]: 'settings.errors.time',
      [slotError('a', 'close')]: 'settings.errors.time',
      [slotError('a', 'label')]: 'settings.errors.label_long',
      [closureError('c2')]: 'settings.errors.duplicate_date',
      [closureError('c3')]: 'settings.errors.date',
      pickup_lead_minutes: 'settings.errors.lead',
      delivery_lead_minutes: 'settings.errors.lead',
      slot_interval_minutes: 'errors.choose',
    });
  });

  it('places a refusal by the index of the entry that was sent, saying it in the UI language', () => {
    const german = i18n.getFixedT('de');
    const check = 'Bitte prüfen Sie diese Angabe.';
    const hours = new ApiError(400, 'store_hours[1].close_time: must differ from open_time', 'invalid', 'store_hours');
    expect(placeServerError(hours, ['a', 'b'], [], german)).toEqual({ [slotError('b', 'close')]: check });
    const closure = new ApiError(400, 'closures[0].date: must be YYYY-MM-DD', 'invalid', 'closures');
    expect(placeServerError(closure, [], ['c'], german)).toEqual({ [closureError('c')]: check });
    const unknown = new ApiError(400, 'store_hours: too many entries', 'invalid', 'store_hours');
    expect(placeServerError(unknown, ['a'], [], german)).toEqual({ store_hours: check });
    expect(placeServerError(new ApiError(400, 'x', 'invalid', 'phone'), [], [], i18n.getFixedT('en'))).toEqual({
      phone: 'Please check this entry.',
    });
    expect(placeServerError(new ApiError(500, 'boom'), [], [], german)).toBeNull();
  });

  it('sends the terms texts the record has, each at most 50,000 characters', () => {
    const texts = { terms_text: 'AGB', terms_text_en: '', withdrawal_text: 'Widerruf', withdrawal_text_en: 'Withdrawal' };
    expect(checkSettings(draft(texts)).body).toMatchObject(texts);
    const without = checkSettings(draft()).body;
    for (const name of ['terms_text', 'terms_text_en', 'withdrawal_text', 'withdrawal_text_en']) {
      expect(without).not.toHaveProperty(name);
    }
    const long = checkSettings(draft({ ...texts, withdrawal_text: 'x'.repeat(50_001), terms_text_en: 'x'.repeat(50_000) }));
    expect(long.body).toBeNull();
    expect(long.errors).toEqual({ withdrawal_text: 'errors.too_long' });
  });

  it('sends the English label of each slot, and the English texts only when the record has them', () => {
    const slot = { key: 'a', day: 1, open: '11:30', close: '14:30', label: 'Mittagstisch', label_en: ' Lunch ' };
    const withTexts = checkSettings(draft({ slots: [slot], impressum_text_en: 'Legal notice', privacy_text_en: '' }));
    expect(withTexts.body?.store_hours).toEqual([
      { day_of_week: 1, open_time: '11:30', close_time: '14:30', label: 'Mittagstisch', label_en: 'Lunch' },
    ]);
    expect(withTexts.body).toMatchObject({ impressum_text_en: 'Legal notice', privacy_text_en: '' });
    const without = checkSettings(draft({ slots: [slot] }));
    expect(without.body).not.toHaveProperty('impressum_text_en');
    expect(without.body).not.toHaveProperty('privacy_text_en');

    const long = checkSettings(draft({ slots: [{ ...slot, label_en: 'x'.repeat(61) }] }));
    expect(long.errors).toEqual({ [slotError('a', 'label_en')]: 'settings.errors.label_long' });
    const refused = new ApiError(400, 'store_hours[0].label_en: at most 60 characters', 'invalid', 'store_hours');
    expect(placeServerError(refused, ['a'], [], i18n.getFixedT('en'))).toEqual({
      [slotError('a', 'label_en')]: 'Please check this entry.',
    });
  });
});
