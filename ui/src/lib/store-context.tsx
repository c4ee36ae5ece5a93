import { createContext, useContext, type ReactNode } from 'react';
import { getStore, type Store } from './api';
import { useAsync, type AsyncResult } from './use-async';
import { getRuntimeConfig } from './runtime-config';

const StoreContext = createContext<AsyncResult<Store> | null>(null);

/** Fetches the store record once for the whole app (footer, Impressum, later opening hours). */
export function StoreProvider({ children }: { children: ReactNode }) {
  const { storeId } = getRuntimeConfig();
  // getStore logs failures; consumers decide whether to show them.
  const store = useAsync(() => getStore(storeId), `store-${storeId}`);
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useStore(): AsyncResult<Store> {
  const value = useContext(StoreContext);
  if (value === null) throw new Error('useStore must be used inside <StoreProvider>');
  return value;
}
