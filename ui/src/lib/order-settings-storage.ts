import type { OrderType, PostcodeRecord } from './store-api';

/** Browser storage keys of the order settings (spec §3). */
export const ORDER_TYPE_KEY = 'order_type';
export const POSTCODE_DATA_KEY = 'postcode-data';
export const DELIVERY_POSTCODE_KEY = 'delivery_postcode';
export const DELIVERY_FEE_KEY = 'delivery_fee';

export const DEFAULT_ORDER_TYPE: OrderType = 'delivery';

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch (error) {
    // Storage may be full or disabled; the choice still holds for this visit.
    console.error(`Failed to store ${key}`, error);
  }
}

export function loadOrderType(storage: Storage = localStorage): OrderType {
  const stored = read(storage, ORDER_TYPE_KEY);
  return stored === 'pickup' || stored === 'delivery' ? stored : DEFAULT_ORDER_TYPE;
}

export function saveOrderType(orderType: OrderType, storage: Storage = localStorage): void {
  write(storage, ORDER_TYPE_KEY, orderType);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function toPostcodeRecord(value: unknown): PostcodeRecord {
  if (typeof value !== 'object' || value === null) throw new Error('postcode-data is not an object');
  const record = value as Record<string, unknown>;
  if (typeof record.postcode !== 'string' || record.postcode === '') {
    throw new Error('postcode-data has no postcode');
  }
  // Defaults are empty/0 (spec §3).
  return {
    id: isFiniteNumber(record.id) ? record.id : 0,
    store_id: isFiniteNumber(record.store_id) ? record.store_id : 0,
    postcode: record.postcode,
    minimum_order_amount: isFiniteNumber(record.minimum_order_amount) ? record.minimum_order_amount : 0,
    delivery_fee: isFiniteNumber(record.delivery_fee) ? record.delivery_fee : 0,
    delivery_time: isFiniteNumber(record.delivery_time) ? record.delivery_time : 0,
  };
}

/** The chosen postcode record; stored data that fails to parse is logged and ignored (spec §8). */
export function loadPostcodeData(storage: Storage = localStorage): PostcodeRecord | null {
  const raw = read(storage, POSTCODE_DATA_KEY);
  if (raw === null) return null;
  try {
    return toPostcodeRecord(JSON.parse(raw));
  } catch (error) {
    console.error('Failed to parse postcode-data', error);
    return null;
  }
}

/** Saves the chosen record as JSON plus its postcode and fee under their own keys. */
export function savePostcodeData(record: PostcodeRecord, storage: Storage = localStorage): void {
  write(storage, POSTCODE_DATA_KEY, JSON.stringify(record));
  write(storage, DELIVERY_POSTCODE_KEY, record.postcode);
  write(storage, DELIVERY_FEE_KEY, String(record.delivery_fee));
}
