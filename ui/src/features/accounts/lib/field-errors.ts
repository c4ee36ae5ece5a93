import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * The message for a server validation error on `field`: in English the server's
 * own reason after the field's label ("Password is too common; choose another"),
 * in other languages the translated rule of that field.
 */
export function fieldErrorMessage(t: TFunction, field: string, detail: string | undefined, language: string): string {
  const label = t(`account.fields.${field}`, { defaultValue: field });
  if (language === 'en' && detail) return `${label} ${detail}`;
  if (detail && /common/i.test(detail) && field === 'password') return t('account.errors.password_common');
  return t(`account.errors.${field}`, { defaultValue: t('account.errors.invalid') });
}

/**
 * Splits a failed call into an error next to a field (400 with `field`) or a
 * message for the whole form.
 */
export function describeFailure(
  t: TFunction,
  error: unknown,
  language: string,
): { fieldErrors: FieldErrors; message?: string } {
  if (error instanceof ApiError && error.status === 400 && error.field) {
    return { fieldErrors: { [error.field]: fieldErrorMessage(t, error.field, error.detail, language) } };
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    // Known codes have a translation (the English one is the server's text); others show the server's text.
    const translated = error.code ? t(`account.codes.${error.code}`, { defaultValue: '' }) : '';
    const message = translated || error.detail;
    if (message) return { fieldErrors: {}, message };
  }
  return { fieldErrors: {}, message: t('account.errors.generic') };
}

/**
 * A server confirmation in the UI language: the server writes English, so English
 * shows its text as sent and other languages show the translation of `key`.
 */
export function serverText(t: TFunction, key: string, detail: string | undefined, language: string): string {
  return language === 'en' && detail ? detail : t(key);
}
