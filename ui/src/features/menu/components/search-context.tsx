import { createContext, useMemo, useState, type ReactNode } from 'react';
import { useRequiredContext } from '../../../lib/required-context';

interface SearchState {
  query: string;
  setQuery: (query: string) => void;
}

const SearchContext = createContext<SearchState | null>(null);

/** The menu search text, shared by the desktop field and the header's mobile search modal. */
export function SearchProvider({ children }: { children: ReactNode }) {
  const [query, setQuery] = useState('');
  const value = useMemo(() => ({ query, setQuery }), [query]);
  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}

export function useMenuSearch(): SearchState {
  return useRequiredContext(SearchContext, 'useMenuSearch');
}
