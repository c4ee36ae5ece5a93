function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The wall-clock time in `timezone` as "yyyy-MM-dd HH:mm:ss" (the device zone if it is unknown). */
export function localTimeIn(timezone: string, at: Date = new Date()): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone || undefined,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
  } catch {
    if (timezone === '') throw new Error('no usable time zone');
    return localTimeIn('', at);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (
    `${part('year')}-${pad(part('month'))}-${pad(part('day'))} ` +
    `${pad(part('hour') % 24)}:${pad(part('minute'))}:${pad(part('second'))}`
  );
}

/** Today's date (YYYY-MM-DD) in `timezone`. */
export function todayIn(timezone: string, at: Date = new Date()): string {
  return localTimeIn(timezone, at).slice(0, 10);
}
