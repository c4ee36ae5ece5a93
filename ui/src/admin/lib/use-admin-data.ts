import { useEffect } from 'react';
import { ApiError } from '../../lib/api-error';
import { useAuth } from '../../lib/auth';
import type { Page } from '../../lib/paged-list';
import { useAsync, type AsyncResult } from '../../lib/use-async';
import { useMorePages, type MorePages } from '../../lib/use-more-pages';

/** The server refused the admin: expired token or lost admin role. */
const refused = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * Loads the data of one admin screen. Like the catalog, an answer of 401 or 403
 * (expired token, lost admin role) signs out and leads back to the admin login.
 */
export function useAdminData<T>(load: () => Promise<T>, key: string): AsyncResult<T> {
  const { logout } = useAuth();
  const state = useAsync(load, key);
  const signOut = state.status === 'error' && refused(state.error);
  useEffect(() => {
    if (signOut) logout('admin');
  }, [signOut, logout]);
  return state;
}

/** The pages of an admin list after `first` (see useMorePages); a refused page signs out like useAdminData. */
export function useAdminMorePages<T, C>(first: Page<T, C>, loadPage: (cursor: C) => Promise<Page<T, C>>): MorePages<T> {
  const { logout } = useAuth();
  return useMorePages(first, (cursor) =>
    loadPage(cursor).catch((error: unknown) => {
      if (refused(error)) logout('admin');
      throw error;
    }),
  );
}
