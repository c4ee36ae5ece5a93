import { describe, expect, it } from 'vitest';
import { MOBILE_POSTCODE_LENGTH, postcodeParts } from './postcodes';

describe('the header postcode text', () => {
  it('is cut after 14 characters, the rest kept for wider screens', () => {
    expect(MOBILE_POSTCODE_LENGTH).toBe(14);
    expect(postcodeParts('Postleitzahl wählen')).toEqual({ shown: 'Postleitzahl w', rest: 'ählen' });
    expect(postcodeParts('10115')).toEqual({ shown: '10115', rest: '' });
    expect(postcodeParts('12345678901234')).toEqual({ shown: '12345678901234', rest: '' });
  });
});
