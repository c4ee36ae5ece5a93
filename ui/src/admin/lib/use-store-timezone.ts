import { getRuntimeConfig } from '../../lib/runtime-config';
import { useAsync, type AsyncResult } from '../../lib/use-async';
import { getStoreSettings } from '../api/store-admin-api';
import type { StoreSettings } from '../types';
import { DEFAULT_TIMEZONE } from './order-format';

/** GET /stores/{id} for an admin screen. */
export function useAdminStore(): AsyncResult<StoreSettings> {
  const { storeId } = getRuntimeConfig();
  return useAsync(() => getStoreSettings(storeId), `admin-store-${storeId}`);
}

/** The store's time zone from its record; the default while it loads or when it cannot be loaded. */
export function storeTimezone(store: AsyncResult<StoreSettings>): string {
  return store.status === 'success' && store.data.timezone ? store.data.timezone : DEFAULT_TIMEZONE;
}
