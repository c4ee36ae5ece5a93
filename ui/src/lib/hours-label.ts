/**
 * An opening-hours label as customers see it: 'morning time' is hidden and ** is
 * stripped (the server cleans them the same way).
 */
export function cleanLabel(label: string | null | undefined): string {
  const stripped = (label ?? '').replaceAll('**', '').trim();
  return stripped.toLowerCase() === 'morning time' ? '' : stripped;
}
