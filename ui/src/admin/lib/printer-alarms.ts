import type { TFunction } from 'i18next';

/** Why a printer did not take a document (the server's `code`). */
export type PrinterAlarmCode = 'refused' | 'no_answer' | 'unreachable' | 'stalled' | 'network';

const KNOWN: readonly string[] = ['refused', 'no_answer', 'unreachable', 'stalled', 'network'];

/** A printer that does not answer, as the board socket sends it. */
export interface PrinterAlarm {
  printer_id: number;
  name: string;
  /** host:port */
  address: string;
  code: string;
  detail: string;
  since: string;
  /** Documents waiting for it. */
  waiting: number;
}

function isAlarm(value: unknown): value is PrinterAlarm {
  if (typeof value !== 'object' || value === null) return false;
  const alarm = value as Record<string, unknown>;
  return (
    typeof alarm.printer_id === 'number' &&
    typeof alarm.name === 'string' &&
    typeof alarm.address === 'string' &&
    typeof alarm.code === 'string' &&
    typeof alarm.detail === 'string' &&
    typeof alarm.waiting === 'number'
  );
}

/** The well-formed alarms of a message field; anything else counts as none. */
export function parsePrinterAlarms(value: unknown): PrinterAlarm[] {
  return Array.isArray(value) ? value.filter(isAlarm) : [];
}

/** The reason in the admin's language; the server's English detail for a code this UI does not know. */
export function printerProblem(code: string | null | undefined, detail: string | null | undefined, t: TFunction): string {
  if (code && KNOWN.includes(code)) return t(`printers.problems.${code}`);
  return detail || t('printers.problems.network');
}
