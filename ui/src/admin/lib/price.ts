/** Largest price the server accepts, in euros. */
export const MAX_PRICE = 999.99;

export type NumberParse = { ok: true; value: number } | { ok: false; error: 'required' | 'format' | 'range' };

/**
 * Parses a decimal typed with a comma or a dot ("1,20", "1.2", "3", "1,20 €") into a
 * number with at most `decimals` decimals, within [min, max].
 */
export function parseDecimal(input: string, { min = 0, max = Infinity, decimals = 2 } = {}): NumberParse {
  const text = input.trim().replace(/\s*€$/, '').replace(/\s+/g, '');
  if (text === '') return { ok: false, error: 'required' };
  const pattern = decimals > 0 ? new RegExp(`^-?\\d+([.,]\\d{1,${decimals}})?$`) : /^-?\d+$/;
  if (!pattern.test(text)) return { ok: false, error: 'format' };
  const value = Number(text.replace(',', '.'));
  if (!Number.isFinite(value)) return { ok: false, error: 'format' };
  if (value < min || value > max) return { ok: false, error: 'range' };
  // Cents as an integer first, so 1.1 + float noise never reaches the server.
  const factor = 10 ** decimals;
  return { ok: true, value: Math.round(value * factor) / factor };
}

/** A euro price: 0–999.99 with at most two decimals. */
export function parsePrice(input: string): NumberParse {
  return parseDecimal(input, { min: 0, max: MAX_PRICE, decimals: 2 });
}

/** A number as the German input shows it: 1.2 → "1,20"; whole numbers keep two decimals for prices. */
export function formatPriceInput(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return value.toFixed(2).replace('.', ',');
}

/** A percentage for an input: 7 → "7", 7.5 → "7,5". */
export function formatDecimalInput(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return String(value).replace('.', ',');
}
