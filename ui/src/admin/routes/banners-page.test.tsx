import { act, fireEvent, render, screen, within } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth';
import i18n from '../../lib/i18n';
import { AdminRoutes } from '../admin-routes';
import { MAX_IMAGE_BYTES } from '../lib/image-file';
import { EMPTY_CATALOG, type Banner, type Catalog } from '../types';

type Answer = { status?: number; body?: unknown };
type Handler = (init: RequestInit | undefined, url: URL) => Answer;

/** A fetch stub keyed by "METHOD /path" (without the query); records each call. */
function stubFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (!handler) return new Response(JSON.stringify({ detail: 'Not found', code: 'not_found' }), { status: 404 });
    const answer = handler(init, url);
    if (answer.status === 204) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const admin = { id: 1, email: 'admin@example.com', customer_name: 'Anna Admin', role: 'admin' };

const banner = (id: number, alt: string, sort_order: number): Banner => ({
  id,
  image_url: `/images/banner-${id}.png`,
  alt,
  sort_order,
});

function renderBanners() {
  return render(
    <I18nextProvider i18n={i18n}>
      <AuthProvider verify={false} onLogout={vi.fn()}>
        <MemoryRouter initialEntries={['/admin/banners']}>
          <Routes>
            <Route path="admin/*" element={<AdminRoutes />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </I18nextProvider>,
  );
}

/**
 * Picks a file in the file input the way a browser does. (fireEvent.change of the
 * preact testing library sends an input event, which file inputs do not listen to.)
 */
function chooseFile(input: HTMLElement, file: File) {
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const png = (size = 68) => new File([new Uint8Array(size)], 'sommerfest.png', { type: 'image/png' });

/** The list rows as [thumbnail src, alt text, position]. */
const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = row.querySelectorAll('td');
      return [cells[0]?.querySelector('img')?.getAttribute('src'), cells[1]?.textContent, cells[2]?.textContent];
    });

const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('banner screen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem('userData', JSON.stringify({ access_token: 'jwt', user: admin }));
  });

  it('lists the banners by position with thumbnail, alt text and position, and is in the navigation', async () => {
    const catalog: Catalog = {
      ...EMPTY_CATALOG,
      banners: [banner(1, 'Pizza aus dem Holzofen', 20), banner(2, 'Sommerfest', 10), banner(3, 'Mittagstisch', 30)],
    };
    stubFetch({ 'GET /admin/catalog': () => ({ body: catalog }) });
    renderBanners();
    expect(await screen.findByRole('heading', { level: 1, name: 'Banners' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(document.title).toBe('Banners | Heimservice Heimservice');
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/banners"]')).toHaveTextContent('Banners');
    expect(rows()).toEqual([
      ['/images/banner-2.png', 'Sommerfest', '10'],
      ['/images/banner-1.png', 'Pizza aus dem Holzofen', '20'],
      ['/images/banner-3.png', 'Mittagstisch', '30'],
    ]);
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Sommerfest' })).toBeInTheDocument();
  });

  it('uses the German labels', async () => {
    await i18n.changeLanguage('de');
    stubFetch({ 'GET /admin/catalog': () => ({ body: { ...EMPTY_CATALOG, banners: [banner(1, 'Sommerfest', 0)] } }) });
    renderBanners();
    expect(await screen.findByRole('heading', { level: 1, name: 'Banner' })).toBeInTheDocument();
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/banners"]')).toHaveTextContent('Banner');
    expect(await screen.findByRole('button', { name: 'Hochladen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Banner hochladen' })).toBeInTheDocument();
  });

  it('checks file, type, size and alt text in the browser before uploading', async () => {
    const fetchMock = stubFetch({ 'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }) });
    renderBanners();
    const file = await screen.findByLabelText(/^Image/);
    expect(file).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(screen.getByText('Nothing here yet.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Please choose an image.')).toBeInTheDocument();
    expect(screen.getByText('Please fill in this field.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Alternative text/)).toHaveAttribute('aria-invalid', 'true');

    chooseFile(file, new File(['GIF89a'], 'party.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Please choose a JPEG, PNG or WebP image.')).toBeInTheDocument();
    fireEvent.input(screen.getByLabelText(/^Alternative text/), { target: { value: 'Sommerfest' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Please choose a JPEG, PNG or WebP image.')).toBeInTheDocument();

    chooseFile(file, png(MAX_IMAGE_BYTES + 1));
    expect(await screen.findByText('The image is larger than 4 MB.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(file).toHaveAttribute('aria-invalid', 'true');
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('uploads the raw image with alt text and position, then reloads the catalog', async () => {
    let current: Catalog = EMPTY_CATALOG;
    const fetchMock = stubFetch({
      'GET /admin/catalog': () => ({ body: current }),
      'POST /banners/': (_init, url) => {
        const created = banner(5, url.searchParams.get('alt') ?? '', Number(url.searchParams.get('sort_order')));
        current = { ...EMPTY_CATALOG, banners: [created] };
        return { status: 201, body: created };
      },
    });
    renderBanners();
    const image = png();
    chooseFile(await screen.findByLabelText(/^Image/), image);
    fireEvent.input(screen.getByLabelText(/^Alternative text/), { target: { value: ' Sommerfest & Grill ' } });
    fireEvent.input(screen.getByLabelText(/^Position/), { target: { value: '5' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    });

    const [path, init] = posts(fetchMock)[0] ?? [];
    const url = new URL(String(path), 'http://localhost');
    expect(url.pathname).toBe('/banners/');
    expect(url.searchParams.get('alt')).toBe('Sommerfest & Grill');
    expect(url.searchParams.get('sort_order')).toBe('5');
    expect(init?.body).toBe(image);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('image/png');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jwt');

    expect(await screen.findByRole('status')).toHaveTextContent('Banner uploaded.');
    await vi.waitFor(() => expect(rows()).toEqual([['/images/banner-5.png', 'Sommerfest & Grill', '5']]));
    expect(screen.getByLabelText(/^Alternative text/)).toHaveValue('');
    expect(fetchMock.mock.calls.filter(([, i]) => (i?.method ?? 'GET') === 'GET')).toHaveLength(2);
  });

  it('shows the server refusal of a file next to the file input', async () => {
    stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'POST /banners/': () => ({
        status: 415,
        body: { detail: 'The file is not a JPEG, PNG or WebP image.', code: 'unsupported_image' },
      }),
    });
    renderBanners();
    const file = await screen.findByLabelText(/^Image/);
    chooseFile(file, png());
    fireEvent.input(screen.getByLabelText(/^Alternative text/), { target: { value: 'Sommerfest' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a JPEG, PNG or WebP image.');
    expect(file).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits alt text and position as JSON and deletes after confirming', async () => {
    let current: Catalog = { ...EMPTY_CATALOG, banners: [banner(1, 'Sommerfest', 10), banner(2, 'Mittagstisch', 20)] };
    const fetchMock = stubFetch({
      'GET /admin/catalog': () => ({ body: current }),
      'PUT /banners/1': (init) => {
        const body = JSON.parse(String(init?.body)) as { alt: string; sort_order: number };
        const updated = { ...banner(1, body.alt, body.sort_order) };
        current = { ...current, banners: current.banners.map((b) => (b.id === 1 ? updated : b)) };
        return { body: updated };
      },
      'DELETE /banners/2': () => {
        current = { ...current, banners: current.banners.filter((b) => b.id !== 2) };
        return { status: 204 };
      },
    });
    renderBanners();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Sommerfest' }));
    expect(screen.getByRole('heading', { name: 'Edit banner' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Banner: Sommerfest' })).toHaveAttribute('src', '/images/banner-1.png');
    expect(screen.queryByLabelText(/^Image/)).toBeNull();
    fireEvent.input(screen.getByLabelText(/^Alternative text/), { target: { value: 'Sommerfest 2025' } });
    fireEvent.input(screen.getByLabelText(/^Position/), { target: { value: '30' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    const put = fetchMock.mock.calls.find(([path]) => path === '/banners/1')?.[1];
    expect(JSON.parse(String(put?.body))).toEqual({ alt: 'Sommerfest 2025', sort_order: 30 });
    await vi.waitFor(() =>
      expect(rows()).toEqual([
        ['/images/banner-2.png', 'Mittagstisch', '20'],
        ['/images/banner-1.png', 'Sommerfest 2025', '30'],
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Upload a banner' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Mittagstisch' }));
    expect(fetchMock).not.toHaveBeenCalledWith('/banners/2', expect.anything());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    });
    await vi.waitFor(() => expect(rows()).toEqual([['/images/banner-1.png', 'Sommerfest 2025', '30']]));
  });
});
