/** Header text on mobile: cut to 14 characters plus "..." (spec §2). */
export const MOBILE_POSTCODE_LENGTH = 14;

export function postcodeLabel(text: string, mobile: boolean): string {
  return mobile && text.length > MOBILE_POSTCODE_LENGTH ? `${text.slice(0, MOBILE_POSTCODE_LENGTH)}...` : text;
}
