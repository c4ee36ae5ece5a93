import { render, screen, within } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { encode } from 'uqr';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { failedTse, RECEIPT_END, RECEIPT_SIGNATURE, RECEIPT_TSS_SERIAL, signedTse } from '../../test/signed-receipt';
import type { OrderTse } from '../../lib/order-types';
import { qrPath } from './tse-qr-code';
import { receiptTime, TseReceipt } from './tse-receipt';

function renderReceipt(tse: OrderTse) {
  render(
    <I18nextProvider i18n={i18n}>
      <TseReceipt tse={tse} timezone="Europe/Berlin" />
    </I18nextProvider>,
  );
  return screen.getByTestId('tse-receipt');
}

/** The receipt's fields as label → value. */
const fields = (receipt: HTMLElement) =>
  Object.fromEntries(within(receipt).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));

describe('receiptTime', () => {
  it("writes unix seconds in the store's zone, with seconds, in the reader's date format", () => {
    expect(receiptTime(RECEIPT_END, 'Europe/Berlin', 'de')).toBe('23.11.2026 12:12:30');
    expect(receiptTime(RECEIPT_END, 'Europe/Berlin', 'en')).toBe('23/11/2026 12:12:30');
    // Summer time.
    expect(receiptTime(Date.parse('2026-07-01T10:00:00Z') / 1000, 'Europe/Berlin', 'de')).toBe('01.07.2026 12:00:00');
  });
});

describe('the receipt block', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('shows the fields § 6 KassenSichV asks for, in German, and the QR code as an SVG', async () => {
    const receipt = renderReceipt(signedTse());
    expect(receipt).toHaveAttribute('data-state', 'finished');
    expect(fields(receipt)).toEqual({
      Transaktionsnummer: '17',
      Start: '23.11.2026 12:10:05',
      Ende: '23.11.2026 12:12:30',
      'Seriennummer der TSE': RECEIPT_TSS_SERIAL,
      Signaturzähler: '34',
      Signatur: RECEIPT_SIGNATURE,
      Signaturalgorithmus: 'ecdsa-plain-SHA384',
      Zeitformat: 'unixTime',
      Prozesstyp: 'Kassenbeleg-V1',
      Prozessdaten: 'Beleg^0.00_21.40_0.00_0.00_0.00^21.40:Unbar',
      'Seriennummer der Kasse': 'Kasse 1',
    });
    expect(within(receipt).getByText(RECEIPT_SIGNATURE)).toHaveClass('tse-receipt__long');
    expect(within(receipt).queryByTestId('tse-receipt-failed')).toBeNull();

    const qr = await within(receipt).findByTestId('tse-receipt-qr');
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr).toHaveAttribute('role', 'img');
    expect(qr).toHaveAccessibleName('QR-Code des Belegs');
    const { data } = encode(signedTse().qr_code_data ?? '', { ecc: 'M', border: 4 });
    expect(qr).toHaveAttribute('viewBox', `0 0 ${data.length} ${data.length}`);
    expect(qr.querySelector('path')).toHaveAttribute('d', qrPath(data));
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    const receipt = renderReceipt(signedTse());
    expect(fields(receipt)).toMatchObject({
      'Transaction number': '17',
      Start: '23/11/2026 12:10:05',
      End: '23/11/2026 12:12:30',
      'Serial number of the TSE': RECEIPT_TSS_SERIAL,
      'Signature counter': '34',
      'Process type': 'Kassenbeleg-V1',
      'Serial number of the till': 'Kasse 1',
    });
    expect(await within(receipt).findByRole('img', { name: 'QR code of the receipt' })).toBeInTheDocument();
  });

  it('says "TSE ausgefallen" above what the start left, with no QR code', () => {
    const receipt = renderReceipt(failedTse());
    expect(receipt).toHaveAttribute('data-state', 'failed');
    expect(within(receipt).getByTestId('tse-receipt-failed')).toHaveTextContent(/^TSE ausgefallen/);
    expect(fields(receipt)).toMatchObject({ Transaktionsnummer: '17', Start: '23.11.2026 12:10:05' });
    expect(fields(receipt)).not.toHaveProperty('Ende');
    expect(fields(receipt)).not.toHaveProperty('Prozessdaten');
    expect(within(receipt).queryByTestId('tse-receipt-qr')).toBeNull();
  });

  it('says "TSE out of order" in English, even when the TSE never started the transaction', async () => {
    await i18n.changeLanguage('en');
    const nothing: OrderTse = {
      ...failedTse(),
      failed_step: 'start',
      transaction_number: null,
      time_start: null,
      tss_serial_number: null,
      client_serial_number: null,
      signature_counter: null,
      signature: null,
      signature_algorithm: null,
      log_time_format: null,
    };
    const receipt = renderReceipt(nothing);
    expect(within(receipt).getByTestId('tse-receipt-failed')).toHaveTextContent(/^TSE out of order/);
    expect(within(receipt).queryAllByRole('term')).toEqual([]);
  });

  it('says that a transaction is started and its receipt comes with the acceptance', async () => {
    await i18n.changeLanguage('en');
    const active = renderReceipt(signedTse({ state: 'active', time_end: null, process_type: null, process_data: null, qr_code_data: null }));
    expect(active).toHaveTextContent('Transaction started: the receipt is signed when the order is accepted.');
    expect(within(active).queryByTestId('tse-receipt-qr')).toBeNull();
  });

  it('says that a transaction was cancelled', async () => {
    await i18n.changeLanguage('en');
    const cancelled = renderReceipt(signedTse({ state: 'cancelled', qr_code_data: null }));
    expect(cancelled).toHaveTextContent('Transaction cancelled: the order was not accepted.');
  });
});

describe('qrPath', () => {
  it('draws each run of dark modules in a row as one rectangle', () => {
    expect(
      qrPath([
        [true, true, false, true],
        [false, false, false, false],
        [false, true, true, true],
      ]),
    ).toBe('M0 0h2v1h-2zM3 0h1v1h-1zM1 2h3v1h-3z');
    expect(qrPath([[false]])).toBe('');
  });
});
