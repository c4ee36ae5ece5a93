/**
 * Phone numbers: an optional leading + (international, E.164 style), then digits
 * only, at most 15 of them (spec §5; "+49 176 …" stays international).
 */
export const MAX_PHONE_DIGITS = 15;

/** The longest phone text: the + and 15 digits. */
export const MAX_PHONE_LENGTH = MAX_PHONE_DIGITS + 1;

/** Keeps a leading +, strips everything else but digits and cuts to 15 digits. */
export function cleanPhone(value: string): string {
  const plus = value.trimStart().startsWith('+') ? '+' : '';
  return plus + value.replace(/\D+/g, '').slice(0, MAX_PHONE_DIGITS);
}
