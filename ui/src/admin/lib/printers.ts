import type { Printer, PrinterBody, Prints } from '../api/printers-api';
import { bodyFromValues, type FieldSpec, type FormValues } from './resource';

export const PRINTS: readonly Prints[] = ['kitchen', 'receipt', 'both'];
/** Characters per line: 58 mm paper takes 32, 80 mm paper 42 (or 48 with the small font). */
export const PAPER_WIDTHS: readonly number[] = [32, 42, 48];
export const NAME_MAX = 40;
/** The longest IPv6 address in its text form, in brackets. */
export const HOST_MAX = 47;
export const COPIES_MAX = 5;

/** The fields of a printer; the server names the same fields in its errors. */
export const printerFields: FieldSpec[] = [
  { name: 'name', label: 'printers.name', kind: 'text', required: true, maxLength: NAME_MAX, hint: 'printers.name_hint' },
  { name: 'host', label: 'printers.host', kind: 'text', required: true, maxLength: HOST_MAX, hint: 'printers.host_hint' },
  { name: 'port', label: 'printers.port', kind: 'integer', min: 1, max: 65535, defaultValue: '9100', hint: 'printers.port_hint' },
  { name: 'prints', label: 'printers.prints', kind: 'select', required: true, defaultValue: 'kitchen' },
  { name: 'width', label: 'printers.width', kind: 'select', required: true, numeric: true, defaultValue: '42' },
  { name: 'copies', label: 'printers.copies', kind: 'integer', min: 1, max: COPIES_MAX, defaultValue: '1' },
  { name: 'enabled', label: 'printers.enabled', kind: 'checkbox', defaultValue: true, hint: 'printers.enabled_hint' },
];

export const printerFieldNames = printerFields.map((field) => field.name);

/** A host typed with a scheme or a port ("http://…", "192.168.1.50:9100") belongs in two fields. */
const HOST_WITH_EXTRAS = /^[a-z]+:\/\/|^[^:]+:\d+$/i;

/** Checks the form and builds the body of POST /admin/printers and PUT /admin/printers/{id}; errors are i18n keys. */
export function checkPrinter(values: FormValues): { body: PrinterBody | null; errors: Record<string, string> } {
  const { body, errors } = bodyFromValues(printerFields, values);
  const host = typeof body.host === 'string' ? body.host : '';
  if (!errors.host && (HOST_WITH_EXTRAS.test(host) || /\s/.test(host))) errors.host = 'printers.errors.host';
  if (Object.keys(errors).length > 0) return { body: null, errors };
  return {
    body: {
      name: String(body.name),
      host,
      port: Number(body.port),
      prints: body.prints as Prints,
      width: Number(body.width),
      copies: Number(body.copies),
      enabled: body.enabled === true,
    },
    errors,
  };
}

export type PrinterState = 'off' | 'alarm' | 'waiting' | 'ready';

/** What the list says about a printer. */
export function printerState(printer: Printer): PrinterState {
  if (!printer.enabled) return 'off';
  if (printer.alarm !== null) return 'alarm';
  if (printer.waiting > 0) return 'waiting';
  return 'ready';
}

/** `host:port`, IPv6 addresses in brackets. */
export function printerAddress(printer: Pick<Printer, 'host' | 'port'>): string {
  return printer.host.includes(':') ? `[${printer.host}]:${printer.port}` : `${printer.host}:${printer.port}`;
}
