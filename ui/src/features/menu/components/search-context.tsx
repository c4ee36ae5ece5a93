import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

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
  const value = useContext(SearchContext);
  if (value === null) throw new Error('useMenuSearch must be used inside <SearchProvider>');
  return value;
}
