import { describe, expect, it } from 'vitest';
import { formatTimestamp, mailtoHref, newestFirst, splitLinks } from './inbox';

describe('splitLinks', () => {
  it('keeps plain text as one piece', () => {
    expect(splitLinks('Hallo\nWelt')).toEqual([{ kind: 'text', text: 'Hallo\nWelt' }]);
  });

  it('finds http and https links and leaves the sentence punctuation outside', () => {
    expect(splitLinks('Open https://shop.example/reset?token=a1b2. Or http://x.example/a, then.')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', text: 'https://shop.example/reset?token=a1b2', href: 'https://shop.example/reset?token=a1b2' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', text: 'http://x.example/a', href: 'http://x.example/a' },
      { kind: 'text', text: ', then.' },
    ]);
  });

  it('keeps a closing bracket the link opened and drops one it did not', () => {
    expect(splitLinks('(see https://de.example/Pizza_(Gericht))')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'https://de.example/Pizza_(Gericht)', href: 'https://de.example/Pizza_(Gericht)' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never makes links of other schemes or markup', () => {
    const text = 'javascript:alert(1) <a href="https://evil.example">x</a> data:text/html,hi';
    const parts = splitLinks(text);
    expect(parts.filter((part) => part.kind === 'link').map((part) => part.text)).toEqual(['https://evil.example']);
    expect(parts.map((part) => part.text).join('')).toBe(text);
  });
});

describe('mailtoHref', () => {
  it('escapes the address so it cannot add headers', () => {
    expect(mailtoHref('anna@example.com')).toBe('mailto:anna@example.com');
    expect(mailtoHref('a?bcc=x@evil.example')).toBe('mailto:a%3Fbcc%3Dx@evil.example');
  });
});

describe('formatTimestamp', () => {
  it('formats in German and English', () => {
    const seconds = Date.UTC(2026, 2, 14, 12, 0) / 1000;
    expect(formatTimestamp(seconds, 'de', 'Europe/Berlin')).toMatch(/14\.03\.2026|14\. März 2026/);
    expect(formatTimestamp(seconds, 'en', 'Europe/Berlin')).toMatch(/14 Mar 2026/);
  });

  it("shows the store's time, not UTC", () => {
    // 12:00 UTC is 13:00 in Berlin in March (winter time), 14:00 in July.
    expect(formatTimestamp(Date.UTC(2026, 2, 14, 12, 0) / 1000, 'de', 'Europe/Berlin')).toContain('13:00');
    expect(formatTimestamp(Date.UTC(2026, 6, 14, 12, 0) / 1000, 'en', 'Europe/Berlin')).toContain('14:00');
    expect(formatTimestamp(Date.UTC(2026, 6, 14, 12, 0) / 1000, 'en', 'UTC')).toContain('12:00');
  });
});

describe('newestFirst', () => {
  it('sorts by time, then by id', () => {
    const items = [
      { id: 1, at: 10 },
      { id: 3, at: 20 },
      { id: 2, at: 20 },
    ];
    expect(newestFirst(items, (item) => item.at).map((item) => item.id)).toEqual([3, 2, 1]);
  });
});
