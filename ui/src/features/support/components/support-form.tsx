import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, TextField } from '../../../components/form';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { cleanPhone, MAX_PHONE_LENGTH } from '../../../lib/phone';
import { sendSupportMessage } from '../support-api';

type Field = 'name' | 'email' | 'phone' | 'message';
const REQUIRED: Field[] = ['name', 'email', 'message'];
const EMPTY: Record<Field, string> = { name: '', email: '', phone: '', message: '' };

/** Contact form: name, e-mail, optional phone and the message; then a thank-you. */
export function SupportForm() {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | undefined>();
  const [thanks, setThanks] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setMessage(undefined);
    const missing = REQUIRED.filter((field) => values[field].trim() === '');
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((field) => [field, t('support.required')])));
      return;
    }
    setSubmitting(true);
    try {
      const { detail } = await sendSupportMessage({
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
        ...(values.phone ? { phone: values.phone } : {}),
      });
      setThanks(i18n.resolvedLanguage === 'en' && detail ? detail : t('support.thanks'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400 && failure.field && failure.field in EMPTY) {
        setErrors({ [failure.field]: t(`support.invalid.${failure.field}`) });
      } else {
        setMessage(errorText(failure, t, t('support.error')));
      }
    }
    setSubmitting(false);
  };

  if (thanks) {
    return (
      <div className="support-thanks" role="status">
        <p className="support-thanks__title">{thanks}</p>
        <p>{t('support.thanks_hint')}</p>
      </div>
    );
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="form-row form-row--2">
        <TextField
          label={t('support.name')}
          name="name"
          autoComplete="name"
          maxLength={100}
          markRequired
          value={values.name}
          onValueChange={set('name')}
          error={errors.name}
        />
        <TextField
          label={t('support.email')}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          markRequired
          value={values.email}
          onValueChange={set('email')}
          error={errors.email}
        />
      </div>
      <TextField
        label={t('support.phone')}
        type="tel"
        name="phone"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={MAX_PHONE_LENGTH}
        sanitize={cleanPhone}
        value={values.phone}
        onValueChange={set('phone')}
        error={errors.phone}
      />
      <TextField
        label={t('support.message')}
        name="message"
        multiline
        rows={6}
        maxLength={5000}
        markRequired
        value={values.message}
        onValueChange={set('message')}
        error={errors.message}
      />
      <FormMessage error={message} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? t('support.sending') : t('support.send')}
        </button>
      </div>
    </form>
  );
}
