import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText } from '../../../lib/error-text';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * The rule of `field`, in the UI language, for a value the server refused. Its
 * answer names the field, not the rule, except in the English `detail`: a password
 * that is too common, the one rule no form can check beforehand, is told from that.
 */
export function fieldRule(t: TFunction, field: string, detail: string | undefined): string {
  const isPassword = field === 'password' || field === 'new_password';
  if (isPassword && detail !== undefined && /common/i.test(detail)) return t('account.errors.password_common');
  return t(`account.errors.${field}`, { defaultValue: t('account.errors.invalid') });
}

/**
 * Splits a failed call into an error next to a field (400 with `field`) or a
 * message for the whole form, both in the UI language.
 */
export function describeFailure(t: TFunction, error: unknown): { fieldErrors: FieldErrors; message?: string } {
  if (error instanceof ApiError && error.status === 400 && error.field) {
    return { fieldErrors: { [error.field]: fieldErrorText(error, t, fieldRule(t, error.field, error.detail)) } };
  }
  return { fieldErrors: {}, message: errorText(error, t, t('account.errors.generic')) };
}

/**
 * A server confirmation in the UI language: the server writes English, so English
 * shows its text as sent and other languages show the translation of `key`.
 */
export function serverText(t: TFunction, key: string, detail: string | undefined, language: string): string {
  return language === 'en' && detail ? detail : t(key);
}
