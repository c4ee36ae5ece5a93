import { createElement } from 'react';
import { formatPrice } from '../../lib/format-price';
import type {
  Allergy,
  Banner,
  Catalog,
  Category,
  GroupItem,
  ItemAllergy,
  Product,
  ProductGroup,
  Tax,
  Topping,
  ToppingGroup,
} from '../types';
import { allergyLabel, byName, bySortOrder, nameOf } from './names';
import { formatPriceInput } from './price';
import type { FieldSpec, ResourceSpec } from './resource';

const NAME_MAX = 100;
const DESCRIPTION_MAX = 500;
const SORT_MIN = -10000;
const SORT_MAX = 10000;

const nameField: FieldSpec = { name: 'name', label: 'fields.name', kind: 'text', required: true, maxLength: NAME_MAX };
const nameEnField: FieldSpec = { name: 'name_en', label: 'fields.name_en', kind: 'text', maxLength: NAME_MAX };
const sortField: FieldSpec = {
  name: 'sort_order',
  label: 'fields.sort_order',
  kind: 'integer',
  min: SORT_MIN,
  max: SORT_MAX,
  defaultValue: '0',
};

const price = (value: number) => formatPrice(value);

export const taxSpec: ResourceSpec<Tax> = {
  collection: 'taxes',
  endpoint: '/taxes/',
  fields: [
    nameField,
    { name: 'percentage', label: 'fields.percentage', kind: 'decimal', required: true, min: 0, max: 100, hint: 'hints.percentage' },
  ],
  columns: [
    { label: 'fields.name', render: (tax) => tax.name },
    { label: 'fields.percentage', render: (tax) => `${String(tax.percentage).replace('.', ',')} %`, className: 'admin-num' },
  ],
  searchText: (tax) => `${tax.name} ${tax.percentage}`,
  describe: (tax) => tax.name,
  sort: byName,
};

export const categoryFields: FieldSpec[] = [
  nameField,
  nameEnField,
  { name: 'description', label: 'fields.description', kind: 'textarea', maxLength: DESCRIPTION_MAX },
  { name: 'description_en', label: 'fields.description_en', kind: 'textarea', maxLength: DESCRIPTION_MAX },
  sortField,
  { name: 'visible', label: 'fields.visible', kind: 'checkbox', defaultValue: true },
];

export const categorySpec: ResourceSpec<Category> = {
  collection: 'categories',
  endpoint: '/categories/',
  fields: categoryFields,
  columns: [
    { label: 'fields.name', render: (category) => category.name },
    { label: 'fields.name_en', render: (category) => category.name_en ?? '' },
    {
      label: 'columns.products',
      render: (category, catalog) => String(catalog.products.filter((p) => p.category_id === category.id).length),
      className: 'admin-num',
    },
    { label: 'fields.sort_order', render: (category) => String(category.sort_order), className: 'admin-num' },
    { label: 'fields.visible', render: (category) => (category.visible ? '✓' : '—') },
  ],
  searchText: (category) => `${category.name} ${category.name_en ?? ''} ${category.description ?? ''}`,
  describe: (category) => category.name,
  sort: bySortOrder,
};

/** The product list; the product form has its own screen. */
export const productSpec: ResourceSpec<Product> = {
  collection: 'products',
  endpoint: '/products/',
  fields: [],
  columns: [
    { label: 'fields.name', render: (product) => product.name },
    { label: 'fields.category', render: (product, catalog) => nameOf(catalog.categories, product.category_id) },
    {
      label: 'fields.price',
      render: (product) =>
        product.type === 'variable'
          ? product.variants.map((variant) => `${variant.name} ${price(variant.price)}`).join(', ')
          : price(product.price),
    },
    { label: 'fields.tax', render: (product, catalog) => nameOf(catalog.taxes, product.tax_id) },
    { label: 'fields.available', render: (product) => (product.available ? '✓' : '—') },
  ],
  searchText: (product, catalog) =>
    `${product.name} ${product.name_en ?? ''} ${nameOf(catalog.categories, product.category_id)} ${product.variants
      .map((variant) => variant.name)
      .join(' ')}`,
  describe: (product) => product.name,
  sort: (a, b) => a.category_id - b.category_id || bySortOrder(a, b),
};

/** The allergen codes assigned to a topping (on the item allergies screen). */
function toppingAllergenCodes(catalog: Catalog, toppingId: number): string[] {
  return catalog.item_allergies
    .filter((link) => link.item_type === 'topping' && link.item_id === toppingId)
    .map((link) => catalog.allergies.find((allergy) => allergy.id === link.allergy_id)?.code ?? '?');
}

export const toppingSpec: ResourceSpec<Topping> = {
  collection: 'toppings',
  endpoint: '/toppings/',
  fields: [
    nameField,
    nameEnField,
    { name: 'price', label: 'fields.price', kind: 'price', required: true, hint: 'hints.price' },
    { name: 'no_allergens', label: 'fields.no_allergens', kind: 'checkbox', hint: 'hints.no_allergens', sendOnlyChanged: true },
  ],
  columns: [
    { label: 'fields.name', render: (topping) => topping.name },
    { label: 'fields.name_en', render: (topping) => topping.name_en ?? '' },
    { label: 'fields.price', render: (topping) => price(topping.price), className: 'admin-num' },
    {
      label: 'products.allergens',
      render: (topping, catalog, t) => {
        const codes = toppingAllergenCodes(catalog, topping.id);
        if (codes.length > 0) return codes.join(', ');
        return topping.no_allergens ? t('columns.no_allergens') : t('columns.allergens_unset');
      },
    },
  ],
  // Without codes and without "contains none" the shop does not offer it.
  notice: (values, topping, catalog) =>
    values.no_allergens === true || (topping !== null && toppingAllergenCodes(catalog, topping.id).length > 0)
      ? null
      : { text: 'products.topping_hidden_warning', testId: 'allergens-hidden-warning' },
  searchText: (topping) => `${topping.name} ${topping.name_en ?? ''}`,
  describe: (topping) => topping.name,
  sort: byName,
};

export const toppingGroupSpec: ResourceSpec<ToppingGroup> = {
  collection: 'topping_groups',
  endpoint: '/topping-groups/',
  fields: [
    nameField,
    nameEnField,
    { name: 'min_selections', label: 'fields.min_selections', kind: 'integer', required: true, min: 0, max: 20, defaultValue: '0' },
    { name: 'max_selections', label: 'fields.max_selections', kind: 'integer', required: true, min: 1, max: 20, defaultValue: '1' },
  ],
  columns: [
    { label: 'fields.name', render: (group) => group.name },
    { label: 'fields.min_selections', render: (group) => String(group.min_selections), className: 'admin-num' },
    { label: 'fields.max_selections', render: (group) => String(group.max_selections), className: 'admin-num' },
    {
      label: 'columns.toppings',
      render: (group, catalog) =>
        catalog.group_items
          .filter((item) => item.topping_group_id === group.id)
          .sort(bySortOrder)
          .map((item) => nameOf(catalog.toppings, item.topping_id))
          .join(', '),
    },
  ],
  searchText: (group) => `${group.name} ${group.name_en ?? ''}`,
  describe: (group) => group.name,
  validate: (body): Record<string, string> =>
    typeof body.min_selections === 'number' &&
    typeof body.max_selections === 'number' &&
    body.min_selections > body.max_selections
      ? { min_selections: 'errors.min_max' }
      : {},
  sort: byName,
};

export const groupItemSpec: ResourceSpec<GroupItem> = {
  collection: 'group_items',
  endpoint: '/group-items/',
  fields: [
    {
      name: 'topping_group_id',
      label: 'fields.topping_group',
      kind: 'select',
      numeric: true,
      required: true,
      options: (catalog) => [...catalog.topping_groups].sort(byName).map((g) => ({ value: String(g.id), label: g.name })),
    },
    {
      name: 'topping_id',
      label: 'fields.topping',
      kind: 'select',
      numeric: true,
      required: true,
      options: (catalog) =>
        [...catalog.toppings].sort(byName).map((topping) => ({
          value: String(topping.id),
          label: `${topping.name} (${price(topping.price)})`,
        })),
      // Start from the topping's own price; the group may charge differently.
      derive: (values, changed, catalog) => {
        if (changed !== 'topping_id' || values.price !== '') return values;
        const topping = catalog.toppings.find((item) => String(item.id) === values.topping_id);
        return topping ? { ...values, price: formatPriceInput(topping.price) } : values;
      },
    },
    { name: 'price', label: 'fields.group_price', kind: 'price', required: true, hint: 'hints.group_price' },
    sortField,
  ],
  columns: [
    { label: 'fields.topping_group', render: (item, catalog) => nameOf(catalog.topping_groups, item.topping_group_id) },
    { label: 'fields.topping', render: (item, catalog) => nameOf(catalog.toppings, item.topping_id) },
    { label: 'fields.price', render: (item) => price(item.price), className: 'admin-num' },
    { label: 'fields.sort_order', render: (item) => String(item.sort_order), className: 'admin-num' },
  ],
  searchText: (item, catalog) =>
    `${nameOf(catalog.topping_groups, item.topping_group_id)} ${nameOf(catalog.toppings, item.topping_id)}`,
  describe: (item, catalog) =>
    `${nameOf(catalog.toppings, item.topping_id)} (${nameOf(catalog.topping_groups, item.topping_group_id)})`,
  sort: (a, b) => a.topping_group_id - b.topping_group_id || bySortOrder(a, b),
};

export const productGroupSpec: ResourceSpec<ProductGroup> = {
  collection: 'product_groups',
  endpoint: '/product-groups/',
  fields: [
    {
      name: 'product_id',
      label: 'fields.product',
      kind: 'select',
      numeric: true,
      required: true,
      options: (catalog) => [...catalog.products].sort(byName).map((p) => ({ value: String(p.id), label: p.name })),
    },
    {
      name: 'topping_group_id',
      label: 'fields.topping_group',
      kind: 'select',
      numeric: true,
      required: true,
      options: (catalog) => [...catalog.topping_groups].sort(byName).map((g) => ({ value: String(g.id), label: g.name })),
    },
    sortField,
  ],
  columns: [
    { label: 'fields.product', render: (link, catalog) => nameOf(catalog.products, link.product_id) },
    { label: 'fields.topping_group', render: (link, catalog) => nameOf(catalog.topping_groups, link.topping_group_id) },
    { label: 'fields.sort_order', render: (link) => String(link.sort_order), className: 'admin-num' },
  ],
  searchText: (link, catalog) =>
    `${nameOf(catalog.products, link.product_id)} ${nameOf(catalog.topping_groups, link.topping_group_id)}`,
  describe: (link, catalog) =>
    `${nameOf(catalog.topping_groups, link.topping_group_id)} → ${nameOf(catalog.products, link.product_id)}`,
  sort: (a, b) => a.product_id - b.product_id || bySortOrder(a, b),
};

export const allergySpec: ResourceSpec<Allergy> = {
  collection: 'allergies',
  endpoint: '/allergies/',
  fields: [
    { name: 'code', label: 'fields.code', kind: 'text', required: true, maxLength: 4, hint: 'hints.code' },
    nameField,
    nameEnField,
  ],
  columns: [
    { label: 'fields.code', render: (allergy) => allergy.code },
    { label: 'fields.name', render: (allergy) => allergy.name },
    { label: 'fields.name_en', render: (allergy) => allergy.name_en ?? '' },
  ],
  searchText: (allergy) => `${allergy.code} ${allergy.name} ${allergy.name_en ?? ''}`,
  describe: (allergy) => `${allergy.code} – ${allergy.name}`,
  sort: (a, b) => a.code.localeCompare(b.code, 'de', { numeric: true }),
};

function itemName(item: ItemAllergy, catalog: Parameters<ResourceSpec<ItemAllergy>['describe']>[1]): string {
  return item.item_type === 'product' ? nameOf(catalog.products, item.item_id) : nameOf(catalog.toppings, item.item_id);
}

export const itemAllergySpec: ResourceSpec<ItemAllergy> = {
  collection: 'item_allergies',
  endpoint: '/item-allergies/',
  fields: [
    {
      name: 'item_type',
      label: 'fields.item_type',
      kind: 'select',
      required: true,
      defaultValue: 'product',
      options: (_catalog, _values, t) => [
        { value: 'product', label: t('item_types.product') },
        { value: 'topping', label: t('item_types.topping') },
      ],
      derive: (values, changed) => (changed === 'item_type' ? { ...values, item_id: '' } : values),
    },
    {
      name: 'item_id',
      label: 'fields.item',
      kind: 'select',
      numeric: true,
      required: true,
      options: (catalog, values) =>
        [...(values.item_type === 'topping' ? catalog.toppings : catalog.products)]
          .sort(byName)
          .map((item) => ({ value: String(item.id), label: item.name })),
    },
    {
      name: 'allergy_id',
      label: 'fields.allergy',
      kind: 'select',
      numeric: true,
      required: true,
      options: (catalog) =>
        [...catalog.allergies]
          .sort((a, b) => a.code.localeCompare(b.code, 'de', { numeric: true }))
          .map((allergy) => ({ value: String(allergy.id), label: `${allergy.code} – ${allergy.name}` })),
    },
  ],
  columns: [
    { label: 'fields.item_type', render: (item, _catalog, t) => t(`item_types.${item.item_type}`) },
    { label: 'fields.item', render: (item, catalog) => itemName(item, catalog) },
    { label: 'fields.allergy', render: (item, catalog) => allergyLabel(catalog, item.allergy_id) },
  ],
  searchText: (item, catalog) => `${itemName(item, catalog)} ${allergyLabel(catalog, item.allergy_id)}`,
  describe: (item, catalog) => `${allergyLabel(catalog, item.allergy_id)} – ${itemName(item, catalog)}`,
  sort: (a, b) => a.item_type.localeCompare(b.item_type) || a.item_id - b.item_id,
};

/** What the server allows as a banner's alternative text. */
export const BANNER_ALT_MAX = 200;

/** The fields of a banner besides its picture: sent as query on upload and as JSON on edit. */
export const bannerFields: FieldSpec[] = [
  { name: 'alt', label: 'fields.alt', kind: 'text', required: true, maxLength: BANNER_ALT_MAX, hint: 'hints.alt' },
  { ...sortField, label: 'fields.position', hint: 'hints.position' },
];

/** The carousel pictures of the menu page; new ones come from the upload form of the banner screen. */
export const bannerSpec: ResourceSpec<Banner> = {
  collection: 'banners',
  endpoint: '/banners/',
  fields: bannerFields,
  columns: [
    {
      label: 'fields.image',
      // The alt text has its own column, so the thumbnail is decorative.
      render: (banner) => createElement('img', { className: 'admin-thumb', src: banner.image_url, alt: '', loading: 'lazy' }),
    },
    { label: 'fields.alt', render: (banner) => banner.alt },
    { label: 'fields.position', render: (banner) => String(banner.sort_order), className: 'admin-num' },
  ],
  searchText: (banner) => banner.alt,
  describe: (banner) => banner.alt || `#${banner.id}`,
  sort: bySortOrder,
};
