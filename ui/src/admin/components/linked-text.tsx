import { splitLinks } from '../lib/inbox';

/**
 * A plain text with its line breaks kept and its http(s) addresses as links.
 * Built from text nodes and anchors only: the text is never parsed as HTML.
 */
export function LinkedText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={`admin-inbox__text${className ? ` ${className}` : ''}`}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
