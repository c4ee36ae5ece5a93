import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { rejectionText } from './rejection-text';

const german = i18n.getFixedT('de');
const english = i18n.getFixedT('en');
const NOT_ANSWERED = 'The restaurant did not respond in time.';

describe('rejectionText', () => {
  it('says in the UI language that nobody answered in time, not the English sentence of the server', () => {
    const order = { rejection_reason: NOT_ANSWERED, rejected_by: 'no_one' as const };
    expect(rejectionText(order, german)).toBe('Das Restaurant hat nicht rechtzeitig geantwortet.');
    expect(rejectionText(order, english)).toBe('The restaurant did not respond in time.');
  });

  it("shows the staff's reason as they wrote it, in any language", () => {
    const order = { rejection_reason: 'Leider keine Fahrer frei', rejected_by: 'staff' as const };
    expect(rejectionText(order, german)).toBe('Leider keine Fahrer frei');
    expect(rejectionText(order, english)).toBe('Leider keine Fahrer frei');
  });

  it('shows a reason as written when the order does not say who rejected it', () => {
    expect(rejectionText({ rejection_reason: 'Zu weit weg' }, german)).toBe('Zu weit weg');
    expect(rejectionText({ rejection_reason: 'Zu weit weg', rejected_by: null }, german)).toBe('Zu weit weg');
  });

  it('has nothing to show without a reason', () => {
    expect(rejectionText({ rejection_reason: null, rejected_by: null }, german)).toBeNull();
    expect(rejectionText({ rejection_reason: '', rejected_by: 'staff' }, german)).toBeNull();
  });
});
