import type { TFunction } from 'i18next';
import { codeText } from '../../lib/error-text';
import { ERRORS_NAMESPACE } from '../../lib/i18n';

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

/**
 * Why a printer does not print, in the admin's language: the text of its alarm
 * `code`, or "connection failed" for a code this UI does not know (the server's
 * `detail` is English, so it is not shown).
 */
export function printerProblem(code: string | null | undefined, t: TFunction): string {
  const known = code && KNOWN.includes(code) ? codeText(`printer_${code}`, {}, t) : undefined;
  return known ?? t('printer_network', { ns: ERRORS_NAMESPACE });
}
