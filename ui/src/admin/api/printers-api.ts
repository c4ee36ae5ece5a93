import { apiFetch, logged } from '../../lib/api-client';
import { ifMatch } from '../lib/edit-version';
import type { PrinterAlarmCode } from '../lib/printer-alarms';
import type { Versioned } from '../types';

/** What a printer prints for each accepted order. */
export type Prints = 'kitchen' | 'receipt' | 'both';

/** A network printer as GET /admin/printers lists it. */
export interface Printer extends Versioned {
  id: number;
  name: string;
  host: string;
  port: number;
  prints: Prints;
  /** Characters per line: 32, 42 or 48. */
  width: number;
  copies: number;
  enabled: boolean;
  /** Documents queued for it, pre-orders not due yet included. */
  waiting: number;
  /** Set while it does not take its documents. */
  alarm: { code: PrinterAlarmCode | string; detail: string; since: string } | null;
}

export type PrinterBody = Pick<Printer, 'name' | 'host' | 'port' | 'prints' | 'width' | 'copies' | 'enabled'>;

/** The answer of a test print: whether the printer took the page, else why not. */
export interface TestPrint {
  printed: boolean;
  code: string | null;
  detail: string | null;
}

const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const id = (value: number) => encodeURIComponent(value);

export function getPrinters(): Promise<Printer[]> {
  return logged('getPrinters', apiFetch<Printer[]>('/admin/printers'));
}

export function createPrinter(body: PrinterBody): Promise<Printer> {
  return logged('createPrinter', apiFetch<Printer>('/admin/printers', json('POST', body)));
}

/** PUT /admin/printers/{id}, made on `version` (409 `edit_conflict` when someone else changed it). */
export function updatePrinter(printerId: number, body: PrinterBody, version: string | undefined): Promise<Printer> {
  return logged(
    'updatePrinter',
    apiFetch<Printer>(`/admin/printers/${id(printerId)}`, json('PUT', body, ifMatch(version))),
  );
}

export function deletePrinter(printerId: number, version: string | undefined): Promise<void> {
  return logged(
    'deletePrinter',
    apiFetch<void>(`/admin/printers/${id(printerId)}`, { method: 'DELETE', headers: ifMatch(version) }),
  );
}

/** POST /admin/printers/{id}/test: prints the test page; answers within the printer timeout. */
export function testPrinter(printerId: number): Promise<TestPrint> {
  return logged('testPrinter', apiFetch<TestPrint>(`/admin/printers/${id(printerId)}/test`, { method: 'POST' }));
}
