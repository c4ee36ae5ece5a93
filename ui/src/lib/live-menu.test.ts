import { act, renderHook } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoProducts, mockFetch } from '../test/fetch-mock';
import { fetchLiveProducts, forgetLiveProducts, useLiveProducts } from './live-menu';

afterEach(() => {
  forgetLiveProducts();
  vi.restoreAllMocks();
});

describe('the live product list', () => {
  it('is shared: callers at the same time share one request, and every reader gets the answer', async () => {
    const fetchMock = mockFetch({ '/products/?store_id=14': { body: demoProducts } });
    const { result } = renderHook(() => useLiveProducts());
    expect(result.current).toBeNull();

    await act(async () => {
      const [first, second] = await Promise.all([fetchLiveProducts(14), fetchLiveProducts(14)]);
      expect(first).toBe(second);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current?.map((product) => product.id)).toEqual([9, 20, 30, 31]);
  });

  it('keeps the last list when a new request fails', async () => {
    mockFetch({ '/products/?store_id=14': { body: demoProducts } });
    const { result } = renderHook(() => useLiveProducts());
    await act(async () => {
      await fetchLiveProducts(14);
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ '/products/?store_id=14': { status: 500, body: { code: 'internal' } } });
    await act(async () => {
      await expect(fetchLiveProducts(14)).rejects.toBeDefined();
    });
    expect(result.current).toHaveLength(4);
  });
});
