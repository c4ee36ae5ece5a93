/** Lower-cased and without accents, so "kase" finds "Käse". */
export function normalize(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Keeps the items whose text contains every word of the query (case- and accent-insensitive). */
export function filterItems<T>(items: readonly T[], query: string, text: (item: T) => string): T[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = normalize(text(item));
    return words.every((word) => haystack.includes(word));
  });
}
