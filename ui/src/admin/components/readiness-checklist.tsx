import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { ApiError } from '../../lib/api-error';
import { useAsync } from '../../lib/use-async';
import { confirmReadiness, getReadiness } from '../api/store-admin-api';
import { errorsFromApi } from '../lib/errors';
import { formatDateTime } from '../lib/order-format';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { Readiness, ReadinessFinding } from '../types';

const KNOWN_CODES = [
  'impressum_missing',
  'impressum_hidden',
  'privacy_missing',
  'terms_missing',
  'withdrawal_missing',
  'tax_missing',
  'order_button_wording',
  'paypal_secret_missing',
  'fiscal_mode_missing',
  'fiscal_pos_unconfirmed',
  'fiscal_no_payment',
  'fiscal_tse_credentials_missing',
  'fiscal_tse_not_set_up',
  'unit_price_missing',
];

/** The finding in the admin's language, naming the product or topping it concerns. */
export function findingText(finding: ReadinessFinding, t: TFunction): string {
  const name = finding.subject.name ?? '';
  if (finding.code === 'allergens_missing') {
    return t(`readiness.codes.allergens_missing_${finding.subject.kind === 'topping' ? 'topping' : 'product'}`, { name });
  }
  if (KNOWN_CODES.includes(finding.code)) return t(`readiness.codes.${finding.code}`, { name });
  return t('readiness.codes.unknown', { detail: finding.detail });
}

/** An error or a warning keeps the shop closed until fixed or confirmed; a hidden item only is not sold. */
export function blocksOrdering(finding: ReadinessFinding): boolean {
  return finding.severity !== 'hidden';
}

/**
 * What the list means for the shop: nothing missing; only items that are not sold
 * (the shop takes orders); findings confirmed (it takes orders); or closed until fixed
 * or confirmed.
 */
export type ReadinessState = 'ready' | 'hidden_only' | 'open_with_warnings' | 'blocked';

export function readinessState(readiness: Readiness): ReadinessState {
  if (readiness.findings.length === 0) return 'ready';
  if (!readiness.findings.some(blocksOrdering)) return 'hidden_only';
  return readiness.ready ? 'open_with_warnings' : 'blocked';
}

/**
 * "Before you open": what the shop still lacks (GET /admin/readiness), each with a link to
 * the screen that fixes it, and the owner's confirmation to open with the list as it is.
 * The shop opening or closing after a confirmation reaches the page through the live status.
 */
export function ReadinessChecklist({ timezone }: { timezone: string }) {
  const { t } = useAdminTranslation();
  const loaded = useAsync(getReadiness, 'admin-readiness');
  const [confirmed, setConfirmed] = useState<Readiness | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  if (loaded.status === 'loading') return <LoadingMessage text={t('readiness.loading')} />;
  if (loaded.status === 'error') return <ErrorMessage text={t('readiness.load_error')} onRetry={loaded.reload} />;
  const readiness = confirmed ?? loaded.data;

  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setConfirmed(await confirmReadiness(readiness.findings.map((finding) => finding.key)));
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'readiness_changed') {
        setError(t('readiness.changed'));
        setConfirmed(null);
        loaded.reload();
      } else {
        setError(errorsFromApi(failure, [], t).general);
      }
    } finally {
      setBusy(false);
    }
  };

  const { findings, confirmation } = readiness;
  const state = readinessState(readiness);
  const someHidden = findings.some((finding) => !blocksOrdering(finding));
  return (
    <section className={`admin-card admin-readiness admin-readiness--${state}`} aria-labelledby="readiness-title" data-testid="readiness">
      <h2 id="readiness-title" className="admin-card__title">
        {t('readiness.title')}
      </h2>
      {findings.length === 0 ? (
        <p className="admin-readiness__state" data-testid="readiness-state">
          {t('readiness.ready')}
        </p>
      ) : (
        <>
          <p className="admin-field__hint">{state === 'hidden_only' ? t('readiness.intro_hidden') : t('readiness.intro')}</p>
          <ul className="admin-readiness__list">
            {findings.map((finding) => (
              <li key={finding.key} className={`admin-readiness__item admin-readiness__item--${finding.severity}`} data-key={finding.key}>
                <span className={`admin-readiness__severity admin-readiness__severity--${finding.severity}`}>
                  {t(`readiness.severity.${finding.severity}`)}
                </span>
                <span className="admin-readiness__text">{findingText(finding, t)}</span>
                <span className="admin-readiness__mark">{finding.confirmed ? t('readiness.confirmed') : confirmation && blocksOrdering(finding) ? t('readiness.new') : ''}</span>
                {finding.link && (
                  <Link to={finding.link} className="button button--small button--ghost">
                    {t('readiness.fix')}
                  </Link>
                )}
              </li>
            ))}
          </ul>
          <p className="admin-readiness__state" data-testid="readiness-state">
            {t(`readiness.${state}`)}
          </p>
          {someHidden && state !== 'hidden_only' && <p className="admin-field__hint">{t('readiness.hidden_note')}</p>}
          {confirmation && state !== 'hidden_only' && (
            <p className="admin-field__hint">
              {confirmation.by_upgrade
                ? t('readiness.confirmed_by_upgrade', { date: formatDateTime(confirmation.confirmed_at, timezone) })
                : t('readiness.confirmed_at', { date: formatDateTime(confirmation.confirmed_at, timezone) })}
            </p>
          )}
          {state === 'blocked' && (
            <div className="admin-form__actions">
              <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>
                {busy ? t('readiness.confirming') : t('readiness.confirm')}
              </button>
              <span className="admin-field__hint">{t('readiness.confirm_hint')}</span>
            </div>
          )}
        </>
      )}
      {error && (
        <p className="admin-message admin-message--error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
