import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';

describe("the page's initial data", () => {
  afterEach(() => {
    document.getElementById('initial-data')?.remove();
    vi.resetModules();
  });

  async function freshApi(data: string) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'initial-data';
    element.textContent = data;
    document.body.append(element);
    vi.resetModules();
    return import('./api-client');
  }

  it('answers each first GET from the page once, then asks the server', async () => {
    const { apiFetch } = await freshApi('{"/products/?store_id=14":[{"id":1,"name":"Pizza \\u003c/script>"}]}');
    const fetchMock = mockFetch({ '/products/?store_id=14': { body: [{ id: 2 }] } });
    expect(await apiFetch('/products/?store_id=14')).toEqual([{ id: 1, name: 'Pizza </script>' }]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await apiFetch('/products/?store_id=14')).toEqual([{ id: 2 }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never answers a write, another path or a broken page from it', async () => {
    const { apiFetch } = await freshApi('{"/stores/14":{"id":14}}');
    const fetchMock = mockFetch({ '/stores/14': { body: { id: 99 } }, '/categories/?store_id=14': { body: [] } });
    expect(await apiFetch('/stores/14', { method: 'PUT', body: '{}' })).toEqual({ id: 99 });
    expect(await apiFetch('/categories/?store_id=14')).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    document.getElementById('initial-data')?.remove();
    const broken = await freshApi('{not json');
    expect(await broken.apiFetch('/stores/14')).toEqual({ id: 99 });
  });
});
