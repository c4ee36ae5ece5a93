import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../api-error';
import { getRuntimeConfig } from '../runtime-config';
import { getCurrentUser } from './auth-api';
import {
  clearSessionAndCart,
  clearStoredSession,
  EMPTY_SESSION,
  readStoredSession,
  sessionFromPayload,
  storeSession,
  updateStoredUser,
  type AuthUser,
  type LoginPayload,
  type Session,
} from './session';

export interface AuthContextValue {
  user: AuthUser | null;
  token: string | null;
  /** True until the stored session has been checked at start-up. */
  loading: boolean;
  /** Stores a /login success payload and signs in. */
  login: (payload: LoginPayload) => void;
  /** Replaces the signed-in user (e.g. after editing the profile), keeping the token. */
  updateUser: (user: AuthUser) => void;
  /** Empties session and cart, then reloads to `path` under the base path (default: the app home). */
  logout: (path?: string) => void;
}

/** The URL of a page under the base path, e.g. "admin" → "/order-online/admin". */
export function appUrl(path = ''): string {
  const base = getRuntimeConfig().basePath.replace(/\/$/, '');
  return `${base}/${path.replace(/^\//, '')}`;
}

function reloadTo(path?: string) {
  window.location.assign(appUrl(path));
}

// Outside a provider (isolated component tests) everything reads as signed out.
const AuthContext = createContext<AuthContextValue>({
  ...EMPTY_SESSION,
  loading: false,
  login: storeSession,
  updateUser: updateStoredUser,
  logout: (path) => {
    clearSessionAndCart();
    reloadTo(path);
  },
});

export interface AuthProviderProps {
  children: ReactNode;
  /** Ask the server whether the restored token is still valid (GET /users/me). */
  verify?: boolean;
  /** Where logout goes; tests replace the page reload. */
  onLogout?: (path?: string) => void;
}

export function AuthProvider({ children, verify = true, onLogout = reloadTo }: AuthProviderProps) {
  const [session, setSession] = useState<Session>(() => readStoredSession());
  const [loading, setLoading] = useState(() => verify && session.token !== null);

  useEffect(() => {
    if (!loading) return;
    let active = true;
    getCurrentUser().then(
      (user) => {
        if (!active) return;
        updateStoredUser(user);
        setSession((current) => (current.token === null ? current : { ...current, user }));
        setLoading(false);
      },
      (error: unknown) => {
        if (!active) return;
        if (error instanceof ApiError && error.status === 401) {
          clearStoredSession();
          setSession(EMPTY_SESSION);
        } else {
          // Offline or a server hiccup: keep the stored session, the next call decides.
          console.error('Checking the session failed', error);
        }
        setLoading(false);
      },
    );
    return () => {
      active = false;
    };
    // Runs once at start-up; later logins do not need a check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const login = useCallback((payload: LoginPayload) => {
    storeSession(payload);
    setSession(sessionFromPayload(payload));
    setLoading(false);
  }, []);

  const updateUser = useCallback((user: AuthUser) => {
    updateStoredUser(user);
    setSession((current) => (current.token === null ? current : { ...current, user }));
  }, []);

  const logout = useCallback(
    (path?: string) => {
      clearSessionAndCart();
      setSession(EMPTY_SESSION);
      onLogout(path);
    },
    [onLogout],
  );

  const value = useMemo(
    () => ({ user: session.user, token: session.token, loading, login, updateUser, logout }),
    [session, loading, login, updateUser, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  return useContext(AuthContext);
}
