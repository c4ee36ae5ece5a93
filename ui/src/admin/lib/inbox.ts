/** One piece of a plain text: either text or a web link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the link ("see https://x.de/a."). */
const TRAILING = /[.,;:!?)\]}>]+$/;

/** The http(s) address `candidate` stands for, or null for anything else. */
function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Splits a plain text into text and http(s) links, so links can be rendered as anchors without HTML. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let rest = 0;
  const push = (piece: string) => {
    if (piece === '') return;
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') last.text += piece;
    else parts.push({ kind: 'text', text: piece });
  };
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    let link = match[0];
    // A closing bracket belongs to the link when the link opened one ("…/Pizza_(Gericht)").
    while (TRAILING.test(link)) {
      const opens = link.split('(').length - 1;
      const closes = link.split(')').length - 1;
      if (link.endsWith(')') && opens >= closes) break;
      link = link.slice(0, -1);
    }
    const href = safeHref(link);
    push(text.slice(rest, start));
    if (href === null) push(link);
    else parts.push({ kind: 'link', text: link, href });
    rest = start + link.length;
  }
  push(text.slice(rest));
  return parts;
}

/** "mailto:" for an address, with its parts escaped so it cannot add headers like "?bcc=". */
export function mailtoHref(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return `mailto:${encodeURIComponent(trimmed)}`;
  return `mailto:${encodeURIComponent(trimmed.slice(0, at))}@${encodeURIComponent(trimmed.slice(at + 1))}`;
}

/** A unix time (seconds) as date and time in the admin's language, on the store's clock (its time zone). */
export function formatTimestamp(seconds: number, language: string, timezone: string): string {
  const locale = language.startsWith('de') ? 'de-DE' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: timezone }).format(
    new Date(seconds * 1000),
  );
}

/** Newest first; the higher id first within the same second. */
export function newestFirst<T extends { id: number }>(items: readonly T[], time: (item: T) => number): T[] {
  return [...items].sort((a, b) => time(b) - time(a) || b.id - a.id);
}
