import { vi } from 'vitest';

type Route = { status?: number; body: unknown } | (() => { status?: number; body: unknown });

/**
 * Replaces global fetch with a table of answers keyed by request path
 * (plus query). Unknown paths answer 404 like the server would.
 */
export function mockFetch(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const route = routes[url.pathname + url.search];
    const answer = typeof route === 'function' ? route() : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const body = answer ? answer.body : { detail: 'Not found', code: 'not_found' };
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const demoStore = {
  id: 14,
  brand: 'Bella Napoli',
  company_name: 'Pizzeria Bella Napoli GmbH',
  address_line: 'Hauptstraße 12, 10115 Berlin',
  phone: '030123456',
  show_impressum: true,
  impressum_text: 'Pizzeria Bella Napoli GmbH\nGeschäftsführer: Mario Rossi',
  timezone: 'Europe/Berlin',
  store_hours: [{ day_of_week: 0, open_time: '11:30', close_time: '22:00', label: '' }],
};

export const demoCategories = [
  { id: 1, name: 'Pizza', name_en: 'Pizza', description: 'Aus dem Steinofen', description_en: 'From the stone oven', sort_order: 1, visible: true },
  { id: 2, name: 'Salate', name_en: 'Salads', description: 'Frisch und knackig', description_en: 'Fresh and crisp', sort_order: 2, visible: true },
  { id: 3, name: 'Getränke', name_en: '', description: 'Kalt serviert', description_en: null, sort_order: 3, visible: true },
];
