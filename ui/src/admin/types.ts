import type { PriceLabels } from '../lib/menu-api';
import type { VatLine } from '../lib/order-types';

/** A record the admin area edits carries its version: send it back in `If-Match` (see lib/edit-version.ts). */
export interface Versioned {
  /** Changes with every change of the record; a save on an older one answers 409 `edit_conflict`. */
  version?: string;
}

export interface Tax extends Versioned {
  id: number;
  name: string;
  percentage: number;
}

export interface Category extends Versioned {
  id: number;
  name: string;
  name_en: string | null;
  description: string | null;
  description_en: string | null;
  sort_order: number;
  visible: boolean;
}

/** With its deposit, net content and the unit price the server computes (PAngV). */
export interface Variant extends PriceLabels {
  id?: number;
  name: string;
  name_en: string | null;
  price: number;
  /** false = this size is sold out (absent in a form's new row: on sale). */
  available?: boolean;
  /** When a sold-out mark ends by itself (ISO instant); null: until switched back. */
  sold_out_until?: string | null;
}

export type ProductType = 'simple' | 'variable';

/** A variable product's deposit and net content are null here and set on each variant. */
export interface Product extends Versioned, PriceLabels {
  id: number;
  category_id: number;
  name: string;
  name_en: string | null;
  description: string | null;
  description_en: string | null;
  price: number;
  tax_id: number;
  type: ProductType;
  variants: Variant[];
  image_url: string | null;
  sort_order: number;
  available: boolean;
  /** When a sold-out mark ends by itself (ISO instant, "until tomorrow"); null: until switched back. */
  sold_out_until?: string | null;
  /** How many are made a business day; null: no limit. */
  daily_stock?: number | null;
  /** Declared to contain no labelled allergens or additives (not the same as "no codes yet"). */
  no_allergens?: boolean;
  /** Sold only to persons of at least this age (16 or 18); null: to anyone. */
  age_restriction?: number | null;
}

export interface Topping extends Versioned {
  id: number;
  name: string;
  name_en: string | null;
  price: number;
  /** Declared to contain no labelled allergens or additives. */
  no_allergens?: boolean;
  /** false = sold out wherever it is offered. */
  available?: boolean;
  /** When a sold-out mark ends by itself (ISO instant); null: until switched back. */
  sold_out_until?: string | null;
}

export interface ToppingGroup extends Versioned {
  id: number;
  name: string;
  name_en: string | null;
  min_selections: number;
  max_selections: number;
}

export interface GroupItem extends Versioned {
  id: number;
  topping_group_id: number;
  topping_id: number;
  price: number;
  sort_order: number;
}

export interface ProductGroup extends Versioned {
  id: number;
  product_id: number;
  topping_group_id: number;
  sort_order: number;
}

export interface Allergy extends Versioned {
  id: number;
  code: string;
  name: string;
  name_en: string | null;
}

export type ItemType = 'product' | 'topping';

export interface ItemAllergy extends Versioned {
  id: number;
  item_type: ItemType;
  item_id: number;
  allergy_id: number;
}

export interface Banner extends Versioned {
  id: number;
  image_url: string;
  alt: string;
  sort_order: number;
}

/** GET /admin/catalog: every record, including hidden categories and sold-out products. */
export interface Catalog {
  taxes: Tax[];
  categories: Category[];
  products: Product[];
  toppings: Topping[];
  topping_groups: ToppingGroup[];
  group_items: GroupItem[];
  product_groups: ProductGroup[];
  allergies: Allergy[];
  item_allergies: ItemAllergy[];
  banners: Banner[];
}

export type CatalogKey = keyof Catalog;

export const EMPTY_CATALOG: Catalog = {
  taxes: [],
  categories: [],
  products: [],
  toppings: [],
  topping_groups: [],
  group_items: [],
  product_groups: [],
  allergies: [],
  item_allergies: [],
  banners: [],
};

/** One opening slot. day_of_week 0–6 with Sunday = 0; a close before the open runs past midnight. */
export interface StoreHour {
  day_of_week: number;
  open_time: string;
  close_time: string;
  label: string;
  /** The English label; empty: the storefront shows `label` in English too. */
  label_en?: string;
}

/** A whole day the store is closed (store time zone). */
export interface Closure {
  date: string;
  note: string;
}

/** GET /stores/{id}: the store record with hours, closures, pause and pre-order settings. */
export interface StoreSettings extends Versioned {
  id: number;
  brand: string;
  company_name: string;
  address_line: string;
  phone: string;
  show_impressum: boolean;
  impressum_text: string;
  /** The privacy policy (Datenschutzerklärung). */
  privacy_text?: string;
  /** The English Impressum; empty: the storefront shows the German one in English too. */
  impressum_text_en?: string;
  /** The English privacy policy; empty: the storefront shows the German one in English too. */
  privacy_text_en?: string;
  /** The terms (AGB), shown on the storefront's terms page. */
  terms_text?: string;
  /** The English terms; empty: the storefront shows the German ones in English too. */
  terms_text_en?: string;
  /** The withdrawal information (Widerrufsbelehrung), shown below the terms. */
  withdrawal_text?: string;
  /** The English withdrawal information; empty: the storefront shows the German one in English too. */
  withdrawal_text_en?: string;
  timezone: string;
  paypal_client_id?: string;
  store_hours: StoreHour[];
  closures: Closure[];
  paused: boolean;
  pickup_lead_minutes: number;
  delivery_lead_minutes: number;
  slot_interval_minutes: number;
  /** Open for orders now, and why not (see ClosedReason). */
  is_open?: boolean;
  closed_reason?: ClosedReason | null;
  auto_pause?: AutoPause | null;
  /** Cash is offered in the storefront and phone orders are taken (false in the fiscal mode `cashless`). */
  cash_payment?: boolean;
}

/** Why the shop is closed (GET /stores/{id}, the live status). */
export type ClosedReason = 'clock_untrusted' | 'not_ready' | 'auto_paused' | 'paused' | 'closure' | 'outside_hours';

/** Ordering paused itself after `unanswered` orders in a row were not answered. */
export interface AutoPause {
  unanswered: number;
  since: string;
}

/** The body of PUT /stores/{id}: the record without id, brand, timezone, paypal_client_id, the status and cash_payment. */
export type StoreSettingsBody = Omit<
  StoreSettings,
  'id' | 'brand' | 'timezone' | 'paypal_client_id' | 'is_open' | 'closed_reason' | 'auto_pause' | 'cash_payment' | 'version'
>;

/** GET /admin/readiness: what the shop still lacks before it may open. */
export interface ReadinessFinding {
  code: string;
  key: string;
  /** error (law or ordering needs it) and warning (advice) keep the shop closed until fixed or confirmed; hidden: the item is not sold, the shop stays open. */
  severity: 'error' | 'warning' | 'hidden';
  subject: { kind: 'setting' | 'product' | 'topping' | 'config' | 'storefront' | 'fiscal'; id: number | null; name: string | null; key: string | null };
  /** Admin path that fixes it, or null (configuration file). */
  link: string | null;
  /** English, for logs. */
  detail: string;
  confirmed: boolean;
}

export interface Readiness {
  ready: boolean;
  findings: ReadinessFinding[];
  confirmation: { confirmed_at: string; admin_id: number | null; by_upgrade: boolean; finding_keys: string[] } | null;
}

export type DiscountCode = 'DELIVERY_DISCOUNT' | 'PICKUP_DISCOUNT';

/** GET /admin/discounts: each discount, expired ones included. */
export interface AdminDiscount extends Versioned {
  code: DiscountCode;
  value: number;
  /** The last day it applies, or null for no expiry. */
  expires_on: string | null;
  active: boolean;
}

/** A delivery zone. Amounts in euros, delivery_time in minutes. */
export interface Postcode extends Versioned {
  id: number;
  store_id: number;
  postcode: string;
  minimum_order_amount: number;
  delivery_fee: number;
  delivery_time: number;
}

/** GET /admin/outbox: a mail the server kept because no SMTP server is configured. */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  /** Plain text. */
  body: string;
  /** Unix seconds. */
  created_at: number;
  sent?: boolean;
}

/** GET /admin/support-messages: one message from the storefront's contact form. */
export interface SupportMessage {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** Unix seconds. */
  received_at: number;
}

/** The figures of a business day or a period (GET /admin/reports/revenue). Amounts in euros. */
export interface RevenueFigures {
  /** Orders not rejected. */
  orders: number;
  rejected: number;
  /** The sum of the totals of the orders not rejected, without the tips. */
  revenue: number;
  /** Of the revenue, paid in cash and online (PayPal). */
  cash: number;
  online: number;
  /** The tips paid online on top of the revenue (not part of it): outside the VAT base, in no VAT line. */
  tips: number;
  /** Of the revenue, the deposits (Pfand) charged with the goods. */
  deposit: number;
  /** The VAT in the revenue, one line per rate. */
  vat: VatLine[];
  /** What coupon codes took off (the revenue is after it). */
  coupons: number;
  /** The revenue per order not rejected; 0 without orders. */
  average_basket: number;
  /** The orders of each type and their revenue. */
  delivery: RevenueShare;
  pickup: RevenueShare;
  dine_in: RevenueShare;
  /** Of the orders, how many were paid in cash and online. */
  cash_orders: number;
  online_orders: number;
  /** The articles and toppings sold most (by quantity), at most ten each. */
  top_products: SoldItem[];
  top_toppings: SoldItem[];
}

/** The orders of one kind and their revenue. */
export interface RevenueShare {
  orders: number;
  revenue: number;
}

/** How much of an article (`<product id>` or `<product id>-<variant id>`) or a topping was sold, at the lines' prices. */
export interface SoldItem {
  key: string;
  name: string;
  quantity: number;
  revenue: number;
}

/** How the days of a revenue report are grouped: ISO weeks run Monday to Sunday. */
export type RevenueGrouping = 'day' | 'week' | 'month';

/** One day, ISO week ("2026-W48") or month ("2026-11") of a report, cut to its period. */
export interface RevenueGroup {
  key: string;
  from: string;
  to: string;
  figures: RevenueFigures;
}

/** One business day (store time zone, "yyyy-MM-dd") that had orders. */
export interface RevenueDay {
  date: string;
  figures: RevenueFigures;
}

/** GET /admin/reports/revenue: a period's figures in total and for each day with orders, in date order. */
export interface RevenueReport {
  from: string;
  to: string;
  group: RevenueGrouping;
  totals: RevenueFigures;
  days: RevenueDay[];
  /** Every day, week or month of the period, those without orders too. */
  groups: RevenueGroup[];
  /** The orders by weekday of their business day (7 rows, Monday first) and hour of the store's clock they were placed in (24 columns). */
  hours_of_week: number[][];
}

/**
 * How the cash of the shop's orders is recorded for the tax office: `tse` (signed by the
 * shop's cloud TSE), `pos` (booked in the restaurant's own certified till) or `cashless`
 * (no cash at all: online payment only, no phone orders).
 */
export type FiscalMode = 'tse' | 'pos' | 'cashless';

/** Who made a fiscal choice or a confirmation: an admin, or the configuration file. */
export interface FiscalChooser {
  kind: 'admin' | 'configuration';
  admin_id: number | null;
  /** Empty for the configuration file. */
  email: string;
  /** The admin's name, or the name in `fiscal.pos_confirmed_by`. */
  name: string;
}

/** One choice of fiscal mode. Times are UTC, RFC 3339. */
export interface FiscalChoice {
  mode: FiscalMode;
  chosen_at: string;
  chosen_by: FiscalChooser;
  /** `pos` only: the owner's confirmation that every cash payment is booked in the certified till. */
  pos_confirmation: { by: FiscalChooser; at: string } | null;
}

/** GET /admin/fiscal (and the answer of PUT /admin/fiscal). */
export interface Fiscal {
  /** The choice that holds; null while none was made (the shop stays closed). */
  current: FiscalChoice | null;
  /** Every choice, oldest first. */
  history: FiscalChoice[];
  /** Cash is offered in the storefront and phone orders are taken. */
  takes_cash: boolean;
  /** Online payment (PayPal) is configured. */
  online_payment: boolean;
  /** `fiscal.mode` of the configuration file, which chooses only while the shop has no choice of its own. */
  configured_mode: FiscalMode | null;
  /** The cloud TSE: whether it is configured, its setup and its outages. */
  tse: FiscalTse;
}

/** What the owner registers with the tax office (ELSTER) once the TSE's setup finished. */
export interface TseRegistration {
  tss_serial_number: string;
  /** Base64. */
  tss_public_key: string;
  /** Base64. */
  tss_certificate: string;
  signature_algorithm: string;
  signature_timestamp_format: string;
  /** Null when fiskaly does not name it; its certificate does. */
  bsi_certification_id: string | null;
  /** Unix seconds: when the TSE went into service. */
  initialized_at: number | null;
  /** The till's serial number, as fiskaly knows its client. */
  client_serial_number: string;
}

/** The shop's TSE and till at fiskaly; `registration` is null until the setup finished. */
export interface TseSetup {
  tss_id: string;
  client_id: string;
  till_serial: string;
  /** UTC, RFC 3339. */
  begun_at: string;
  registration: TseRegistration | null;
}

/** A time the TSE could not be reached; orders flowed unsigned meanwhile. */
export interface TseOutage {
  /** UTC, RFC 3339. */
  started_at: string;
  /** Null while it lasts. */
  ended_at: string | null;
  /** The first failure, in the server's English. */
  reason: string;
  /** The ids of the orders whose TSE step went unsigned. */
  missed_orders: number[];
}

/** The `tse` of GET /admin/fiscal. */
export interface FiscalTse {
  /** `fiscal.tse_api_key` and `fiscal.tse_api_secret` are set. */
  configured: boolean;
  /** Null until the setup began. */
  setup: TseSetup | null;
  /** The outage that lasts now, if any. */
  outage: TseOutage | null;
  /** Every outage, oldest first. */
  outages: TseOutage[];
}

/** The body of PUT /admin/fiscal. */
export interface FiscalBody {
  mode: FiscalMode;
  /** Required true for `pos`. */
  pos_confirmed: boolean;
}

/** One VAT rate of a daily closing; amounts in integer cents. */
export interface ClosingVat {
  /** 700 is 7 %. */
  rate_basis_points: number;
  gross_cents: number;
  net_cents: number;
  vat_cents: number;
}

/**
 * A daily closing (Kassenabschluss, "Z-Bon"): a business day's figures, numbered without
 * gaps and never changed once written. Amounts are integer cents.
 */
export interface DailyClosing {
  /** 1, 2, 3, … in the order the days were closed. */
  number: number;
  /** "yyyy-MM-dd", store time. */
  business_date: string;
  /** UTC, RFC 3339. */
  closed_at: string;
  /** `automatic`: the shop after the day's last opening hour; `admin`: on demand. */
  closed_by: 'automatic' | 'admin';
  /** The admin's name and e-mail; empty for an automatic closing. */
  closed_by_name: string;
  closed_by_email: string;
  /** Orders sold (not rejected). */
  orders: number;
  /** Orders rejected (cancellations). */
  cancelled: number;
  gross_cents: number;
  net_cents: number;
  vat_cents: number;
  cash_cents: number;
  online_cents: number;
  /**
   * The day's tips, paid online: not part of `gross_cents` (outside the VAT base); what
   * PayPal took that day is online_cents + tip_cents.
   */
  tip_cents: number;
  /** Of the gross, the deposits (Pfand) charged with the goods. */
  deposit_cents: number;
  /** Per VAT rate, lowest first. */
  vat: ClosingVat[];
  /** The ids of the day's orders the TSE could not sign. */
  unsigned_orders: number[];
}
