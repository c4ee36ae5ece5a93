import { fireEvent, render, screen } from '@testing-library/preact';
import { Link, MemoryRouter, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { lazyRoute, type PageModule } from './lazy-page';
import { useLoadedLocation } from './use-loaded-location';

function Shell({ routes }: { routes: RouteObject[] }) {
  const location = useLoadedLocation(routes);
  const element = useRoutes(routes, location ?? undefined);
  return location === null ? <p>loading</p> : element;
}

function HomePage() {
  return (
    <>
      <Link to="/slow">to slow</Link>
      <span data-testid="path">{useLocation().pathname}</span>
    </>
  );
}

/** Routes whose /slow page "arrives" when the test calls `arrive` (or fails to, on `fail`). */
function setUp(initialPath: string) {
  let arrive = () => {};
  let fail = () => {};
  const chunk = new Promise<PageModule>((resolve, reject) => {
    arrive = () => resolve({ Component: () => <Link to="/">slow page</Link> });
    fail = () => reject(new Error('chunk gone'));
  });
  const routes: RouteObject[] = [{ path: '/', element: <HomePage /> }, lazyRoute('/slow', () => chunk)];
  render(
    <MemoryRouter initialEntries={[initialPath]}>
      <Shell routes={routes} />
    </MemoryRouter>,
  );
  return { arrive: () => arrive(), fail: () => fail() };
}

describe('useLoadedLocation', () => {
  it('shows the loading state on a first visit until the page has arrived', async () => {
    const slow = setUp('/slow');
    expect(screen.getByText('loading')).toBeInTheDocument();
    slow.arrive();
    expect(await screen.findByText('slow page')).toBeInTheDocument();
  });

  it('keeps the current page, location included, while the next one loads', async () => {
    const slow = setUp('/');
    fireEvent.click(screen.getByRole('link', { name: 'to slow' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('link', { name: 'to slow' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);

    slow.arrive();
    expect(await screen.findByText('slow page')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'to slow' })).not.toBeInTheDocument();
  });

  it('shows a page that has loaded before at once', async () => {
    const slow = setUp('/slow');
    slow.arrive();
    fireEvent.click(await screen.findByRole('link', { name: 'slow page' }));
    fireEvent.click(await screen.findByRole('link', { name: 'to slow' }));
    expect(screen.getByRole('link', { name: 'slow page' })).toBeInTheDocument();
  });

  it('loads the whole page anew when a page fails to arrive during a navigation', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const slow = setUp('/');
    fireEvent.click(screen.getByRole('link', { name: 'to slow' }));
    slow.fail();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(screen.getByRole('link', { name: 'to slow' })).toBeInTheDocument();
  });
});
