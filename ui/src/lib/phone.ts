/** Phone numbers are digits only, at most 15 (spec §5). */
export const MAX_PHONE_DIGITS = 15;

/** Strips everything but digits and cuts to 15 digits. */
export function phoneDigits(value: string): string {
  return value.replace(/\D+/g, '').slice(0, MAX_PHONE_DIGITS);
}
