import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { ApiError, getCategories, getStore } from './api';

function sentHeaders(fetchMock: ReturnType<typeof mockFetch>): Headers {
  const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
  return new Headers(init?.headers);
}

describe('api helper', () => {
  let errorSpy: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    errorSpy.mockRestore();
  });

  it('sends the access_token from userData as a bearer header', async () => {
    sessionStorage.setItem('userData', JSON.stringify({ access_token: 'abc', token: 'old' }));
    const fetchMock = mockFetch({ '/stores/14': { body: { id: 14 } } });
    await getStore(14);
    expect(sentHeaders(fetchMock).get('Authorization')).toBe('Bearer abc');
  });

  it('falls back to the token field when there is no access_token', async () => {
    sessionStorage.setItem('userData', JSON.stringify({ user: {}, token: 'tok-1' }));
    const fetchMock = mockFetch({ '/stores/14': { body: { id: 14 } } });
    await getStore(14);
    expect(sentHeaders(fetchMock).get('Authorization')).toBe('Bearer tok-1');
  });

  it('sends no header when there is no session record', async () => {
    const fetchMock = mockFetch({ '/stores/14': { body: { id: 14 } } });
    await getStore(14);
    expect(sentHeaders(fetchMock).has('Authorization')).toBe(false);
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('logs "Failed to parse userData" and sends the request without a header', async () => {
    sessionStorage.setItem('userData', '{not json');
    const fetchMock = mockFetch({ '/stores/14': { body: { id: 14, brand: 'X' } } });
    await expect(getStore(14)).resolves.toMatchObject({ brand: 'X' });
    expect(errorSpy).toHaveBeenCalledWith('Failed to parse userData');
    expect(sentHeaders(fetchMock).has('Authorization')).toBe(false);
  });

  it('calls the API at the origin root, not under the base path', async () => {
    const fetchMock = mockFetch({ '/categories/?store_id=14': { body: [] } });
    await getCategories(14);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/categories/?store_id=14');
  });

  it('throws an error carrying status, detail and code, and logs it', async () => {
    mockFetch({
      '/stores/99': { status: 404, body: { detail: 'Store 99 does not exist', code: 'store_not_found' } },
    });
    const error: unknown = await getStore(99).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, detail: 'Store 99 does not exist', code: 'store_not_found' });
    expect((error as Error).message).toContain('Store 99 does not exist');
    expect(errorSpy).toHaveBeenCalledWith('getStore failed', error);
  });

  it("carries the answer's string params and leaves out any other value", async () => {
    mockFetch({
      '/stores/14': {
        status: 409,
        body: {
          detail: 'The minimum order amount for 10405 is 20,00 €.',
          code: 'below_minimum',
          params: { postcode: '10405', minimum: '20,00 €', count: 3, nested: { a: 'b' }, none: null },
        },
      },
    });
    const error: unknown = await getStore(14).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).params).toEqual({ postcode: '10405', minimum: '20,00 €' });
  });

  it('has no params when the answer has none or they are not an object', async () => {
    mockFetch({
      '/stores/14': { status: 404, body: { detail: 'No', code: 'store_not_found' } },
      '/stores/15': { status: 404, body: { detail: 'No', code: 'store_not_found', params: ['a'] } },
    });
    const first: unknown = await getStore(14).catch((e: unknown) => e);
    const second: unknown = await getStore(15).catch((e: unknown) => e);
    expect((first as ApiError).params).toEqual({});
    expect((second as ApiError).params).toEqual({});
  });

  it('still throws with the status when the error body is not JSON', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })));
    await expect(getCategories(14)).rejects.toMatchObject({ status: 502, detail: undefined, params: {} });
  });
});
