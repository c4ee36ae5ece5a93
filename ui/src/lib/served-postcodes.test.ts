import { describe, expect, it } from 'vitest';
import { isServedZip, servedPostcodeFor } from './served-postcodes';
import type { PostcodeRecord } from './store-api';

const record = (postcode: string): PostcodeRecord =>
  ({ id: 1, store_id: 14, postcode, minimum_order_amount: 0, delivery_fee: 0, delivery_time: 30 }) as PostcodeRecord;

describe('isServedZip', () => {
  it('matches a known postcode regardless of spaces and case', () => {
    const list = [record('10115'), record('SW1A 1AA')];
    expect(isServedZip(' 10115 ', list)).toBe(true);
    expect(isServedZip('sw1a1aa', list)).toBe(true);
  });

  it('refuses unknown or empty postcodes', () => {
    expect(isServedZip('10116', [record('10115')])).toBe(false);
    expect(isServedZip('', [record('10115')])).toBe(false);
  });
});

describe('servedPostcodeFor', () => {
  it("gives the zone of an address's postcode, so its fee and minimum can be chosen", () => {
    const zone = { ...record('10405'), id: 2, delivery_fee: 3, minimum_order_amount: 20 };
    expect(servedPostcodeFor(' 10405', [record('10115'), zone])).toBe(zone);
    expect(servedPostcodeFor('10999', [record('10115'), zone])).toBeUndefined();
  });
});
