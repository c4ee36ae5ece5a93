import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { mockFetch } from '../../test/fetch-mock';
import { getDsfinvkExport, getTaxExport } from './exports-api';

describe('export downloads', () => {
  let errorSpy: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem('userData', JSON.stringify({ access_token: 'admin-token' }));
  });

  afterEach(() => {
    errorSpy.mockRestore();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('fetches the file with the token and keeps the name the server gives', async () => {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          status: 200,
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="dsfinvk_2026-11.zip"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = await getDsfinvkExport('2026-11-01', '2026-11-30');
    expect(file.fileName).toBe('dsfinvk_2026-11.zip');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/admin/exports/dsfinvk?from=2026-11-01&to=2026-11-30');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer admin-token');
  });

  it('names a file the server left unnamed after its month and format', async () => {
    vi.stubGlobal('fetch', async () => new Response('"EXTF";700', { status: 200 }));
    expect((await getTaxExport('2026-10', 'datev')).fileName).toBe('EXTF_Buchungsstapel_2026-10.csv');
  });

  it('throws the refusal with its code and field', async () => {
    mockFetch({
      '/admin/exports/tax?month=2026-13&format=csv': {
        status: 400,
        body: { detail: 'month: must be a month like 2026-11', code: 'invalid', field: 'month', params: { field: 'month' } },
      },
    });
    const refused = await getTaxExport('2026-13', 'csv').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('invalid');
    expect((refused as ApiError).field).toBe('month');
  });
});
