import { render } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { AuthProvider } from '../lib/auth';
import i18n from '../lib/i18n';
import { AdminRoutes } from './admin-routes';

type Answer = { status?: number; body?: unknown };
export type Handler = (init: RequestInit | undefined, url: URL) => Answer | Promise<Answer>;

/** A fetch stub keyed by "METHOD /path" (without the query); records each call. */
export function stubFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (!handler) return new Response(JSON.stringify({ detail: 'Not found', code: 'not_found' }), { status: 404 });
    const answer = await handler(init, url);
    if (answer.status === 204) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made with `method` to `path`, with their parsed JSON bodies. */
export function sent(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

/** The restaurant's owner: the whole admin area. */
export const ADMIN_USER = { id: 1, email: 'admin@example.com', customer_name: 'Anna Admin', role: 'owner' };
/** A member of staff: the orders board, phone orders, pause, sold out and a printer's test print. */
export const STAFF_USER = { id: 7, email: 'luca@example.com', customer_name: 'Luca', role: 'staff' };

export function signInAdmin() {
  sessionStorage.setItem('userData', JSON.stringify({ access_token: 'jwt', user: ADMIN_USER }));
}

export function signInStaff() {
  sessionStorage.setItem('userData', JSON.stringify({ access_token: 'jwt', user: STAFF_USER }));
}

/** Renders the admin area at `path` the way the app mounts it. */
export function renderAdminAt(path: string) {
  return render(
    <I18nextProvider i18n={i18n}>
      <AuthProvider verify={false} onLogout={vi.fn()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="admin/*" element={<AdminRoutes />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </I18nextProvider>,
  );
}
