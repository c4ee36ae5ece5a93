import { getStore, type Store } from './api';
import { getRuntimeConfig } from './runtime-config';
import { useStore } from './store-context';
import { useAsync, type AsyncResult } from './use-async';

/**
 * The store record with its legal texts, for the pages that show them: the record the
 * app holds when it has them, else the store asked for again (the page's copy leaves
 * them out and names them in `legal_texts`).
 */
export function useLegalStore(): AsyncResult<Store> {
  const store = useStore();
  const { storeId } = getRuntimeConfig();
  const held = store.status === 'success' && store.data.legal_texts === undefined ? store.data : undefined;
  const asked = useAsync(() => getStore(storeId), `legal-texts-${storeId}`, () => held);
  return held === undefined ? asked : store;
}
