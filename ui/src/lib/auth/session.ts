import { SESSION_KEY } from '../api-client';

/** The signed-in user as /login and /users/me describe it. */
export interface AuthUser {
  id?: number;
  email?: string;
  customer_name?: string;
  role?: string;
  phone?: string;
}

/** The /login success payload; stored whole as the session record. */
export interface LoginPayload {
  access_token?: string;
  token?: string;
  token_type?: string;
  expires_in?: number;
  user?: AuthUser;
  message?: string;
}

export interface Session {
  user: AuthUser | null;
  token: string | null;
}

export const EMPTY_SESSION: Session = { user: null, token: null };

/** Cart keys that go with a session: logging out empties the cart as well. */
export const CART_STORAGE_KEYS = ['cartItems', 'orderNote'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Session from a login payload: signed in only when it carries both a bearer token and a user. */
export function sessionFromPayload(payload: unknown): Session {
  if (!isRecord(payload)) return EMPTY_SESSION;
  const { access_token, token, user } = payload;
  const bearer =
    typeof access_token === 'string' && access_token !== ''
      ? access_token
      : typeof token === 'string' && token !== ''
        ? token
        : null;
  if (bearer === null || !isRecord(user)) return EMPTY_SESSION;
  return { user: user as AuthUser, token: bearer };
}

/**
 * The session restored from sessionStorage. A record that cannot be parsed is
 * logged and dropped, so the app starts signed out.
 */
export function readStoredSession(storage: Storage = sessionStorage): Session {
  let raw: string | null;
  try {
    raw = storage.getItem(SESSION_KEY);
  } catch {
    return EMPTY_SESSION;
  }
  if (raw === null) return EMPTY_SESSION;
  try {
    return sessionFromPayload(JSON.parse(raw));
  } catch {
    console.error('Failed to parse userData');
    storage.removeItem(SESSION_KEY);
    return EMPTY_SESSION;
  }
}

/** Stores the whole login payload as the session record (the fetch helper reads its token). */
export function storeSession(payload: LoginPayload, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(SESSION_KEY, JSON.stringify(payload));
  } catch (error) {
    console.error('Failed to store userData', error);
  }
}

/** Replaces the user inside the stored record, keeping the token. */
export function updateStoredUser(user: AuthUser, storage: Storage = sessionStorage): void {
  try {
    const raw = storage.getItem(SESSION_KEY);
    const payload: unknown = raw === null ? null : JSON.parse(raw);
    if (isRecord(payload)) storage.setItem(SESSION_KEY, JSON.stringify({ ...payload, user }));
  } catch {
    // A broken record is dropped on the next restore anyway.
  }
}

export function clearStoredSession(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(SESSION_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/** What logout removes: the session record and the cart with its note. */
export function clearSessionAndCart(
  session: Storage = sessionStorage,
  local: Storage = localStorage,
): void {
  clearStoredSession(session);
  for (const key of CART_STORAGE_KEYS) {
    try {
      local.removeItem(key);
    } catch {
      // Storage can be unavailable (private mode).
    }
  }
}

/** The first word of the customer name (falls back to the e-mail's local part). */
export function firstName(user: AuthUser | null): string {
  const name = user?.customer_name?.trim();
  if (name) return name.split(/\s+/)[0] ?? name;
  const email = user?.email?.trim();
  return email ? (email.split('@')[0] ?? email) : '';
}
