import type { ContentUnit, NetContent } from '../../lib/menu-api';
import type { Body } from '../api/admin-api';
import type { Catalog, Product, ProductType } from '../types';
import { bySortOrder } from './names';
import { formatDecimalInput, formatPriceInput, parseDecimal, parsePrice } from './price';
import { bodyFromValues, emptyValues, valuesFromRecord, type FieldSpec, type FormValues } from './resource';

/** The plain product fields; type, price and variants are handled separately. */
export const productFields: FieldSpec[] = [
  { name: 'name', label: 'fields.name', kind: 'text', required: true, maxLength: 100 },
  { name: 'name_en', label: 'fields.name_en', kind: 'text', maxLength: 100 },
  {
    name: 'category_id',
    label: 'fields.category',
    kind: 'select',
    numeric: true,
    required: true,
    options: (catalog) =>
      [...catalog.categories].sort(bySortOrder).map((category) => ({ value: String(category.id), label: category.name })),
  },
  {
    name: 'tax_id',
    label: 'fields.tax',
    kind: 'select',
    numeric: true,
    required: true,
    options: (catalog) =>
      catalog.taxes.map((tax) => ({ value: String(tax.id), label: `${tax.name} (${String(tax.percentage).replace('.', ',')} %)` })),
  },
  { name: 'description', label: 'fields.description', kind: 'textarea', maxLength: 500 },
  { name: 'description_en', label: 'fields.description_en', kind: 'textarea', maxLength: 500 },
  { name: 'sort_order', label: 'fields.sort_order', kind: 'integer', min: -10000, max: 10000, defaultValue: '0' },
  { name: 'available', label: 'fields.available', kind: 'checkbox', defaultValue: true },
  {
    name: 'daily_stock',
    label: 'fields.daily_stock',
    kind: 'integer',
    min: 1,
    max: 9999,
    emptyIsNone: true,
    hint: 'hints.daily_stock',
  },
  {
    name: 'age_restriction',
    label: 'fields.age_restriction',
    kind: 'select',
    numeric: true,
    hint: 'hints.age_restriction',
    options: (_catalog, _values, t) => [
      { value: '16', label: t('age_restriction.16') },
      { value: '18', label: t('age_restriction.18') },
    ],
  },
];

/** The most deposit the server takes, in euros. */
export const MAX_DEPOSIT = 10;
/** The most net content the server takes, in litres or kilograms. */
export const MAX_CONTENT = 1000;

/**
 * What German price labelling (PAngV) needs of a product or variant, as typed: its
 * deposit (Pfand) in euros and its net content with unit, from which the server
 * computes the unit price. Empty: none.
 */
export interface LabelDraft {
  deposit: string;
  content: string;
  unit: ContentUnit;
}

export const CONTENT_UNITS: readonly ContentUnit[] = ['l', 'kg'];

export function noLabels(): LabelDraft {
  return { deposit: '', content: '', unit: 'l' };
}

/** The labels of a stored product or variant for the form: 0.25 → "0,25", 0.33 l → "0,33" with "l". */
export function labelDraftOf(record: { deposit?: number | null; net_content?: NetContent | null }): LabelDraft {
  return {
    deposit: formatPriceInput(record.deposit),
    content: formatDecimalInput(record.net_content?.amount),
    unit: record.net_content?.unit ?? 'l',
  };
}

/** The error fields a change of labels concerns: the deposit, or the net content (amount or unit). */
export function labelErrorFields(change: Partial<LabelDraft>, prefix = ''): string[] {
  const fields: string[] = [];
  if ('deposit' in change) fields.push(`${prefix}deposit`);
  if ('content' in change || 'unit' in change) fields.push(`${prefix}net_content`);
  return fields;
}

/**
 * The labels as the body sends them (`deposit`, `net_content`); a value that does not
 * parse leaves an error (i18n key) under `${prefix}deposit` or `${prefix}net_content`.
 */
function labelsBody(labels: LabelDraft, prefix: string, errors: Record<string, string>): Body {
  let deposit: number | null = null;
  if (labels.deposit.trim() !== '') {
    const parsed = parseDecimal(labels.deposit, { min: 0.01, max: MAX_DEPOSIT, decimals: 2 });
    if (parsed.ok) deposit = parsed.value;
    else errors[`${prefix}deposit`] = parsed.error === 'range' ? 'errors.deposit_range' : 'errors.price_format';
  }
  let netContent: NetContent | null = null;
  if (labels.content.trim() !== '') {
    const parsed = parseDecimal(labels.content, { min: 0.001, max: MAX_CONTENT, decimals: 3 });
    if (parsed.ok) netContent = { amount: parsed.value, unit: labels.unit };
    else errors[`${prefix}net_content`] = parsed.error === 'range' ? 'errors.content_range' : 'errors.content_format';
  }
  return { deposit, net_content: netContent };
}

/**
 * The unit price the shop will show for `price` (as typed) with these labels, as the
 * server computes it (per litre or kilogram, half up to the cent); null while either
 * does not parse.
 */
export function unitPriceOf(price: string, labels: LabelDraft): { cents: number; unit: ContentUnit } | null {
  const parsedPrice = parsePrice(price);
  const content = parseDecimal(labels.content, { min: 0.001, max: MAX_CONTENT, decimals: 3 });
  if (!parsedPrice.ok || !content.ok) return null;
  const priceCents = Math.round(parsedPrice.value * 100);
  const milli = Math.round(content.value * 1000);
  return { cents: Math.floor((priceCents * 1000 * 2 + milli) / (2 * milli)), unit: labels.unit };
}

export interface VariantRow {
  /** Stable React key for the row. */
  key: string;
  id?: number;
  name: string;
  name_en: string;
  price: string;
  labels: LabelDraft;
}

export interface ProductDraft {
  values: FormValues;
  type: ProductType;
  price: string;
  /** A simple product's labels; a variable product has them on its variants. */
  labels: LabelDraft;
  variants: VariantRow[];
  groupIds: number[];
  allergyIds: number[];
  /** "Contains no labelled allergens or additives"; only meaningful while allergyIds is empty. */
  noAllergens: boolean;
}

let rowCounter = 0;
export function newVariantRow(): VariantRow {
  rowCounter += 1;
  return { key: `new-${rowCounter}`, name: '', name_en: '', price: '', labels: noLabels() };
}

export function draftFromProduct(product: Product | null, catalog: Catalog): ProductDraft {
  if (product === null) {
    const values = emptyValues(productFields);
    // One tax or category only: preselect it.
    if (catalog.taxes.length === 1 && catalog.taxes[0]) values.tax_id = String(catalog.taxes[0].id);
    if (catalog.categories.length === 1 && catalog.categories[0]) values.category_id = String(catalog.categories[0].id);
    return {
      values,
      type: 'simple',
      price: '',
      labels: noLabels(),
      variants: [],
      groupIds: [],
      allergyIds: [],
      noAllergens: false,
    };
  }
  return {
    values: valuesFromRecord(productFields, product),
    type: product.type,
    price: formatPriceInput(product.price),
    labels: labelDraftOf(product),
    variants: product.variants.map((variant) => ({
      key: `v-${variant.id ?? variant.name}`,
      id: variant.id,
      name: variant.name,
      name_en: variant.name_en ?? '',
      price: formatPriceInput(variant.price),
      labels: labelDraftOf(variant),
    })),
    groupIds: catalog.product_groups
      .filter((link) => link.product_id === product.id)
      .sort(bySortOrder)
      .map((link) => link.topping_group_id),
    allergyIds: catalog.item_allergies
      .filter((link) => link.item_type === 'product' && link.item_id === product.id)
      .map((link) => link.allergy_id),
    noAllergens: product.no_allergens === true,
  };
}

/**
 * Builds the POST/PUT /products body; errors are i18n keys by field ("variants.0.price"
 * for a variant). A simple product sends its deposit and net content, a variable one
 * sends them on each variant (and null on the product: the server refuses them there).
 */
export function productBody(draft: ProductDraft): { body: Body; errors: Record<string, string> } {
  const { body, errors } = bodyFromValues(productFields, draft.values);
  body.type = draft.type;
  body.no_allergens = draft.noAllergens && draft.allergyIds.length === 0;
  if (draft.type === 'simple') {
    const price = parsePrice(draft.price);
    if (price.ok) body.price = price.value;
    else errors.price = price.error === 'range' ? 'errors.price_range' : price.error === 'required' ? 'errors.required' : 'errors.price_format';
    Object.assign(body, labelsBody(draft.labels, '', errors));
    body.variants = [];
    return { body, errors };
  }
  body.deposit = null;
  body.net_content = null;
  if (draft.variants.length === 0) errors.variants = 'errors.variants_required';
  const variants = draft.variants.map((row, index) => {
    const name = row.name.trim();
    if (name === '') errors[`variants.${index}.name`] = 'errors.required';
    else if (name.length > 100) errors[`variants.${index}.name`] = 'errors.too_long';
    const price = parsePrice(row.price);
    if (!price.ok) {
      errors[`variants.${index}.price`] =
        price.error === 'range' ? 'errors.price_range' : price.error === 'required' ? 'errors.required' : 'errors.price_format';
    }
    const variant: Body = {
      name,
      name_en: row.name_en.trim() || null,
      price: price.ok ? price.value : 0,
      ...labelsBody(row.labels, `variants.${index}.`, errors),
    };
    if (row.id !== undefined) variant.id = row.id;
    return variant;
  });
  body.variants = variants;
  // The server sets a variable product's price to its lowest variant; send the same.
  body.price = variants.length > 0 ? Math.min(...variants.map((variant) => variant.price as number)) : 0;
  return { body, errors };
}

/** Field names the server may name in a 400 for a product. */
export const PRODUCT_ERROR_FIELDS = [
  ...productFields.map((field) => field.name),
  'price',
  'deposit',
  'net_content',
  'type',
  'variants',
];
