import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderTse } from '../../lib/order-types';
import { localTimeIn } from '../../lib/store-time';
import './tse-receipt.css';

// The QR code's encoder is loaded with the first receipt that has one, never before.
const TseQrCode = lazy(() => import('./tse-qr-code'));

/** Unix seconds as "23.11.2026 12:03:07" (de) or "23/11/2026 12:03:07" (en) in the store's zone. */
export function receiptTime(seconds: number, timezone: string, language: string): string {
  const [date = '', time = ''] = localTimeIn(timezone, new Date(seconds * 1000)).split(' ');
  const [year, month, day] = date.split('-');
  return language === 'en' ? `${day}/${month}/${year} ${time}` : `${day}.${month}.${year} ${time}`;
}

type Field = { key: string; value: string | null; kind?: 'code' | 'long' };

/** The receipt's fields in the order § 6 KassenSichV lists them; the ones the TSE did not give are left out. */
function receiptFields(tse: OrderTse, timezone: string, language: string): Field[] {
  const time = (seconds: number | null) => (seconds === null ? null : receiptTime(seconds, timezone, language));
  const number = (value: number | null) => (value === null ? null : String(value));
  const fields: Field[] = [
    { key: 'transaction_number', value: number(tse.transaction_number) },
    { key: 'start', value: time(tse.time_start) },
    { key: 'end', value: time(tse.time_end) },
    { key: 'tss_serial', value: tse.tss_serial_number, kind: 'code' },
    { key: 'signature_counter', value: number(tse.signature_counter) },
    { key: 'signature', value: tse.signature, kind: 'long' },
    { key: 'signature_algorithm', value: tse.signature_algorithm },
    { key: 'time_format', value: tse.log_time_format },
    { key: 'process_type', value: tse.process_type },
    { key: 'process_data', value: tse.process_data, kind: 'code' },
    { key: 'till_serial', value: tse.client_serial_number, kind: 'code' },
  ];
  return fields.filter((field) => field.value !== null && field.value !== '');
}

/**
 * An order's receipt data from the cloud TSE (§ 6 KassenSichV): transaction number,
 * start and end, the TSE's serial number, signature counter and signature, process
 * type and data, the till's serial number, and the QR code the receipt carries. A TSE
 * that could not sign says "TSE ausgefallen" above what its start left; a transaction
 * that is still open or was cancelled says so. The caller gives the heading.
 */
export function TseReceipt({ tse, timezone }: { tse: OrderTse; timezone: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const fields = receiptFields(tse, timezone, language);
  return (
    <div className="tse-receipt" data-testid="tse-receipt" data-state={tse.state}>
      {tse.state === 'failed' && (
        <div className="tse-receipt__failed" data-testid="tse-receipt-failed">
          <p className="tse-receipt__failed-title">{t('receipt.failed')}</p>
          <p>{t('receipt.failed_explain')}</p>
        </div>
      )}
      {tse.state === 'active' && <p className="tse-receipt__state">{t('receipt.active')}</p>}
      {tse.state === 'cancelled' && <p className="tse-receipt__state">{t('receipt.cancelled')}</p>}
      <div className="tse-receipt__body">
        {fields.length > 0 && (
          <dl className="tse-receipt__fields">
            {fields.map(({ key, value, kind }) => (
              <div key={key} className="tse-receipt__field" data-field={key}>
                <dt>{t(`receipt.fields.${key}`)}</dt>
                <dd className={kind === undefined ? undefined : `tse-receipt__${kind}`}>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {tse.qr_code_data !== null && tse.qr_code_data !== '' && (
          <Suspense fallback={<span className="tse-receipt__qr tse-receipt__qr--loading" aria-hidden="true" />}>
            <TseQrCode data={tse.qr_code_data} label={t('receipt.qr')} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
