import { vi } from 'vitest';

type Route = { status?: number; body: unknown } | ((init?: RequestInit) => { status?: number; body: unknown });

/**
 * Replaces global fetch with a table of answers keyed by request path
 * (plus query); an answer made by a function is given the request. Unknown paths
 * answer 404 like the server would.
 */
export function mockFetch(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const route = routes[url.pathname + url.search];
    const answer = typeof route === 'function' ? route(init) : route;
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
  cash_payment: true,
};

export const demoCategories = [
  { id: 1, name: 'Pizza', name_en: 'Pizza', description: 'Aus dem Steinofen', description_en: 'From the stone oven', sort_order: 1, visible: true },
  { id: 2, name: 'Salate', name_en: 'Salads', description: 'Frisch und knackig', description_en: 'Fresh and crisp', sort_order: 2, visible: true },
  { id: 3, name: 'Getränke', name_en: '', description: 'Kalt serviert', description_en: null, sort_order: 3, visible: true },
];

const allergen = (id: number, code: string, name: string, name_en: string) => ({ id, code, name, name_en });
const gluten = allergen(1, 'A', 'Glutenhaltiges Getreide', 'Cereals containing gluten');
const milk = allergen(7, 'G', 'Milch', 'Milk');
const tax7 = { id: 1, name: 'Speisen 7 %', percentage: 7 };
const tax19 = { id: 2, name: 'Getränke 19 %', percentage: 19 };

/** Menu products in the contract's shape: a variable pizza with toppings, a salad with a required dressing, drinks. */
export const demoProducts = [
  {
    id: 9, category_id: 1, name: 'Pizza Margherita', name_en: 'Pizza Margherita',
    description: 'Tomatensauce, Mozzarella', description_en: 'Tomato sauce, mozzarella',
    price: 7.9, type: 'variable', tax: tax7,
    variants: [
      { id: 101, name: 'Ø 26 cm', name_en: 'Ø 26 cm', price: 7.9 },
      { id: 102, name: 'Ø 32 cm', name_en: 'Ø 32 cm', price: 9.9 },
    ],
    image_url: null, sort_order: 10, available: true, allergens: [gluten, milk],
    enriched_topping_groups: [
      {
        id: 1, name: 'Extra Beläge', name_en: 'Extra toppings', min_selections: 0, max_selections: 2,
        toppings: [
          { id: 3, name: 'Salami', name_en: 'Salami', price: 1.5, allergens: [] },
          { id: 4, name: 'Pilze', name_en: 'Mushrooms', price: 1, allergens: [] },
          { id: 5, name: 'Oliven', name_en: 'Olives', price: 1.2, allergens: [] },
        ],
      },
    ],
  },
  {
    id: 20, category_id: 2, name: 'Gemischter Salat', name_en: 'Mixed salad',
    description: 'Blattsalat, Tomaten, Gurken', description_en: null,
    price: 6.5, type: 'simple', tax: tax7, variants: [], image_url: '/images/20-abc',
    sort_order: 10, available: true, allergens: [],
    enriched_topping_groups: [
      {
        id: 2, name: 'Dressing', name_en: 'Dressing', min_selections: 1, max_selections: 1,
        toppings: [
          { id: 30, name: 'Joghurt', name_en: 'Yoghurt', price: 0, allergens: [milk] },
          { id: 31, name: 'Balsamico', name_en: 'Balsamic', price: 0.5, allergens: [] },
        ],
      },
    ],
  },
  {
    id: 30, category_id: 3, name: 'Cola 0,33 l', name_en: null, description: null, description_en: null,
    price: 2.5, type: 'simple', tax: tax19, variants: [], image_url: null, sort_order: 10,
    available: true, allergens: [allergen(40, '2', 'Mit Konservierungsstoff', 'With preservative')],
    enriched_topping_groups: [],
  },
  {
    id: 31, category_id: 3, name: 'Apfelschorle', name_en: 'Apple spritzer', description: null, description_en: null,
    price: 2.8, type: 'simple', tax: tax19, variants: [], image_url: null, sort_order: 20,
    available: false, allergens: [], enriched_topping_groups: [],
  },
];
