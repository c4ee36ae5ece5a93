import { useEffect } from 'react';
import { getRuntimeConfig } from './runtime-config';

/** "<Title> | <Brand> Heimservice", or just "<Brand> Heimservice" for the home page. */
export function formatPageTitle(title: string | undefined, brand: string): string {
  const site = `${brand} Heimservice`;
  return title ? `${title} | ${site}` : site;
}

/** Sets the document title for the current page. Titles are English in every language. */
export function usePageTitle(title?: string): void {
  const { brand } = getRuntimeConfig();
  useEffect(() => {
    document.title = formatPageTitle(title, brand);
  }, [title, brand]);
}
