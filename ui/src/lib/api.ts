import { apiFetch, logged, takeInitial } from './api-client';

export { ApiError } from './api-error';
export { apiFetch, readBearerToken, SESSION_KEY } from './api-client';

export interface StoreHoursEntry {
  day_of_week: number;
  open_time: string;
  close_time: string;
  label: string;
  /** The English label; empty: English shows `label` too. */
  label_en?: string;
}

export interface Store {
  id: number;
  brand: string;
  company_name: string;
  address_line: string;
  phone: string;
  show_impressum: boolean;
  impressum_text: string;
  /** The privacy policy (Datenschutzerklärung). */
  privacy_text?: string;
  /** The English Impressum; empty: English shows `impressum_text` too. */
  impressum_text_en?: string;
  /** The English privacy policy; empty: English shows `privacy_text` too. */
  privacy_text_en?: string;
  /** The terms (AGB), shown on /terms; empty: the storefront links no terms. */
  terms_text?: string;
  /** The English terms; empty: English shows `terms_text` too. */
  terms_text_en?: string;
  /** The withdrawal information (Widerrufsbelehrung), shown below the terms on /terms#withdrawal. */
  withdrawal_text?: string;
  /** The English withdrawal information; empty: English shows `withdrawal_text` too. */
  withdrawal_text_en?: string;
  /**
   * Only in the page's copy of the record, which leaves the legal texts above out: the
   * names of those the store has (not blank). `useLegalStore` gets the texts.
   */
  legal_texts?: string[];
  timezone: string;
  store_hours: StoreHoursEntry[];
  /** Whole closed dates (YYYY-MM-DD, store time zone), today and later. */
  closures?: { date: string; note: string }[];
  /** Ordering paused by the kitchen. */
  paused?: boolean;
  pickup_lead_minutes?: number;
  delivery_lead_minutes?: number;
  slot_interval_minutes?: number;
  /** Why the shop is closed now (clock_untrusted, not_ready, auto_paused, paused, closure, outside_hours). */
  closed_reason?: string | null;
  auto_pause?: { unanswered: number; since: string } | null;
  /** RFC 3339 UTC: when the hours next say open (closures respected); null while open, paused or blocked. */
  next_opening?: string | null;
  /** The shop takes cash (false in the fiscal mode "no cash": customers pay online). */
  cash_payment?: boolean;
}

export interface Category {
  id: number;
  name: string;
  name_en: string | null;
  description: string;
  description_en: string | null;
  sort_order: number;
  visible: boolean;
}

const storePath = (id: number) => `/stores/${encodeURIComponent(id)}`;
const categoriesPath = (storeId: number) => `/categories/?store_id=${encodeURIComponent(storeId)}`;

export function getStore(id: number): Promise<Store> {
  return logged('getStore', apiFetch<Store>(storePath(id)));
}

/** The store as the page carries it, once (`takeInitial`). */
export const storeFromPage = (id: number) => takeInitial(storePath(id)) as Store | undefined;

export function getCategories(storeId: number): Promise<Category[]> {
  return logged('getCategories', apiFetch<Category[]>(categoriesPath(storeId)));
}

/** The categories as the page carries them, once. */
export const categoriesFromPage = (storeId: number) => takeInitial(categoriesPath(storeId)) as Category[] | undefined;
