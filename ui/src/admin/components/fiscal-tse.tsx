import { useState, type ReactNode } from 'react';
import { setUpTse } from '../api/fiscal-api';
import { errorsFromApi } from '../lib/errors';
import { formatDateTime } from '../lib/order-format';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { Fiscal, TseRegistration, TseSetup } from '../types';
import { FormMessage } from './fields';

/** The configuration keys the cloud TSE needs; the secret may come from `fiscal.tse_api_secret_file`. */
const CREDENTIAL_KEYS = ['fiscal.tse_api_key', 'fiscal.tse_api_secret'] as const;

/** Unix seconds as the UTC timestamp the admin's date formatting takes. */
const fromUnixSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * The Fiscal page's cloud TSE (fiskaly): whether its credentials are configured, the
 * button that sets it up while its setup has not finished, then what the owner
 * registers with the tax office.
 */
export function CloudTse({
  fiscal,
  timezone,
  onChanged,
}: {
  fiscal: Fiscal;
  timezone: string;
  onChanged: (fiscal: Fiscal) => void;
}) {
  const { t } = useAdminTranslation();
  const { configured, setup } = fiscal.tse;
  const registration = setup?.registration ?? null;
  const signing = fiscal.current?.mode === 'tse';
  return (
    <div className="admin-tse" data-testid="fiscal-tse">
      {configured ? (
        <p className="admin-field__hint">{t('fiscal.tse.configured')}</p>
      ) : (
        <div className="admin-message admin-message--warning" data-testid="fiscal-tse-unconfigured">
          <p className="admin-tse__text">{t('fiscal.tse.not_configured')}</p>
          <ul className="admin-tse__keys">
            {CREDENTIAL_KEYS.map((key) => (
              <li key={key}>
                <code>{key}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {registration === null || setup === null ? (
        <SetUp setup={setup} configured={configured} timezone={timezone} onChanged={onChanged} />
      ) : (
        <>
          <p className="admin-tse__state" data-testid="fiscal-tse-ready">
            {signing ? t('fiscal.tse.ready') : t('fiscal.tse.ready_other_mode')}
          </p>
          <ElsterData setup={setup} registration={registration} timezone={timezone} />
        </>
      )}
    </div>
  );
}

/**
 * "Set up the TSE": creates the TSE and this till at fiskaly, or finishes a setup that
 * stopped half way. It can take half a minute; the button says so meanwhile.
 */
function SetUp({
  setup,
  configured,
  timezone,
  onChanged,
}: {
  setup: TseSetup | null;
  configured: boolean;
  timezone: string;
  onChanged: (fiscal: Fiscal) => void;
}) {
  const { t } = useAdminTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const setUp = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onChanged(await setUpTse());
    } catch (failure) {
      setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="admin-message admin-message--warning">{t('fiscal.tse.not_set_up')}</p>
      {setup !== null && (
        <p className="admin-field__hint" data-testid="fiscal-tse-unfinished">
          {t('fiscal.tse.unfinished', { date: formatDateTime(setup.begun_at, timezone) })}
        </p>
      )}
      <FormMessage error={error} />
      <div className="admin-form__actions">
        <button
          type="button"
          className="button"
          disabled={busy || !configured}
          aria-describedby={busy ? 'fiscal-tse-wait' : undefined}
          onClick={() => void setUp()}
        >
          {busy ? t('fiscal.tse.setting_up') : t('fiscal.tse.set_up')}
        </button>
        {busy && (
          <span id="fiscal-tse-wait" className="admin-field__hint" role="status">
            {t('fiscal.tse.set_up_wait')}
          </span>
        )}
      </div>
    </>
  );
}

function Entry({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A long base64 value, folded away and shown whole in a box that is easy to select and copy. */
function LongValue({ value, testId }: { value: string; testId: string }) {
  const { t } = useAdminTranslation();
  return (
    <details className="admin-tse__long" data-testid={testId}>
      <summary>{t('fiscal.tse.elster.show')}</summary>
      <pre className="admin-tse__value">{value}</pre>
    </details>
  );
}

/**
 * What the owner enters in ELSTER for the till (the notice of electronic recording
 * systems, § 146a Abs. 4 AO): the kind of system, the till's and the TSE's serial
 * numbers, the TSE's certification, algorithm and time format, since when it is in
 * service, and its public key and certificate.
 */
function ElsterData({ setup, registration, timezone }: { setup: TseSetup; registration: TseRegistration; timezone: string }) {
  const { t } = useAdminTranslation();
  const inService = registration.initialized_at === null ? setup.begun_at : fromUnixSeconds(registration.initialized_at);
  return (
    <section className="admin-tse__elster" aria-labelledby="fiscal-tse-elster">
      <h3 id="fiscal-tse-elster" className="admin-tse__heading">
        {t('fiscal.tse.elster.title')}
      </h3>
      <p className="admin-field__hint">{t('fiscal.tse.elster.intro')}</p>
      <dl className="admin-order-facts admin-tse__facts" data-testid="fiscal-tse-elster">
        <Entry label={t('fiscal.tse.elster.system_type')}>{t('fiscal.tse.elster.system_type_value')}</Entry>
        <Entry label={t('fiscal.tse.elster.tse_type')}>{t('fiscal.tse.elster.tse_type_value')}</Entry>
        <Entry label={t('fiscal.tse.elster.till_serial')}>
          <span className="admin-tse__mono">{registration.client_serial_number}</span>
        </Entry>
        <Entry label={t('fiscal.tse.elster.tss_serial')}>
          <span className="admin-tse__mono">{registration.tss_serial_number}</span>
        </Entry>
        <Entry label={t('fiscal.tse.elster.bsi_id')}>
          {registration.bsi_certification_id ?? t('fiscal.tse.elster.bsi_id_missing')}
        </Entry>
        <Entry label={t('fiscal.tse.elster.algorithm')}>{registration.signature_algorithm}</Entry>
        <Entry label={t('fiscal.tse.elster.time_format')}>{registration.signature_timestamp_format}</Entry>
        <Entry label={t('fiscal.tse.elster.in_service')}>{formatDateTime(inService, timezone)}</Entry>
        <Entry label={t('fiscal.tse.elster.public_key')}>
          <LongValue value={registration.tss_public_key} testId="fiscal-tse-public-key" />
        </Entry>
        <Entry label={t('fiscal.tse.elster.certificate')}>
          <LongValue value={registration.tss_certificate} testId="fiscal-tse-certificate" />
        </Entry>
      </dl>
      <p className="admin-field__hint" data-testid="fiscal-tse-ids">
        {t('fiscal.tse.fiskaly_ids', { tss: setup.tss_id, client: setup.client_id })}
      </p>
    </section>
  );
}
