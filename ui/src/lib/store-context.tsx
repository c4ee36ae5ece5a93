import { createContext, type ReactNode } from 'react';
import { getStore, storeFromPage, type Store } from './api';
import { useAsync, type AsyncResult } from './use-async';
import { getRuntimeConfig } from './runtime-config';
import { useRequiredContext } from './required-context';

const StoreContext = createContext<AsyncResult<Store> | null>(null);

/** Fetches the store record once for the whole app (footer, Impressum, later opening hours). */
export function StoreProvider({ children }: { children: ReactNode }) {
  const { storeId } = getRuntimeConfig();
  // getStore logs failures; consumers decide whether to show them.
  const store = useAsync(() => getStore(storeId), `store-${storeId}`, () => storeFromPage(storeId));
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useStore(): AsyncResult<Store> {
  return useRequiredContext(StoreContext, 'useStore');
}
