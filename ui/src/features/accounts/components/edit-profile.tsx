import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, TextField } from '../../../components/form';
import { useAuth } from '../../../lib/auth';
import { MAX_PHONE_LENGTH, cleanPhone } from '../../../lib/phone';
import { updateProfile, type ProfileInput } from '../api/accounts-api';
import { describeFailure, type FieldErrors } from '../lib/field-errors';

/**
 * "Edit profile": the signed-in customer's name and phone (the e-mail is the login
 * and stays). The saved user replaces the one in the session, so the header greets
 * the new name at once.
 */
export function EditProfile() {
  const { t } = useTranslation();
  const { user, updateUser } = useAuth();
  const [values, setValues] = useState<ProfileInput>(() => ({
    customer_name: user?.customer_name ?? '',
    phone: user?.phone ?? '',
  }));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | undefined>();
  const [success, setSuccess] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const set = (field: keyof ProfileInput) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setSuccess(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setMessage(undefined);
    setSuccess(undefined);
    const input = { customer_name: values.customer_name.trim(), phone: values.phone };
    if (input.customer_name === '') {
      setFieldErrors({ customer_name: t('account.errors.required') });
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const saved = await updateProfile(input);
      updateUser(saved);
      setValues({ customer_name: saved.customer_name ?? input.customer_name, phone: saved.phone ?? input.phone });
      setSuccess(t('my_account.profile.saved'));
    } catch (failure) {
      const described = describeFailure(t, failure);
      setFieldErrors(described.fieldErrors);
      setMessage(described.message);
    }
    setSubmitting(false);
  };

  return (
    <section className="my-account__section" aria-labelledby="edit-profile-title">
      <h2 id="edit-profile-title" className="my-account__title">
        {t('my_account.profile.title')}
      </h2>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('account.fields.name')}
          name="customer_name"
          autoComplete="name"
          maxLength={100}
          markRequired
          value={values.customer_name}
          onValueChange={set('customer_name')}
          error={fieldErrors.customer_name}
        />
        <TextField
          label={t('account.fields.phone')}
          type="tel"
          name="phone"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={MAX_PHONE_LENGTH}
          sanitize={cleanPhone}
          value={values.phone}
          onValueChange={set('phone')}
          error={fieldErrors.phone}
        />
        <FormMessage error={message} success={success} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? t('my_account.profile.saving') : t('my_account.profile.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
