import type { TFunction } from 'i18next';
import { ApiError } from './api-error';
import { ERRORS_NAMESPACE } from './i18n';

/** What an error code looks like; anything else is no key to look up. */
const CODE = /^[a-z][a-z_]*$/;

/**
 * The sentence for an error code in the reader's language, naming the values in
 * `params`; undefined when the UI has no sentence for the code, or when the sentence
 * names a value the answer did not give.
 */
export function codeText(code: string | undefined, params: Record<string, string>, t: TFunction): string | undefined {
  if (code === undefined || !CODE.test(code)) return undefined;
  let missing = false;
  const text = t(code, {
    ns: ERRORS_NAMESPACE,
    defaultValue: '',
    // The values go in `replace`, so none of them can act as an option of the call.
    replace: params,
    missingInterpolationHandler: () => {
      missing = true;
      return '';
    },
  });
  return typeof text === 'string' && text !== '' && !missing ? text : undefined;
}

/** Codes whose sentence says no more than "something went wrong": the caller's fallback says more. */
const GENERAL_CODES: readonly string[] = ['internal_error'];

/**
 * An error as the server describes it: the body of an API answer (an `ApiError`
 * carries it) or the error message of a live connection.
 */
export interface ServerError {
  code?: string | undefined;
  params?: Record<string, string> | undefined;
  /** The request field at fault; `invalid` names it. */
  field?: string | undefined;
  /** The server's sentence, in English. */
  detail?: string | undefined;
}

/** Whether `t` says the error sentences in English, the language of the server's `detail`. */
function readsEnglish(t: TFunction): boolean {
  const found = t('generic', { ns: ERRORS_NAMESPACE, returnDetails: true });
  return typeof found === 'object' && found !== null && found.usedLng === 'en';
}

/**
 * What to tell the reader about an error the server described, in their language:
 * the sentence for its code with the values it names; for a code this UI has no
 * sentence for, the server's `detail` if the reader reads English, else `fallback`
 * (what failed, e.g. "your message could not be sent"), else a general "something
 * went wrong". Never the English `detail` in another language.
 */
export function serverErrorText(error: ServerError, t: TFunction, fallback?: string): string {
  const saysLess = fallback !== undefined && GENERAL_CODES.includes(error.code ?? '');
  if (!saysLess) {
    const params = error.field === undefined ? { ...error.params } : { field: error.field, ...error.params };
    const text = codeText(error.code, params, t);
    if (text !== undefined) return text;
    if (error.detail && readsEnglish(t)) return error.detail;
  }
  return fallback ?? t('generic', { ns: ERRORS_NAMESPACE });
}

/** What to tell the reader about a failed call, in their language (see `serverErrorText`). */
export function errorText(error: unknown, t: TFunction, fallback?: string): string {
  if (error instanceof ApiError) return serverErrorText(error, t, fallback);
  return fallback ?? t('generic', { ns: ERRORS_NAMESPACE });
}

/**
 * The message shown next to the field an error names. For `invalid` that is the
 * field's own rule (`fallback`) or "please check this entry", as the field's name
 * need not be repeated there; any other code says what its sentence says.
 */
export function fieldErrorText(error: unknown, t: TFunction, fallback?: string): string {
  if (error instanceof ApiError && error.code === 'invalid') return fallback ?? t('invalid_here', { ns: ERRORS_NAMESPACE });
  return errorText(error, t, fallback);
}
