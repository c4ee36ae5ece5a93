import type { PostcodeRecord } from '../../../lib/store-api';

// The postcode dialog's search; only the dialog (a lazy chunk) loads it.

/** Postcodes containing the typed text, case-insensitive; everything for an empty text. */
export function filterPostcodes(postcodes: readonly PostcodeRecord[], text: string): PostcodeRecord[] {
  const needle = text.trim().toLowerCase();
  return postcodes.filter((record) => record.postcode.toLowerCase().includes(needle));
}

/** The postcode the text names exactly (ignoring case and outer spaces), else null. */
export function exactPostcode(postcodes: readonly PostcodeRecord[], text: string): PostcodeRecord | null {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return null;
  return postcodes.find((record) => record.postcode.toLowerCase() === wanted) ?? null;
}

/** The next highlight index for an arrow key, wrapping at both ends; -1 = nothing highlighted. */
export function moveHighlight(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}
