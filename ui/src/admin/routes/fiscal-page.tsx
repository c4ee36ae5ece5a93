import { useState, type FormEvent } from 'react';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { useAsync } from '../../lib/use-async';
import { chooseFiscalMode, getFiscal } from '../api/fiscal-api';
import { AdminPage } from '../components/admin-page';
import { Card, CheckboxInput, FormMessage } from '../components/fields';
import { FiscalHistory } from '../components/fiscal-history';
import { CloudTse } from '../components/fiscal-tse';
import { TseOutages } from '../components/tse-outages';
import { errorsFromApi, NO_ERRORS, type FormErrors } from '../lib/errors';
import { chooserText, FISCAL_MODES, fiscalModeName } from '../lib/fiscal';
import { formatDateTime } from '../lib/order-format';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { storeTimezone, useAdminStore } from '../lib/use-store-timezone';
import type { Fiscal, FiscalMode } from '../types';

/** The request fields the server names in its refusals. */
const FIELDS = ['mode', 'pos_confirmed'] as const;

/**
 * /admin/fiscal: how the cash of the shop's orders is recorded for the tax office
 * (German KassenSichV). The owner chooses one of three modes; the own till needs their
 * confirmation. Every choice is kept with who made it and when. With the cloud TSE the
 * page sets it up and shows what to register with the tax office, and its outages.
 */
export function FiscalPage() {
  const { t } = useAdminTranslation();
  const timezone = storeTimezone(useAdminStore());
  const loaded = useAsync(getFiscal, 'admin-fiscal');
  const [saved, setSaved] = useState<Fiscal | null>(null);
  const fiscal = saved ?? (loaded.status === 'success' ? loaded.data : null);

  return (
    <AdminPage title="Fiscal" heading={t('fiscal.heading')} intro={t('fiscal.intro')} needsCatalog={false}>
      {fiscal === null && loaded.status === 'error' && <ErrorMessage text={t('fiscal.load_error')} onRetry={loaded.reload} />}
      {fiscal === null && loaded.status !== 'error' && <LoadingMessage text={t('fiscal.loading')} />}
      {fiscal !== null && (
        <>
          <CurrentChoice fiscal={fiscal} timezone={timezone} />
          {showsTse(fiscal) && (
            <>
              <Card title={t('fiscal.tse.title')}>
                <CloudTse fiscal={fiscal} timezone={timezone} onChanged={setSaved} />
              </Card>
              <Card title={t('fiscal.tse.outages.title')}>
                <TseOutages outages={fiscal.tse.outages} timezone={timezone} />
              </Card>
            </>
          )}
          <Card title={t('fiscal.choose')}>
            <FiscalForm fiscal={fiscal} onSaved={setSaved} />
          </Card>
          <Card title={t('fiscal.history.title')}>
            <FiscalHistory history={fiscal.history} timezone={timezone} />
          </Card>
        </>
      )}
    </AdminPage>
  );
}

/** The cloud TSE has its say while it is the mode, and once it was set up (its data stays needed). */
function showsTse(fiscal: Fiscal): boolean {
  return fiscal.current?.mode === 'tse' || fiscal.tse.setup !== null;
}

/** The mode that holds, who chose it and when, and what it means for cash and phone orders. */
function CurrentChoice({ fiscal, timezone }: { fiscal: Fiscal; timezone: string }) {
  const { t } = useAdminTranslation();
  const { current } = fiscal;
  return (
    <Card title={t('fiscal.current.title')}>
      <div data-testid="fiscal-current">
        {current === null ? (
          <p className="admin-message admin-message--warning">{t('fiscal.current.none')}</p>
        ) : (
          <>
            <p className="admin-fiscal__mode">{fiscalModeName(current.mode, t)}</p>
            <p>
              {current.chosen_by.kind === 'configuration' && current.chosen_by.name === ''
                ? t('fiscal.current.chosen_by_configuration', { date: formatDateTime(current.chosen_at, timezone) })
                : t('fiscal.current.chosen', {
                    date: formatDateTime(current.chosen_at, timezone),
                    who: chooserText(current.chosen_by, t),
                  })}
            </p>
            {current.mode === 'pos' &&
              (current.pos_confirmation === null ? (
                <p className="admin-message admin-message--warning">{t('fiscal.current.unconfirmed')}</p>
              ) : (
                <p data-testid="fiscal-confirmation">
                  {t('fiscal.current.confirmed', {
                    date: formatDateTime(current.pos_confirmation.at, timezone),
                    who: chooserText(current.pos_confirmation.by, t),
                  })}
                </p>
              ))}
            <p className="admin-field__hint">{fiscal.takes_cash ? t('fiscal.current.cash') : t('fiscal.current.no_cash')}</p>
          </>
        )}
        {fiscal.configured_mode !== null && (
          <p className="admin-field__hint" data-testid="fiscal-configured">
            {t('fiscal.configured', { mode: fiscalModeName(fiscal.configured_mode, t) })}
          </p>
        )}
      </div>
    </Card>
  );
}

/**
 * The choice of mode: each explained for the owner, the own till only with the
 * confirmation that every cash payment is booked there. Refusals of the server are
 * shown next to what they name.
 */
function FiscalForm({ fiscal, onSaved }: { fiscal: Fiscal; onSaved: (fiscal: Fiscal) => void }) {
  const { t } = useAdminTranslation();
  const [mode, setMode] = useState<FiscalMode | null>(fiscal.current?.mode ?? null);
  const [posConfirmed, setPosConfirmed] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [success, setSuccess] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const choose = (next: FiscalMode) => {
    setMode(next);
    setErrors(NO_ERRORS);
    setSuccess(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(undefined);
    if (mode === null) {
      setErrors({ fields: { mode: t('fiscal.choose_one') } });
      return;
    }
    setErrors(NO_ERRORS);
    setBusy(true);
    try {
      const answer = await chooseFiscalMode({ mode, pos_confirmed: mode === 'pos' && posConfirmed });
      onSaved(answer);
      setSuccess(t('fiscal.saved', { mode: fiscalModeName(mode, t) }));
    } catch (failure) {
      setErrors(errorsFromApi(failure, FIELDS, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset
        className="admin-fiscal__modes"
        aria-invalid={errors.fields.mode ? true : undefined}
        aria-describedby={errors.fields.mode ? 'fiscal-mode-error' : undefined}
      >
        <legend className="visually-hidden">{t('fiscal.choose')}</legend>
        {FISCAL_MODES.map((option) => (
          <div key={option} className={`admin-fiscal__option${mode === option ? ' admin-fiscal__option--chosen' : ''}`}>
            <input
              id={`fiscal-mode-${option}`}
              type="radio"
              name="fiscal-mode"
              value={option}
              checked={mode === option}
              aria-describedby={`fiscal-mode-${option}-explain`}
              onChange={() => choose(option)}
            />
            <label htmlFor={`fiscal-mode-${option}`} className="admin-fiscal__name">
              {fiscalModeName(option, t)}
            </label>
            <p id={`fiscal-mode-${option}-explain`} className="admin-fiscal__explain">
              {t(`fiscal.modes.${option}.explain`)}
            </p>
            <p className="admin-fiscal__fits">{t(`fiscal.modes.${option}.fits`)}</p>
          </div>
        ))}
        {errors.fields.mode && (
          <span id="fiscal-mode-error" className="admin-field__error" role="alert">
            {errors.fields.mode}
          </span>
        )}
      </fieldset>
      {mode === 'pos' && (
        <CheckboxInput
          id="fiscal-pos-confirmed"
          label={t('fiscal.pos_confirm')}
          checked={posConfirmed}
          error={errors.fields.pos_confirmed}
          onChange={(checked) => {
            setPosConfirmed(checked);
            setSuccess(undefined);
            setErrors(NO_ERRORS);
          }}
        />
      )}
      {mode === 'cashless' && !fiscal.online_payment && (
        <p className="admin-message admin-message--warning" role="alert" data-testid="fiscal-no-payment">
          {t('fiscal.no_payment')}
        </p>
      )}
      <FormMessage error={errors.general} success={success} />
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('form.saving') : t('fiscal.save')}
        </button>
      </div>
    </form>
  );
}
