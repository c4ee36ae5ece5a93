import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { ApiError } from '../../lib/api-error';
import { formatPrice } from '../../lib/format-price';
import {
  createRecord,
  deleteRecord,
  removeProductImage,
  updateRecord,
  uploadProductImage,
} from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { EditConflictNotice } from '../components/edit-conflict';
import { Card, CheckboxInput, FormMessage, SelectInput, TextInput } from '../components/fields';
import { PriceLabelInputs } from '../components/price-label-inputs';
import { useCatalog } from '../lib/catalog-context';
import { conflictText, isEditConflict } from '../lib/edit-version';
import { errorsFromApi, NO_ERRORS, type FormErrors } from '../lib/errors';
import { IMAGE_TYPES, imageFileError } from '../lib/image-file';
import { byName } from '../lib/names';
import {
  draftFromProduct,
  labelErrorFields,
  newVariantRow,
  PRODUCT_ERROR_FIELDS,
  productBody,
  productFields,
  type LabelDraft,
  type ProductDraft,
  type VariantRow,
} from '../lib/product-form';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { EMPTY_CATALOG, type Catalog, type Product } from '../types';
import { useEditedRecord } from './category-pages';

/** /admin/products: create a product, or edit the one named by ?id=N. */
export function ProductPage() {
  const { t } = useAdminTranslation();
  const { catalog } = useCatalog();
  const record = useEditedRecord(catalog?.products);
  const location = useLocation();
  const notice = (location.state as { saved?: boolean; error?: string } | null) ?? null;
  return (
    <AdminPage
      title="Products"
      heading={record ? t('pages.products.edit_heading', { name: record.name }) : t('pages.products.heading')}
      actions={
        <Link to="/admin/products-list" className="button button--ghost">
          {t('pages.products_list.heading')}
        </Link>
      }
    >
      {record === null ? (
        <p className="admin-message admin-message--error" role="alert">
          {t('common.not_found')}
        </p>
      ) : (
        <ProductForm
          key={record?.id ?? 'new'}
          product={record ?? null}
          catalog={catalog ?? EMPTY_CATALOG}
          initialSuccess={notice?.saved ? t('form.saved') : undefined}
          initialError={notice?.error}
        />
      )}
    </AdminPage>
  );
}

/**
 * The product form. A save is sent on the version of the product it was loaded (or last
 * saved) at: when someone else changed the product meanwhile, nothing is saved, the
 * form says so and keeps what was typed until the admin loads the current state. Its
 * topping groups and allergens are records of their own, each changed on its version.
 */
function ProductForm({
  product,
  catalog,
  initialSuccess,
  initialError,
}: {
  product: Product | null;
  catalog: Catalog;
  initialSuccess?: string;
  initialError?: string;
}) {
  const { t } = useAdminTranslation();
  const { reload } = useCatalog();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ProductDraft>(() => draftFromProduct(product, catalog));
  const [version, setVersion] = useState(product?.version);
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const [errors, setErrors] = useState<FormErrors>(initialError ? { fields: {}, general: initialError } : NO_ERRORS);
  const [success, setSuccess] = useState<string | undefined>(initialSuccess);
  const [submitting, setSubmitting] = useState(false);
  const [imageFile, setImageFile] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);

  const update = (change: Partial<ProductDraft>, clear: string[] = []) => {
    setSuccess(undefined);
    setDraft((current) => ({ ...current, ...change }));
    if (clear.length > 0) {
      setErrors((current) => {
        const fields = { ...current.fields };
        for (const name of clear) delete fields[name];
        return { ...current, fields };
      });
    }
  };
  const setValue = (name: string, value: string | boolean) =>
    update({ values: { ...draft.values, [name]: value } }, [name]);
  const setVariant = (index: number, change: Partial<VariantRow>) =>
    update(
      { variants: draft.variants.map((row, i) => (i === index ? { ...row, ...change } : row)) },
      Object.keys(change).map((key) => `variants.${index}.${key}`).concat('variants'),
    );
  const setLabels = (change: Partial<LabelDraft>) =>
    update({ labels: { ...draft.labels, ...change } }, labelErrorFields(change));
  const setVariantLabels = (index: number, change: Partial<LabelDraft>) =>
    update(
      {
        variants: draft.variants.map((row, i) => (i === index ? { ...row, labels: { ...row.labels, ...change } } : row)),
      },
      labelErrorFields(change, `variants.${index}.`),
    );
  const toggle = (key: 'groupIds' | 'allergyIds', id: number, on: boolean) =>
    update({
      [key]: on ? [...draft[key], id] : draft[key].filter((other) => other !== id),
      // A labelled allergen ends "contains none".
      ...(key === 'allergyIds' && on ? { noAllergens: false } : {}),
    });

  const chooseImage = (file: File | undefined) => {
    setSuccess(undefined);
    setErrors((current) => ({ ...current, fields: { ...current.fields, image: '' } }));
    if (!file) {
      setImageFile(null);
      return;
    }
    const problem = imageFileError(file);
    if (problem) {
      setErrors((current) => ({ ...current, fields: { ...current.fields, image: t(problem) } }));
      return;
    }
    setImageFile(file);
    setRemoveImage(false);
  };

  /** Brings the product's topping groups and allergens in line with the selection. */
  const saveLinks = async (productId: number) => {
    const groups = catalog.product_groups.filter((link) => link.product_id === productId);
    for (const link of groups) {
      if (!draft.groupIds.includes(link.topping_group_id)) await deleteRecord('/product-groups/', link.id, link.version);
    }
    for (const [index, groupId] of draft.groupIds.entries()) {
      const existing = groups.find((link) => link.topping_group_id === groupId);
      const sortOrder = (index + 1) * 10;
      if (!existing) {
        await createRecord('/product-groups/', { product_id: productId, topping_group_id: groupId, sort_order: sortOrder });
      } else if (existing.sort_order !== sortOrder) {
        await updateRecord(
          '/product-groups/',
          existing.id,
          { product_id: productId, topping_group_id: groupId, sort_order: sortOrder },
          existing.version,
        );
      }
    }
    const allergies = catalog.item_allergies.filter((link) => link.item_type === 'product' && link.item_id === productId);
    for (const link of allergies) {
      if (!draft.allergyIds.includes(link.allergy_id)) await deleteRecord('/item-allergies/', link.id, link.version);
    }
    for (const allergyId of draft.allergyIds) {
      if (!allergies.some((link) => link.allergy_id === allergyId)) {
        await createRecord('/item-allergies/', { item_type: 'product', item_id: productId, allergy_id: allergyId });
      }
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(undefined);
    const { body, errors: found } = productBody(draft);
    if (Object.keys(found).length > 0) {
      setErrors({ fields: Object.fromEntries(Object.entries(found).map(([name, key]) => [name, t(key)])) });
      return;
    }
    setErrors(NO_ERRORS);
    setConflict(null);
    setSubmitting(true);
    let saved: Product;
    try {
      saved = product
        ? await updateRecord<Product>('/products/', product.id, body, version)
        : await createRecord<Product>('/products/', body);
    } catch (error) {
      setSubmitting(false);
      if (isEditConflict(error)) setConflict(error);
      else setErrors(errorsFromApi(error, PRODUCT_ERROR_FIELDS, t));
      return;
    }
    // The product itself is saved; a failure from here on is reported but keeps it.
    let followUp: string | undefined;
    let current = saved.version;
    try {
      await saveLinks(saved.id);
      if (imageFile) current = (await uploadProductImage(saved.id, imageFile, current)).version;
      else if (removeImage && saved.image_url) current = (await removeProductImage(saved.id, current)).version;
    } catch (error) {
      followUp = errorsFromApi(error, [], t).general;
    }
    const fresh = await reload();
    setVersion(current);
    // The topping groups and allergens as stored now, so that the next save starts from them.
    const stored = fresh?.products.find((candidate) => candidate.id === saved.id);
    if (product && fresh && stored) {
      const links = draftFromProduct(stored, fresh);
      setDraft((before) => ({ ...before, groupIds: links.groupIds, allergyIds: links.allergyIds }));
    }
    setSubmitting(false);
    setImageFile(null);
    setRemoveImage(false);
    if (!product) {
      navigate(`/admin/products?id=${saved.id}`, { replace: true, state: { saved: true, error: followUp } });
      return;
    }
    setSuccess(followUp ? undefined : t('form.saved'));
    setErrors(followUp ? { fields: {}, general: followUp } : NO_ERRORS);
  };

  /** Replaces what was typed with the product as it is stored now. */
  const loadCurrent = async (): Promise<boolean> => {
    const fresh = await reload();
    if (fresh === null || product === null) return false;
    const stored = fresh.products.find((candidate) => candidate.id === product.id);
    setConflict(null);
    setImageFile(null);
    setRemoveImage(false);
    if (stored === undefined) {
      setErrors({ fields: {}, general: t('common.not_found') });
      return true;
    }
    setDraft(draftFromProduct(stored, fresh));
    setVersion(stored.version);
    setErrors(NO_ERRORS);
    setSuccess(t('conflict.reloaded'));
    return true;
  };

  const fieldError = (name: string) => errors.fields[name] || undefined;
  const textValue = (name: string) => {
    const value = draft.values[name];
    return typeof value === 'string' ? value : '';
  };
  const field = (name: string) => productFields.find((spec) => spec.name === name)!;
  const selectOptions = (name: string) => field(name).options?.(catalog, draft.values, t) ?? [];

  return (
    <form className="admin-form admin-product-form" noValidate onSubmit={(event) => void submit(event)}>
      <Card title={t('products.basics')}>
        <div className="admin-form__grid">
          <TextInput id="product-name" label={t('fields.name')} required maxLength={100} value={textValue('name')} error={fieldError('name')} onChange={(value) => setValue('name', value)} />
          <TextInput id="product-name_en" label={t('fields.name_en')} maxLength={100} value={textValue('name_en')} error={fieldError('name_en')} onChange={(value) => setValue('name_en', value)} />
          <SelectInput id="product-category_id" label={t('fields.category')} required value={textValue('category_id')} options={selectOptions('category_id')} placeholder={t('form.choose')} error={fieldError('category_id')} onChange={(value) => setValue('category_id', value)} />
          <SelectInput id="product-tax_id" label={t('fields.tax')} required value={textValue('tax_id')} options={selectOptions('tax_id')} placeholder={t('form.choose')} error={fieldError('tax_id')} onChange={(value) => setValue('tax_id', value)} />
          <TextInput id="product-description" label={t('fields.description')} multiline maxLength={500} value={textValue('description')} error={fieldError('description')} onChange={(value) => setValue('description', value)} />
          <TextInput id="product-description_en" label={t('fields.description_en')} multiline maxLength={500} value={textValue('description_en')} error={fieldError('description_en')} onChange={(value) => setValue('description_en', value)} />
          <TextInput id="product-sort_order" label={t('fields.sort_order')} inputMode="numeric" value={textValue('sort_order')} error={fieldError('sort_order')} onChange={(value) => setValue('sort_order', value)} />
          <CheckboxInput id="product-available" label={t('fields.available')} hint={t('hints.available')} checked={draft.values.available === true} error={fieldError('available')} onChange={(value) => setValue('available', value)} />
          <TextInput id="product-daily_stock" label={t('fields.daily_stock')} hint={t('hints.daily_stock')} inputMode="numeric" value={textValue('daily_stock')} error={fieldError('daily_stock')} onChange={(value) => setValue('daily_stock', value)} />
          <SelectInput id="product-age_restriction" label={t('fields.age_restriction')} hint={t('hints.age_restriction')} value={textValue('age_restriction')} options={selectOptions('age_restriction')} placeholder={t('age_restriction.none')} error={fieldError('age_restriction')} onChange={(value) => setValue('age_restriction', value)} />
        </div>
      </Card>

      <Card title={t('products.pricing')}>
        <div className="admin-form__grid">
          <SelectInput
            id="product-type"
            label={t('fields.type')}
            required
            value={draft.type}
            error={fieldError('type')}
            options={[
              { value: 'simple', label: t('product_types.simple') },
              { value: 'variable', label: t('product_types.variable') },
            ]}
            onChange={(value) => {
              const type = value === 'variable' ? 'variable' : 'simple';
              update(
                { type, variants: type === 'variable' && draft.variants.length === 0 ? [newVariantRow()] : draft.variants },
                ['type', 'price', 'variants'],
              );
            }}
          />
          {draft.type === 'simple' && (
            <TextInput id="product-price" label={t('fields.price')} required inputMode="decimal" hint={t('hints.price')} value={draft.price} error={fieldError('price')} onChange={(value) => update({ price: value }, ['price'])} />
          )}
          {draft.type === 'simple' && (
            <PriceLabelInputs
              id="product"
              price={draft.price}
              labels={draft.labels}
              depositError={fieldError('deposit')}
              contentError={fieldError('net_content')}
              onChange={setLabels}
            />
          )}
        </div>
        {draft.type === 'variable' && (
          <fieldset className="admin-variants">
            <legend>{t('products.variants')}</legend>
            <p className="admin-field__hint">{t('hints.variants')}</p>
            <p className="admin-field__hint">{t('hints.variant_labels')}</p>
            {fieldError('variants') && (
              <p className="admin-field__error" role="alert">
                {fieldError('variants')}
              </p>
            )}
            {draft.variants.map((row, index) => (
              <div key={row.key} className="admin-variants__row">
                <TextInput id={`product-variant-${index}-name`} label={t('variants.name', { n: index + 1 })} required maxLength={100} value={row.name} error={fieldError(`variants.${index}.name`)} onChange={(value) => setVariant(index, { name: value })} />
                <TextInput id={`product-variant-${index}-name_en`} label={t('variants.name_en', { n: index + 1 })} maxLength={100} value={row.name_en} onChange={(value) => setVariant(index, { name_en: value })} />
                <TextInput id={`product-variant-${index}-price`} label={t('variants.price', { n: index + 1 })} required inputMode="decimal" value={row.price} error={fieldError(`variants.${index}.price`)} onChange={(value) => setVariant(index, { price: value })} />
                <button
                  type="button"
                  className="button button--ghost button--small admin-variants__remove"
                  aria-label={t('variants.remove', { n: index + 1 })}
                  onClick={() => update({ variants: draft.variants.filter((_, i) => i !== index) }, ['variants'])}
                >
                  ✕
                </button>
                <div className="admin-variants__labels">
                  <PriceLabelInputs
                    id={`product-variant-${index}`}
                    variant={index + 1}
                    price={row.price}
                    labels={row.labels}
                    depositError={fieldError(`variants.${index}.deposit`)}
                    contentError={fieldError(`variants.${index}.net_content`)}
                    onChange={(change) => setVariantLabels(index, change)}
                  />
                </div>
              </div>
            ))}
            <button type="button" className="button button--ghost button--small" onClick={() => update({ variants: [...draft.variants, newVariantRow()] }, ['variants'])}>
              {t('variants.add')}
            </button>
          </fieldset>
        )}
      </Card>

      <Card title={t('products.image')}>
        {product?.image_url && !removeImage && !imageFile && (
          <img className="admin-product-image" src={product.image_url} alt={t('products.current_image', { name: product.name })} />
        )}
        {removeImage && <p className="admin-field__hint">{t('products.image_will_be_removed')}</p>}
        <div className="admin-field">
          <label htmlFor="product-image" className="admin-field__label">
            {product?.image_url ? t('products.replace_image') : t('products.upload_image')}
          </label>
          <input
            id="product-image"
            type="file"
            accept={IMAGE_TYPES.join(',')}
            aria-describedby="product-image-hint"
            onChange={(event) => chooseImage(event.currentTarget.files?.[0])}
          />
          <span id="product-image-hint" className="admin-field__hint">
            {t('hints.image')}
          </span>
          {fieldError('image') && (
            <span className="admin-field__error" role="alert">
              {fieldError('image')}
            </span>
          )}
        </div>
        {product?.image_url && (
          <button type="button" className="button button--ghost button--small" onClick={() => setRemoveImage((value) => !value)}>
            {removeImage ? t('products.keep_image') : t('products.remove_image')}
          </button>
        )}
      </Card>

      <Card title={t('products.topping_groups')}>
        {catalog.topping_groups.length === 0 ? (
          <p className="admin-list__empty">
            {t('products.no_groups')} <Link to="/admin/topping-groups">{t('nav.topping_groups')}</Link>
          </p>
        ) : (
          <fieldset className="admin-choices">
            <legend className="visually-hidden">{t('products.topping_groups')}</legend>
            {[...catalog.topping_groups].sort(byName).map((group) => {
              const toppings = catalog.group_items
                .filter((item) => item.topping_group_id === group.id)
                .map((item) => {
                  const topping = catalog.toppings.find((entry) => entry.id === item.topping_id);
                  return `${topping?.name ?? `#${item.topping_id}`} ${formatPrice(item.price)}`;
                })
                .join(', ');
              return (
                <CheckboxInput
                  key={group.id}
                  id={`product-group-${group.id}`}
                  label={`${group.name} (${group.min_selections}–${group.max_selections})`}
                  hint={toppings || t('products.group_empty')}
                  checked={draft.groupIds.includes(group.id)}
                  onChange={(on) => toggle('groupIds', group.id, on)}
                />
              );
            })}
          </fieldset>
        )}
      </Card>

      <Card title={t('products.allergens')}>
        <fieldset className="admin-choices admin-choices--grid">
          <legend className="visually-hidden">{t('products.allergens')}</legend>
          {[...catalog.allergies]
            .sort((a, b) => a.code.localeCompare(b.code, 'de', { numeric: true }))
            .map((allergy) => (
              <CheckboxInput
                key={allergy.id}
                id={`product-allergy-${allergy.id}`}
                label={`${allergy.code} – ${allergy.name}`}
                checked={draft.allergyIds.includes(allergy.id)}
                onChange={(on) => toggle('allergyIds', allergy.id, on)}
              />
            ))}
        </fieldset>
        <CheckboxInput
          id="product-no-allergens"
          label={t('products.no_allergens')}
          hint={t('products.no_allergens_hint')}
          checked={draft.noAllergens && draft.allergyIds.length === 0}
          onChange={(on) => update({ noAllergens: on, allergyIds: on ? [] : draft.allergyIds })}
        />
        {draft.allergyIds.length === 0 && !draft.noAllergens && (
          <div className="admin-message admin-message--warning admin-allergens-warning" data-testid="allergens-unset">
            <p>{t('products.allergens_unset')}</p>
            <p data-testid="allergens-hidden-warning">{t('products.hidden_warning')}</p>
          </div>
        )}
      </Card>

      <div className="admin-form__sticky">
        {conflict && <EditConflictNotice text={conflictText(conflict, 'save', t)} onReload={loadCurrent} />}
        <FormMessage error={errors.general} success={success} />
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? t('form.saving') : product ? t('form.save_changes') : t('form.create')}
          </button>
          {Object.keys(errors.fields).some((name) => errors.fields[name]) && (
            <span className="admin-field__error">{t('errors.check_fields')}</span>
          )}
        </div>
      </div>
    </form>
  );
}
