/** Order timestamps (UTC RFC 3339) shown in the store's time zone. */

const LOCALES: Record<string, string> = { de: 'de-DE', en: 'en-GB' };

function format(iso: string, timezone: string, options: Intl.DateTimeFormatOptions, locale = 'de-DE'): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timezone || undefined }).format(at);
  } catch {
    // An unknown zone name: the device zone is the best remaining guess.
    return new Intl.DateTimeFormat(locale, options).format(at);
  }
}

/** "18:05" in the store's zone. */
export function clockTime(iso: string, timezone: string): string {
  return format(iso, timezone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** "22.11.2026, 18:05" (de) or "22/11/2026, 18:05" (en) in the store's zone. */
export function dateTime(iso: string, timezone: string, language: string): string {
  return format(
    iso,
    timezone,
    { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    LOCALES[language] ?? LOCALES.de,
  );
}

/** A pre-order's day (YYYY-MM-DD) as "Do., 3. Dez." (de) or "Thu 3 Dec" (en). */
export function weekdayDate(date: string, language: string): string {
  return format(`${date}T12:00:00Z`, 'UTC', { weekday: 'short', day: 'numeric', month: 'short' }, LOCALES[language] ?? LOCALES.de) || date;
}
