import { useEffect } from 'react';
import { ApiError } from '../../lib/api-error';
import { useAuth } from '../../lib/auth';
import { useAsync, type AsyncResult } from '../../lib/use-async';

/**
 * Loads the data of one admin screen. Like the catalog, an answer of 401 or 403
 * (expired token, lost admin role) signs out and leads back to the admin login.
 */
export function useAdminData<T>(load: () => Promise<T>, key: string): AsyncResult<T> {
  const { logout } = useAuth();
  const state = useAsync(load, key);
  const refused =
    state.status === 'error' && state.error instanceof ApiError && (state.error.status === 401 || state.error.status === 403);
  useEffect(() => {
    if (refused) logout('admin');
  }, [refused, logout]);
  return state;
}
