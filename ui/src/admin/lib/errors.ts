import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-error';

export interface FormErrors {
  fields: Record<string, string>;
  general?: string;
}

export const NO_ERRORS: FormErrors = { fields: {} };

/**
 * Turns a failed write into messages: a 400 naming one of `fieldNames` goes next to
 * that field (a name like "variants[0].price" goes to "variants"), anything else
 * becomes a general error with the server's detail.
 */
export function errorsFromApi(error: unknown, fieldNames: readonly string[], t: TFunction): FormErrors {
  if (error instanceof ApiError) {
    const field = error.field;
    const detail = error.detail ?? t('errors.status', { status: error.status });
    if (field !== undefined) {
      const known = fieldNames.find((name) => field === name || field.startsWith(`${name}[`) || field.startsWith(`${name}.`));
      if (known !== undefined) return { fields: { [known]: detail } };
    }
    return { fields: {}, general: detail };
  }
  return { fields: {}, general: t('errors.generic') };
}
