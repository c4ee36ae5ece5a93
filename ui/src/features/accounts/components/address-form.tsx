import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, TextField } from '../../../components/form';
import { MAX_PHONE_LENGTH, cleanPhone } from '../../../lib/phone';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import type { Address, AddressInput } from '../api/accounts-api';
import { describeFailure, type FieldErrors } from '../lib/field-errors';

type Field = 'customer_name' | 'line1' | 'zip' | 'city' | 'phone' | 'email' | 'notes';
const REQUIRED: Field[] = ['customer_name', 'line1', 'zip', 'city', 'phone'];

export interface AddressFormProps {
  /** The address being edited, or the prefill of a new one. */
  initial: Partial<AddressInput>;
  editing: boolean;
  onSave: (input: AddressInput) => Promise<Address>;
  onSaved: (address: Address) => void;
  onCancel?: () => void;
}

/** Create or edit a saved address; required gaps and the server's field errors show next to the fields. */
export function AddressForm({ initial, editing, onSave, onSaved, onCancel }: AddressFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({
    customer_name: initial.customer_name ?? '',
    line1: initial.line1 ?? '',
    zip: initial.zip ?? '',
    city: initial.city ?? '',
    phone: cleanPhone(initial.phone ?? ''),
    email: initial.email ?? '',
    notes: initial.notes ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setMessage(undefined);
    const missing = REQUIRED.filter((field) => values[field].trim() === '');
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((field) => [field, t('account.errors.required')])));
      return;
    }
    setSaving(true);
    try {
      const saved = await onSave({
        customer_name: values.customer_name.trim(),
        line1: values.line1.trim(),
        zip: values.zip.trim(),
        city: values.city.trim(),
        country: initial.country || getRuntimeConfig().country,
        phone: values.phone,
        email: values.email.trim(),
        notes: values.notes.trim(),
      });
      onSaved(saved);
    } catch (failure) {
      const described = describeFailure(t, failure);
      setErrors(described.fieldErrors);
      setMessage(described.message);
      setSaving(false);
    }
  };

  const field = (name: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={t(`address.fields.${name}`)}
      name={name}
      markRequired={REQUIRED.includes(name)}
      value={values[name]}
      onValueChange={set(name)}
      error={errors[name]}
      {...extra}
    />
  );

  return (
    <form className="form address-form" noValidate onSubmit={(event) => void submit(event)}>
      <h2 className="address-form__title">{editing ? t('address.edit_title') : t('address.new_title')}</h2>
      {field('customer_name', { autoComplete: 'name', maxLength: 100 })}
      {field('line1', { autoComplete: 'street-address', maxLength: 200 })}
      <div className="form-row form-row--2">
        {field('zip', { autoComplete: 'postal-code', maxLength: 10 })}
        {field('city', { autoComplete: 'address-level2', maxLength: 100 })}
      </div>
      {field('phone', {
        type: 'tel',
        inputMode: 'numeric',
        autoComplete: 'tel',
        maxLength: MAX_PHONE_LENGTH,
        sanitize: cleanPhone,
        hint: t('address.phone_hint'),
      })}
      {field('email', { type: 'email', inputMode: 'email', autoComplete: 'email', label: t('address.fields.email_optional') })}
      {field('notes', { multiline: true, rows: 2, maxLength: 500, label: t('address.fields.notes_optional') })}
      <FormMessage error={message} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? t('address.saving') : t('address.save')}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('address.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
