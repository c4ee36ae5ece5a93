import { useState, type FormEvent } from 'react';
import { createCoupon, updateCoupon, type Coupon, type CouponKind, type CouponOrderTypes } from '../api/coupons-api';
import { checkCouponForm, couponFormValues, EMPTY_COUPON_FORM, type CouponFormValues } from '../lib/coupons';
import { errorsFromApi, NO_ERRORS, type FormErrors } from '../lib/errors';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { CheckboxInput, FormMessage, SelectInput, TextInput } from './fields';

const FIELDS = [
  'code',
  'kind',
  'percent',
  'amount',
  'minimum_order',
  'valid_from',
  'valid_to',
  'order_types',
  'first_order_only',
  'per_customer_limit',
  'total_limit',
  'paused',
] as const;
const KINDS: readonly CouponKind[] = ['percent', 'amount', 'free_delivery'];
const ORDER_TYPES: readonly CouponOrderTypes[] = ['both', 'delivery', 'pickup'];

/**
 * The form for a new coupon (POST /admin/coupons) or, with `coupon`, for changing one
 * (PUT, the whole record). It states the rule by which a coupon joins the standing
 * discount. A refusal naming a field (a taken code, say) is said at that field.
 */
export function CouponForm({
  coupon,
  onSaved,
  onCancel,
}: {
  /** The coupon being changed; null: a new one. */
  coupon: Coupon | null;
  onSaved: (saved: Coupon, created: boolean) => void;
  onCancel?: () => void;
}) {
  const { t } = useAdminTranslation();
  const [values, setValues] = useState<CouponFormValues>(coupon === null ? EMPTY_COUPON_FORM : couponFormValues(coupon));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [submitting, setSubmitting] = useState(false);
  const prefix = coupon === null ? 'coupon-new' : `coupon-${coupon.id}`;

  const change = <K extends keyof CouponFormValues>(name: K, value: CouponFormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current.fields)) return current;
      const fields = { ...current.fields };
      delete fields[name];
      return { ...current, fields };
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkCouponForm(values);
    if (!check.ok) {
      setErrors({
        fields: Object.fromEntries(
          Object.entries(check.problems).map(([name, problem]) => [
            name,
            problem === 'required' ? t('errors.required') : t(`coupons.errors.${problem}`),
          ]),
        ),
      });
      return;
    }
    setErrors(NO_ERRORS);
    setSubmitting(true);
    try {
      const saved = coupon === null ? await createCoupon(check.body) : await updateCoupon(coupon.id, check.body);
      if (coupon === null) setValues(EMPTY_COUPON_FORM);
      onSaved(saved, coupon === null);
    } catch (failure) {
      setErrors(errorsFromApi(failure, FIELDS, t));
    } finally {
      setSubmitting(false);
    }
  };

  const dateInput = (name: 'valid_from' | 'valid_to') => {
    const id = `${prefix}-${name}`;
    const error = errors.fields[name];
    return (
      <div className="admin-field">
        <label htmlFor={id} className="admin-field__label">
          {t(`coupons.${name}`)}
        </label>
        <input
          id={id}
          name={id}
          type="date"
          className="admin-input"
          value={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => change(name, event.currentTarget.value)}
        />
        <span id={`${id}-hint`} className="admin-field__hint">
          {t('coupons.valid_hint')}
        </span>
        {error && (
          <span id={`${id}-error`} className="admin-field__error" role="alert">
            {error}
          </span>
        )}
      </div>
    );
  };

  return (
    <form className="admin-form" noValidate onSubmit={(event) => void submit(event)} data-testid="coupon-form">
      <p className="admin-coupon-rule" data-testid="coupon-rule">
        {t('coupons.rule')}
      </p>
      <div className="admin-form__grid">
        <TextInput
          id={`${prefix}-code`}
          label={t('coupons.code')}
          hint={t('coupons.code_hint')}
          autoComplete="off"
          maxLength={24}
          required
          value={values.code}
          error={errors.fields.code}
          onChange={(value) => change('code', value)}
        />
        <SelectInput
          id={`${prefix}-kind`}
          label={t('coupons.kind')}
          required
          value={values.kind}
          error={errors.fields.kind}
          options={KINDS.map((kind) => ({ value: kind, label: t(`coupons.kinds.${kind}`) }))}
          onChange={(value) => change('kind', value as CouponKind)}
        />
        {values.kind === 'percent' && (
          <TextInput
            id={`${prefix}-percent`}
            label={t('coupons.percent')}
            hint={t('coupons.percent_hint')}
            inputMode="decimal"
            required
            value={values.percent}
            error={errors.fields.percent}
            onChange={(value) => change('percent', value)}
          />
        )}
        {values.kind === 'amount' && (
          <TextInput
            id={`${prefix}-amount`}
            label={t('coupons.amount')}
            hint={t('coupons.amount_hint')}
            inputMode="decimal"
            required
            value={values.amount}
            error={errors.fields.amount}
            onChange={(value) => change('amount', value)}
          />
        )}
        <TextInput
          id={`${prefix}-minimum_order`}
          label={t('coupons.minimum_order')}
          hint={t('coupons.minimum_order_hint')}
          inputMode="decimal"
          value={values.minimum_order}
          error={errors.fields.minimum_order}
          onChange={(value) => change('minimum_order', value)}
        />
        {dateInput('valid_from')}
        {dateInput('valid_to')}
        <SelectInput
          id={`${prefix}-order_types`}
          label={t('coupons.order_types')}
          value={values.order_types}
          error={errors.fields.order_types}
          options={ORDER_TYPES.map((types) => ({ value: types, label: t(`coupons.order_types_options.${types}`) }))}
          onChange={(value) => change('order_types', value as CouponOrderTypes)}
        />
        <TextInput
          id={`${prefix}-per_customer_limit`}
          label={t('coupons.per_customer_limit')}
          hint={t('coupons.per_customer_limit_hint')}
          inputMode="numeric"
          value={values.per_customer_limit}
          error={errors.fields.per_customer_limit}
          onChange={(value) => change('per_customer_limit', value)}
        />
        <TextInput
          id={`${prefix}-total_limit`}
          label={t('coupons.total_limit')}
          hint={t('coupons.total_limit_hint')}
          inputMode="numeric"
          value={values.total_limit}
          error={errors.fields.total_limit}
          onChange={(value) => change('total_limit', value)}
        />
        <CheckboxInput
          id={`${prefix}-first_order_only`}
          label={t('coupons.first_order_only')}
          hint={t('coupons.first_order_only_hint')}
          checked={values.first_order_only}
          error={errors.fields.first_order_only}
          onChange={(checked) => change('first_order_only', checked)}
        />
        <CheckboxInput
          id={`${prefix}-paused`}
          label={t('coupons.paused')}
          checked={values.paused}
          error={errors.fields.paused}
          onChange={(checked) => change('paused', checked)}
        />
      </div>
      <FormMessage error={errors.general} />
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? t('form.saving') : coupon === null ? t('form.create') : t('form.save_changes')}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('form.cancel_edit')}
          </button>
        )}
      </div>
    </form>
  );
}
