import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { AdminEndpoint, Body } from '../api/admin-api';
import type { Catalog, CatalogKey } from '../types';
import { parseDecimal, parsePrice, formatDecimalInput, formatPriceInput } from './price';
import type { Option } from '../components/fields';

export type FormValues = Record<string, string | boolean>;

export type FieldKind = 'text' | 'textarea' | 'price' | 'decimal' | 'integer' | 'checkbox' | 'select';

export interface FieldSpec {
  /** The body field it fills; server errors naming it are shown next to it. */
  name: string;
  /** i18n key (admin namespace) of the label. */
  label: string;
  kind: FieldKind;
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  /** For select: the choices. */
  options?: (catalog: Catalog, values: FormValues, t: TFunction) => Option[];
  /** For select: the value is an id and is sent as a number. */
  numeric?: boolean;
  /** For integer: left empty it sends null (none) instead of 0. */
  emptyIsNone?: boolean;
  defaultValue?: string | boolean;
  hint?: string;
  /** Sent only when changed from what the form started with: the server keeps it when omitted. */
  sendOnlyChanged?: boolean;
  /** Lets a change update other fields, e.g. prefill a price from the chosen topping. */
  derive?: (values: FormValues, changed: string, catalog: Catalog) => FormValues;
}

/** A warning under a form: its text (i18n key, admin namespace) and its test id. */
export interface FormNotice {
  text: string;
  testId: string;
}

export interface Column<R> {
  label: string;
  render: (record: R, catalog: Catalog, t: TFunction) => ReactNode;
  className?: string;
}

export interface ResourceSpec<R extends { id: number }> {
  collection: CatalogKey;
  endpoint: AdminEndpoint;
  fields: FieldSpec[];
  columns: Column<R>[];
  /** What the search box looks through. */
  searchText: (record: R, catalog: Catalog) => string;
  /** Shown in the delete confirmation. */
  describe: (record: R, catalog: Catalog) => string;
  /** Checks across fields after the per-field checks; answers i18n keys by field. */
  validate?: (body: Body) => Record<string, string>;
  /** A warning the form shows while its values are as they are, before saving. */
  notice?: (values: FormValues, record: R | null, catalog: Catalog) => FormNotice | null;
  sort?: (a: R, b: R) => number;
}

export function emptyValues(fields: readonly FieldSpec[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    values[field.name] = field.defaultValue ?? (field.kind === 'checkbox' ? false : '');
  }
  return values;
}

export function valuesFromRecord(fields: readonly FieldSpec[], record: object): FormValues {
  const source = record as Record<string, unknown>;
  const values: FormValues = {};
  for (const field of fields) {
    const value = source[field.name];
    switch (field.kind) {
      case 'checkbox':
        values[field.name] = value === true;
        break;
      case 'price':
        values[field.name] = typeof value === 'number' ? formatPriceInput(value) : '';
        break;
      case 'decimal':
        values[field.name] = typeof value === 'number' ? formatDecimalInput(value) : '';
        break;
      default:
        values[field.name] = value === null || value === undefined ? '' : String(value);
    }
  }
  return values;
}

export interface BodyResult {
  body: Body;
  /** i18n keys by field name. */
  errors: Record<string, string>;
}

/** Validates the form and turns it into the request body (euros as numbers, ids as numbers). */
export function bodyFromValues(fields: readonly FieldSpec[], values: FormValues): BodyResult {
  const body: Body = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const raw = values[field.name];
    if (field.kind === 'checkbox') {
      body[field.name] = raw === true;
      continue;
    }
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (text === '') {
      if (field.required) errors[field.name] = field.kind === 'select' ? 'errors.choose' : 'errors.required';
      else if (field.kind === 'integer' && field.emptyIsNone !== true) {
        body[field.name] = field.defaultValue !== undefined ? Number(field.defaultValue) : 0;
      }
      else body[field.name] = null;
      continue;
    }
    switch (field.kind) {
      case 'text':
      case 'textarea':
        if (field.maxLength !== undefined && text.length > field.maxLength) errors[field.name] = 'errors.too_long';
        else body[field.name] = text;
        break;
      case 'price': {
        const parsed = parsePrice(text);
        if (parsed.ok) body[field.name] = parsed.value;
        else errors[field.name] = parsed.error === 'range' ? 'errors.price_range' : 'errors.price_format';
        break;
      }
      case 'decimal':
      case 'integer': {
        const parsed = parseDecimal(text, {
          min: field.min ?? -Infinity,
          max: field.max ?? Infinity,
          decimals: field.kind === 'integer' ? 0 : 2,
        });
        if (parsed.ok) body[field.name] = parsed.value;
        else errors[field.name] = parsed.error === 'range' ? 'errors.range' : 'errors.number_format';
        break;
      }
      case 'select':
        body[field.name] = field.numeric ? Number(text) : text;
        break;
    }
  }
  return { body, errors };
}
