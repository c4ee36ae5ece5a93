import type { OrderTse } from '../lib/order-types';

/** 23 November 2026, 12:10:05 and 12:12:30 in Berlin, as unix seconds. */
export const RECEIPT_START = Date.parse('2026-11-23T11:10:05Z') / 1000;
export const RECEIPT_END = Date.parse('2026-11-23T11:12:30Z') / 1000;

export const RECEIPT_SIGNATURE =
  'MEUCIQDx3Kk0Vf1q3hXbYx6Hn4pFZr0s6cQ2x9b7XnqJ4m2uVgIgL5oM1a7rY8d2n9sYp0cHqfTt4mWkR6b3eJ1vQx0yZ2k=';
export const RECEIPT_TSS_SERIAL = '9f9b3f1fbd1c6a1f23f1cb8f7b1f4a4bc0e1f0e0a7a9f3a4b5e1c2d3f4a5b6c7';
const PROCESS_DATA = 'Beleg^0.00_21.40_0.00_0.00_0.00^21.40:Unbar';

/** A receipt the cloud TSE signed when the order was accepted. */
export function signedTse(overrides: Partial<OrderTse> = {}): OrderTse {
  return {
    state: 'finished',
    failed_step: null,
    transaction_number: 17,
    time_start: RECEIPT_START,
    time_end: RECEIPT_END,
    tss_serial_number: RECEIPT_TSS_SERIAL,
    client_serial_number: 'Kasse 1',
    signature_counter: 34,
    signature: RECEIPT_SIGNATURE,
    signature_algorithm: 'ecdsa-plain-SHA384',
    log_time_format: 'unixTime',
    process_type: 'Kassenbeleg-V1',
    process_data: PROCESS_DATA,
    qr_code_data: `V0;Kasse 1;Kassenbeleg-V1;${PROCESS_DATA};17;34;2026-11-23T11:10:05.000Z;2026-11-23T11:12:30.000Z;ecdsa-plain-SHA384;unixTime;${RECEIPT_SIGNATURE};BHhWOeisRpPBTGQ1W4VUH95TXx2GARf8e2NYZXJoInjtGqnxJ8sZ3CQpYgjI+LYEmW5A37sLWHsyU7nSJUBemyU=`,
    ...overrides,
  };
}

/** What the TSE's start left of an order whose finish it could not sign. */
export function failedTse(): OrderTse {
  return signedTse({
    state: 'failed',
    failed_step: 'finish',
    time_end: null,
    signature_counter: 33,
    process_type: null,
    process_data: null,
    qr_code_data: null,
  });
}
