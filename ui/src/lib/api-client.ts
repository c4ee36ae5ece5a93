import { ApiError } from './api-error';

export const SESSION_KEY = 'userData';

/** The bearer credential from the session record: access_token, else token. */
export function readBearerToken(): string | undefined {
  const raw = sessionStorage.getItem(SESSION_KEY);
  if (raw === null) return undefined;
  try {
    const data: unknown = JSON.parse(raw);
    if (typeof data !== 'object' || data === null) return undefined;
    const record = data as { access_token?: unknown; token?: unknown };
    if (typeof record.access_token === 'string' && record.access_token !== '') {
      return record.access_token;
    }
    if (typeof record.token === 'string' && record.token !== '') return record.token;
    return undefined;
  } catch {
    console.error('Failed to parse userData');
    return undefined;
  }
}

interface ErrorBody {
  detail?: string;
  code?: string;
  field?: string;
  params: Record<string, string>;
}

/** The string values of an error's `params`; anything else in it is left out. */
export function stringParams(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export async function readErrorBody(response: Response): Promise<ErrorBody> {
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return { params: {} };
    const { detail, message, code, field, params } = body as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
    return { detail: text(detail) ?? text(message), code: text(code), field: text(field), params: stringParams(params) };
  } catch {
    return { params: {} };
  }
}

/** The store's and menu's answers the server put into the page (`#initial-data`), by path. */
let initialData: Record<string, unknown> | undefined;

/**
 * The page's answer to `GET path`, once: later reads ask the server. Components that
 * render from it at once (`useAsync`'s `fromPage`) paint the first screen complete,
 * without a frame in which it is still loading.
 */
export function takeInitial(path: string): unknown {
  if (initialData === undefined) {
    try {
      initialData = JSON.parse(document.getElementById('initial-data')?.textContent || '{}') as Record<string, unknown>;
    } catch {
      initialData = {};
    }
  }
  const answer = initialData[path];
  delete initialData[path];
  return answer;
}

/**
 * The one fetch helper behind every API call; a storefront's first reads come from the
 * page. Paths are absolute from the origin root (the API is not under the UI base
 * path). No client timeout.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  if (!init.method || init.method === 'GET') {
    const answer = takeInitial(path);
    if (answer !== undefined) return answer as T;
  }
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = readBearerToken();
  if (token !== undefined) headers.set('Authorization', `Bearer ${token}`);

  const response = await fetch(path, { ...init, headers });
  if (!response.ok) {
    const { detail, code, field, params } = await readErrorBody(response);
    throw new ApiError(response.status, detail, code, field, params);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * Logs a failed call and re-throws it (spec §8: API helpers log and re-throw),
 * so the caller decides what the user sees.
 */
export async function logged<T>(what: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    console.error(`${what} failed`, error);
    throw error;
  }
}
