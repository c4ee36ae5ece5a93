import { describe, expect, it } from 'vitest';
import { driverNotes } from './driver-notes';

const customer = {
  customer_name: 'Kim Kunde',
  line1: 'Hauptstraße 1',
  city: 'Berlin',
  zip: '10115',
  country: 'DE',
  phone: '030 123456',
  email: '',
};

describe('driver notes', () => {
  it('are the delivery address notes, trimmed', () => {
    expect(driverNotes({ order_type: 'delivery', customer: { ...customer, notes: ' Hinterhaus, 3. OG ' } })).toBe(
      'Hinterhaus, 3. OG',
    );
  });

  it('are empty for a pickup order, for empty notes and for an order sent without them', () => {
    expect(driverNotes({ order_type: 'pickup', customer: { ...customer, notes: 'Hinterhaus' } })).toBe('');
    expect(driverNotes({ order_type: 'delivery', customer: { ...customer, notes: '   ' } })).toBe('');
    expect(driverNotes({ order_type: 'delivery', customer })).toBe('');
  });
});
