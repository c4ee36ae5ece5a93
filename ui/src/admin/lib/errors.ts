import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-error';
import { errorText, fieldErrorText } from '../../lib/error-text';

export interface FormErrors {
  fields: Record<string, string>;
  general?: string;
}

export const NO_ERRORS: FormErrors = { fields: {} };

/**
 * Turns a failed write into messages in the admin's language: an error naming one of
 * `fieldNames` goes next to that field (a name like "variants[0].price" goes to
 * "variants"), anything else becomes a general error saying what the server's code means.
 */
export function errorsFromApi(error: unknown, fieldNames: readonly string[], t: TFunction): FormErrors {
  if (error instanceof ApiError) {
    const field = error.field;
    if (field !== undefined) {
      const known = fieldNames.find((name) => field === name || field.startsWith(`${name}[`) || field.startsWith(`${name}.`));
      if (known !== undefined) return { fields: { [known]: fieldErrorText(error, t) } };
    }
    return { fields: {}, general: errorText(error, t, t('errors.status', { status: error.status })) };
  }
  return { fields: {}, general: t('errors.generic') };
}
