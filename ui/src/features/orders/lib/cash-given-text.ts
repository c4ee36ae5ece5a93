import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';
import { MAX_CASH_GIVEN_CENTS, type CashGivenCheck } from '../../../lib/cash-given';
import { fieldErrorText, serverErrorText } from '../../../lib/error-text';
import { formatPrice } from '../../../lib/format-price';
import { fromCents } from '../../../lib/money';

type CashGivenProblem = Extract<CashGivenCheck, { ok: false }>['error'];

/**
 * Why the amount the customer pays with cannot be sent, in their language; below the
 * total it is the server's own sentence for cash_given_below_total, naming the total.
 */
export function cashGivenProblemText(problem: CashGivenProblem, totalCents: number, t: TFunction): string {
  switch (problem) {
    case 'format':
      return t('checkout.cash_given.format');
    case 'too_high':
      return t('checkout.cash_given.too_high', { max: formatPrice(fromCents(MAX_CASH_GIVEN_CENTS)) });
    case 'below_total':
      return serverErrorText({ code: 'cash_given_below_total', params: { total: formatPrice(fromCents(totalCents)) } }, t);
  }
}

/** The server's refusal of the amount the customer pays with (below the total, or not taken), as said at its field; else null. */
export function cashGivenRefusalText(error: unknown, t: TFunction): string | null {
  if (!(error instanceof ApiError) || error.field !== 'cash_given') return null;
  return fieldErrorText(error, t);
}
