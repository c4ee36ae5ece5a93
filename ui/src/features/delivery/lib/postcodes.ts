/** Header text on mobile: cut to 14 characters plus "..." (spec §2). */
export const MOBILE_POSTCODE_LENGTH = 14;

/**
 * The header text in what every screen shows and what only wider ones do: the style
 * sheet (delivery.css) shows the rest below 768 px as "...", so the cut needs no
 * script and the server renders it the same for every width.
 */
export function postcodeParts(text: string): { shown: string; rest: string } {
  return { shown: text.slice(0, MOBILE_POSTCODE_LENGTH), rest: text.slice(MOBILE_POSTCODE_LENGTH) };
}
