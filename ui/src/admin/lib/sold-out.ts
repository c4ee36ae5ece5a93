/**
 * When a sold-out mark ends by itself, in the admin's language on the store's clock:
 * "Di., 24.11., 11:30" / "Tue 24/11, 11:30".
 */
export function formatBackOnSale(iso: string, language: string, timezone: string): string {
  const locale = language.startsWith('de') ? 'de-DE' : 'en-GB';
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: timezone,
  }).format(new Date(iso));
}
