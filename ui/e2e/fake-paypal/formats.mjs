// PayPal's formats: resource ids, debug ids, timestamps and money values.
import { randomBytes, randomInt } from 'node:crypto';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A PayPal-style resource id: 17 random uppercase letters and digits. */
export function paypalId() {
  let id = '';
  for (let i = 0; i < 17; i += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

export const debugId = () => randomBytes(7).toString('hex').slice(0, 13);

/** PayPal's timestamps: ISO 8601 without milliseconds. */
export const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** "23.50" → 2350; only called on values already checked against MONEY. */
export const MONEY = /^\d{1,17}\.\d{2}$/;
export const toCents = (value) => Number(value.replace('.', ''));
export const fromCents = (cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
