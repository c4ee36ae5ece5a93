import { describe, expect, it } from 'vitest';
import type { Printer } from '../api/printers-api';
import { checkPrinter, printerAddress, printerState } from './printers';

const values = (overrides: Record<string, string | boolean> = {}) => ({
  name: 'Küche',
  host: '192.168.1.50',
  port: '',
  prints: 'kitchen',
  width: '42',
  copies: '',
  enabled: true,
  ...overrides,
});

const printer = (extra: Partial<Printer> = {}): Printer => ({
  id: 1,
  name: 'Küche',
  host: '192.168.1.50',
  port: 9100,
  prints: 'kitchen',
  width: 42,
  copies: 1,
  enabled: true,
  waiting: 0,
  alarm: null,
  ...extra,
});

describe('printer form', () => {
  it('fills in port 9100 and one copy', () => {
    expect(checkPrinter(values()).body).toEqual({
      name: 'Küche',
      host: '192.168.1.50',
      port: 9100,
      prints: 'kitchen',
      width: 42,
      copies: 1,
      enabled: true,
    });
  });

  it('refuses a host with a port or a scheme, and numbers out of range', () => {
    expect(checkPrinter(values({ host: '192.168.1.50:9100' })).errors).toEqual({ host: 'printers.errors.host' });
    expect(checkPrinter(values({ host: 'http://drucker' })).errors).toEqual({ host: 'printers.errors.host' });
    expect(checkPrinter(values({ host: '' })).errors).toEqual({ host: 'errors.required' });
    expect(checkPrinter(values({ port: '0' })).errors).toEqual({ port: 'errors.range' });
    expect(checkPrinter(values({ copies: '6' })).errors).toEqual({ copies: 'errors.range' });
    expect(checkPrinter(values({ host: 'fe80::1' })).body?.host).toBe('fe80::1');
  });

  it('tells the state of a printer and writes its address', () => {
    expect(printerState(printer())).toBe('ready');
    expect(printerState(printer({ waiting: 2 }))).toBe('waiting');
    expect(printerState(printer({ alarm: { code: 'refused', detail: '', since: '' } }))).toBe('alarm');
    expect(printerState(printer({ enabled: false, waiting: 2 }))).toBe('off');
    expect(printerAddress(printer())).toBe('192.168.1.50:9100');
    expect(printerAddress(printer({ host: 'fe80::1' }))).toBe('[fe80::1]:9100');
  });
});
