import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-error';
import { fieldErrorText } from '../../lib/error-text';
import type { Closure, StoreHour, StoreSettings, StoreSettingsBody } from '../types';

/** The weekdays as the editor lists them: Monday first (day_of_week 0 is Sunday). */
export const WEEK_ORDER: readonly number[] = [1, 2, 3, 4, 5, 6, 0];
export const SLOT_INTERVALS: readonly number[] = [5, 10, 15, 20, 30, 60];
export const LEAD_MIN = 0;
export const LEAD_MAX = 240;
export const LABEL_MAX = 60;
export const NOTE_MAX = 100;
export const TEXT_MAX = 200;
export const IMPRESSUM_MAX = 5000;
export const PRIVACY_MAX = 50_000;
/** The longest terms or withdrawal information (the server's limit). */
export const TERMS_MAX = 50_000;

/** The terms texts, each edited like the privacy policy. */
export const TERMS_FIELDS = ['terms_text', 'withdrawal_text', 'terms_text_en', 'withdrawal_text_en'] as const;
export type TermsField = (typeof TERMS_FIELDS)[number];

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface SlotDraft {
  /** Stable key of the row while editing. */
  key: string;
  day: number;
  open: string;
  close: string;
  label: string;
  /** The English label; empty shows `label` in English too. */
  label_en: string;
}

export interface ClosureDraft {
  key: string;
  date: string;
  note: string;
}

/** The store settings form. Numbers stay text until they are checked. */
export interface SettingsDraft {
  slots: SlotDraft[];
  closures: ClosureDraft[];
  pickup_lead_minutes: string;
  delivery_lead_minutes: string;
  slot_interval_minutes: string;
  company_name: string;
  address_line: string;
  phone: string;
  impressum_text: string;
  show_impressum: boolean;
  /** The privacy policy; undefined when the server's record has none to edit (it is then left as it is). */
  privacy_text?: string;
  /** The English texts; undefined when the server's record has none (they are then left as they are). */
  impressum_text_en?: string;
  privacy_text_en?: string;
  /** The terms (AGB) and the withdrawal information, German and English; undefined when the server's record has none (then left as they are). */
  terms_text?: string;
  withdrawal_text?: string;
  terms_text_en?: string;
  withdrawal_text_en?: string;
}

/**
 * Error messages (i18n keys before the check, server texts after a refusal) by place:
 * a body field ("phone"), a slot part ("slot:<key>:open" / ":close" / ":label" / ":label_en" / "slot:<key>"),
 * a closure ("closure:<key>") or a section ("store_hours", "closures").
 */
export type SettingsErrors = Record<string, string>;

let nextKey = 0;
export function newKey(prefix: string): string {
  nextKey += 1;
  return `${prefix}${nextKey}`;
}

export type SlotPart = 'open' | 'close' | 'label' | 'label_en';

export const slotError = (key: string, part?: SlotPart) =>
  part ? `slot:${key}:${part}` : `slot:${key}`;
export const closureError = (key: string) => `closure:${key}`;

export function isTime(value: string): boolean {
  return TIME.test(value);
}

/** A slot whose close is before its open runs past midnight into the next day. */
export function isOvernight(open: string, close: string): boolean {
  return isTime(open) && isTime(close) && close < open;
}

export function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** "Thu, 24 Dec 2026" in the chosen language; the date itself has no time zone. */
export function formatDay(date: string, language: string): string {
  if (!isDate(date)) return date;
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

function byDayAndTime(a: { day_of_week: number; open_time: string }, b: { day_of_week: number; open_time: string }) {
  return a.day_of_week - b.day_of_week || a.open_time.localeCompare(b.open_time);
}

/** The terms texts `from` has (the server's record or the form), leaving out those it lacks. */
function termsTexts(from: Partial<Record<TermsField, string>>): Partial<Record<TermsField, string>> {
  const texts: Partial<Record<TermsField, string>> = {};
  for (const name of TERMS_FIELDS) {
    const text = from[name];
    if (typeof text === 'string') texts[name] = text;
  }
  return texts;
}

export function draftFromStore(store: StoreSettings): SettingsDraft {
  return {
    slots: [...store.store_hours].sort(byDayAndTime).map((hour) => ({
      key: newKey('slot'),
      day: hour.day_of_week,
      open: hour.open_time,
      close: hour.close_time,
      label: hour.label ?? '',
      label_en: hour.label_en ?? '',
    })),
    closures: [...(store.closures ?? [])]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((closure) => ({ key: newKey('closure'), date: closure.date, note: closure.note ?? '' })),
    pickup_lead_minutes: String(store.pickup_lead_minutes ?? 0),
    delivery_lead_minutes: String(store.delivery_lead_minutes ?? 0),
    slot_interval_minutes: String(store.slot_interval_minutes ?? 15),
    company_name: store.company_name ?? '',
    address_line: store.address_line ?? '',
    phone: store.phone ?? '',
    impressum_text: store.impressum_text ?? '',
    show_impressum: store.show_impressum === true,
    ...(typeof store.privacy_text === 'string' ? { privacy_text: store.privacy_text } : {}),
    ...(typeof store.impressum_text_en === 'string' ? { impressum_text_en: store.impressum_text_en } : {}),
    ...(typeof store.privacy_text_en === 'string' ? { privacy_text_en: store.privacy_text_en } : {}),
    ...termsTexts(store),
  };
}

/** The slots in the order they are sent: by weekday, then by opening time. */
export function orderedSlots(slots: readonly SlotDraft[]): SlotDraft[] {
  return [...slots].sort((a, b) => a.day - b.day || a.open.localeCompare(b.open));
}

function leadMinutes(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= LEAD_MIN && value <= LEAD_MAX ? value : undefined;
}

export interface SettingsCheck {
  /** The body without `paused` (the page adds the current switch state), or null if errors were found. */
  body: Omit<StoreSettingsBody, 'paused'> | null;
  errors: SettingsErrors;
  /** The slot keys in the order of body.store_hours, to place a server error naming an index. */
  slotKeys: string[];
  closureKeys: string[];
}

/** Checks the form as the server would and builds the PUT body. Errors are i18n keys. */
export function checkSettings(draft: SettingsDraft): SettingsCheck {
  const errors: SettingsErrors = {};
  const slots = orderedSlots(draft.slots);
  for (const slot of slots) {
    if (!isTime(slot.open)) errors[slotError(slot.key, 'open')] = 'settings.errors.time';
    if (!isTime(slot.close)) errors[slotError(slot.key, 'close')] = 'settings.errors.time';
    else if (slot.open === slot.close) errors[slotError(slot.key, 'close')] = 'settings.errors.same_time';
    if (slot.label.trim().length > LABEL_MAX) errors[slotError(slot.key, 'label')] = 'settings.errors.label_long';
    if (slot.label_en.trim().length > LABEL_MAX) errors[slotError(slot.key, 'label_en')] = 'settings.errors.label_long';
  }

  const closures = [...draft.closures].sort((a, b) => a.date.localeCompare(b.date));
  const seen = new Set<string>();
  for (const closure of draft.closures) {
    if (!isDate(closure.date)) errors[closureError(closure.key)] = 'settings.errors.date';
    else if (seen.has(closure.date)) errors[closureError(closure.key)] = 'settings.errors.duplicate_date';
    else if (closure.note.trim().length > NOTE_MAX) errors[closureError(closure.key)] = 'errors.too_long';
    seen.add(closure.date);
  }

  const pickup = leadMinutes(draft.pickup_lead_minutes);
  if (pickup === undefined) errors.pickup_lead_minutes = 'settings.errors.lead';
  const delivery = leadMinutes(draft.delivery_lead_minutes);
  if (delivery === undefined) errors.delivery_lead_minutes = 'settings.errors.lead';
  const interval = Number(draft.slot_interval_minutes);
  if (!SLOT_INTERVALS.includes(interval)) errors.slot_interval_minutes = 'errors.choose';

  const texts = ['company_name', 'address_line', 'phone'] as const;
  for (const name of texts) {
    if (draft[name].trim().length > TEXT_MAX) errors[name] = 'errors.too_long';
  }
  if (draft.impressum_text.length > IMPRESSUM_MAX) errors.impressum_text = 'errors.too_long';
  if ((draft.privacy_text ?? '').length > PRIVACY_MAX) errors.privacy_text = 'errors.too_long';
  if ((draft.impressum_text_en ?? '').length > IMPRESSUM_MAX) errors.impressum_text_en = 'errors.too_long';
  if ((draft.privacy_text_en ?? '').length > PRIVACY_MAX) errors.privacy_text_en = 'errors.too_long';
  for (const name of TERMS_FIELDS) {
    if ((draft[name] ?? '').length > TERMS_MAX) errors[name] = 'errors.too_long';
  }

  const slotKeys = slots.map((slot) => slot.key);
  const closureKeys = closures.map((closure) => closure.key);
  if (Object.keys(errors).length > 0) return { body: null, errors, slotKeys, closureKeys };

  const store_hours: StoreHour[] = slots.map((slot) => ({
    day_of_week: slot.day,
    open_time: slot.open,
    close_time: slot.close,
    label: slot.label.trim(),
    label_en: slot.label_en.trim(),
  }));
  const closureList: Closure[] = closures.map((closure) => ({ date: closure.date, note: closure.note.trim() }));
  return {
    body: {
      company_name: draft.company_name.trim(),
      address_line: draft.address_line.trim(),
      phone: draft.phone.trim(),
      show_impressum: draft.show_impressum,
      impressum_text: draft.impressum_text,
      ...(draft.privacy_text === undefined ? {} : { privacy_text: draft.privacy_text }),
      ...(draft.impressum_text_en === undefined ? {} : { impressum_text_en: draft.impressum_text_en }),
      ...(draft.privacy_text_en === undefined ? {} : { privacy_text_en: draft.privacy_text_en }),
      ...termsTexts(draft),
      store_hours,
      closures: closureList,
      pickup_lead_minutes: pickup ?? 0,
      delivery_lead_minutes: delivery ?? 0,
      slot_interval_minutes: interval,
    },
    errors,
    slotKeys,
    closureKeys,
  };
}

const SLOT_PARTS: Record<string, SlotPart> = {
  open_time: 'open',
  close_time: 'close',
  label: 'label',
  label_en: 'label_en',
};

/** The form places a refusal can point at; anything else becomes a general message. */
const FIELDS = [
  'company_name',
  'address_line',
  'phone',
  'show_impressum',
  'impressum_text',
  'privacy_text',
  'impressum_text_en',
  'privacy_text_en',
  ...TERMS_FIELDS,
  'pickup_lead_minutes',
  'delivery_lead_minutes',
  'slot_interval_minutes',
];

/**
 * Places a refused save next to what it names: "store_hours" with a detail like
 * "store_hours[2].open_time: must be HH:mm" goes to that slot's open time (the index is
 * the position in the body that was sent), "closures[1]…" to that closure, other fields
 * to their input. The message is the code's, in the admin's language. Answers null when
 * the refusal names nothing on the form.
 */
export function placeServerError(
  error: unknown,
  slotKeys: readonly string[],
  closureKeys: readonly string[],
  t: TFunction,
): SettingsErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || error.field === undefined) return null;
  const message = fieldErrorText(error, t);
  const field = error.field;
  const root = field.split(/[[.]/)[0] ?? field;
  // The entry at fault is named in the field, or else in the server's sentence.
  const reference = `${field} ${error.detail ?? ''}`;
  if (root === 'store_hours') {
    const match = /store_hours\[(\d+)\](?:\.(\w+))?/.exec(reference);
    const key = match ? slotKeys[Number(match[1])] : undefined;
    if (key === undefined) return { store_hours: message };
    const part = match?.[2] ? SLOT_PARTS[match[2]] : undefined;
    return { [slotError(key, part)]: message };
  }
  if (root === 'closures') {
    const match = /closures\[(\d+)\]/.exec(reference);
    const key = match ? closureKeys[Number(match[1])] : undefined;
    return key === undefined ? { closures: message } : { [closureError(key)]: message };
  }
  if (FIELDS.includes(root)) return { [root]: message };
  return null;
}
