import { describe, expect, it } from 'vitest';
import { cleanPhone, MAX_PHONE_LENGTH } from './phone';

describe('cleanPhone', () => {
  it('keeps a leading + and the digits', () => {
    expect(cleanPhone('+49 176 1234-567')).toBe('+491761234567');
    expect(cleanPhone('  +49 (30) 123')).toBe('+4930123');
    expect(cleanPhone('+')).toBe('+');
  });

  it('strips everything else, a + inside too', () => {
    expect(cleanPhone('030 / 123 456')).toBe('030123456');
    expect(cleanPhone('030+123')).toBe('030123');
    expect(cleanPhone('call me')).toBe('');
  });

  it('caps at 15 digits, not counting the +', () => {
    expect(cleanPhone('+1234567890123456789')).toBe('+123456789012345');
    expect(cleanPhone('1234567890123456789')).toBe('123456789012345');
    expect(MAX_PHONE_LENGTH).toBe(16);
  });
});
