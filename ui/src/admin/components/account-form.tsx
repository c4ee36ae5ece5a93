import { useState, type FormEvent } from 'react';
import type { RestaurantRole } from '../lib/roles';
import { createAccount, type NewAccountBody, type RestaurantAccount } from '../api/accounts-api';
import { errorsFromApi, NO_ERRORS, type FormErrors } from '../lib/errors';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { FormMessage, SelectInput, TextInput } from './fields';

const FIELDS = ['email', 'name', 'role', 'password'] as const;
const ROLES: readonly RestaurantRole[] = ['staff', 'owner'];
const EMPTY: NewAccountBody = { email: '', name: '', role: 'staff', password: '' };

/**
 * The form for a new owner or staff account (POST /admin/accounts). A refusal naming a
 * field (a taken e-mail, a password too short) is said at that field.
 */
export function AccountForm({ onCreated }: { onCreated: (account: RestaurantAccount) => void }) {
  const { t } = useAdminTranslation();
  const [values, setValues] = useState<NewAccountBody>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [success, setSuccess] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const change = (name: keyof NewAccountBody, value: string) => {
    setSuccess(undefined);
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
    setSuccess(undefined);
    const body = { ...values, email: values.email.trim(), name: values.name.trim() };
    const missing = (['email', 'password'] as const).filter((name) => body[name] === '');
    if (missing.length > 0) {
      setErrors({ fields: Object.fromEntries(missing.map((name) => [name, t('errors.required')])) });
      return;
    }
    setErrors(NO_ERRORS);
    setSubmitting(true);
    try {
      const created = await createAccount(body);
      setValues(EMPTY);
      setSuccess(t('accounts.created', { name: created.name }));
      onCreated(created);
    } catch (failure) {
      setErrors(errorsFromApi(failure, FIELDS, t));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="admin-form" noValidate onSubmit={(event) => void submit(event)} data-testid="account-form">
      <div className="admin-form__grid">
        <TextInput
          id="account-email"
          label={t('accounts.email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          required
          value={values.email}
          error={errors.fields.email}
          onChange={(value) => change('email', value)}
        />
        <TextInput
          id="account-name"
          label={t('accounts.name')}
          hint={t('accounts.name_hint')}
          autoComplete="off"
          value={values.name}
          error={errors.fields.name}
          onChange={(value) => change('name', value)}
        />
        <SelectInput
          id="account-role"
          label={t('accounts.role')}
          hint={t('accounts.role_hint')}
          required
          value={values.role}
          error={errors.fields.role}
          options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          onChange={(value) => change('role', value)}
        />
        <TextInput
          id="account-password"
          label={t('accounts.password')}
          hint={t('accounts.password_hint')}
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          error={errors.fields.password}
          onChange={(value) => change('password', value)}
        />
      </div>
      <FormMessage error={errors.general} success={success} />
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? t('form.saving') : t('form.create')}
        </button>
      </div>
    </form>
  );
}
