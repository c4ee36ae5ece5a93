import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { ADMIN_NAMESPACE, adminTextsLoaded } from '../i18n';
import type { ReadinessFinding } from '../types';
import { findingText } from './readiness-checklist';

const finding = (code: string, subject: Partial<ReadinessFinding['subject']>): ReadinessFinding => ({
  code,
  key: `${code}:x`,
  severity: 'error',
  subject: { kind: 'product', id: 12, name: null, key: null, ...subject },
  link: null,
  detail: `English detail of ${code}`,
  confirmed: false,
});

describe('readiness findings in the admin language', () => {
  beforeEach(async () => {
    await adminTextsLoaded;
    await i18n.changeLanguage('de');
  });

  it('names the product or topping whose allergens are missing', () => {
    const t = i18n.getFixedT('de', ADMIN_NAMESPACE);
    expect(findingText(finding('allergens_missing', { kind: 'product', name: 'Focaccia' }), t)).toBe(
      'Produkt „Focaccia“: Allergene und Zusatzstoffe sind nicht gekennzeichnet.',
    );
    expect(findingText(finding('allergens_missing', { kind: 'topping', name: 'Rucola' }), t)).toBe(
      'Belag „Rucola“: Allergene und Zusatzstoffe sind nicht gekennzeichnet.',
    );
    const en = i18n.getFixedT('en', ADMIN_NAMESPACE);
    expect(findingText(finding('privacy_missing', { kind: 'setting', key: 'privacy_text' }), en)).toBe(
      'The privacy policy is empty.',
    );
  });

  it('shows the server text for a code this UI does not know yet', () => {
    const t = i18n.getFixedT('en', ADMIN_NAMESPACE);
    expect(findingText(finding('something_new', {}), t)).toBe('English detail of something_new');
  });
});
