import { useEffect, useState } from 'react';
import { matchRoutes, useLocation, type Location, type RouteObject } from 'react-router-dom';
import { isLazyPage, type LazyPage } from './lazy-page';

function pendingPages(routes: RouteObject[], location: Location): LazyPage[] {
  const matches = matchRoutes(routes, location) ?? [];
  return matches.map((match) => match.route.handle).filter(isLazyPage).filter((page) => page.Component === null);
}

/**
 * The location to render: the current one once the lazy pages of its routes have loaded.
 * While they load, a navigation keeps showing the page it started from; on the first
 * visit there is none yet, which is `null`.
 */
export function useLoadedLocation(routes: RouteObject[]): Location | null {
  const location = useLocation();
  const ready = pendingPages(routes, location).length === 0;
  const [shown, setShown] = useState<Location | null>(ready ? location : null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  if (ready && shown !== location) setShown(location);

  useEffect(() => {
    const pending = pendingPages(routes, location);
    if (pending.length === 0) return;
    let current = true;
    Promise.all(pending.map((page) => page.load())).then(
      () => {
        if (current) setShown(location);
      },
      (error: unknown) => {
        if (!current) return;
        // Chunks of an older build are gone after an upgrade: a full load of the
        // page fetches the current ones. Without a page shown yet, that could loop.
        if (shown === null) setFailure({ error });
        else window.location.reload();
      },
    );
    return () => {
      current = false;
    };
    // Only a new location starts loading; `shown` is read as it was then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [routes, location]);

  if (failure) throw failure.error;
  return ready ? location : shown;
}
