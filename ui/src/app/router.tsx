import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { getRuntimeConfig } from '../lib/runtime-config';
import { routes } from './routes';
import { useLoadedLocation } from './use-loaded-location';

/**
 * The router basename with a trailing slash, so links to "/" point at
 * "/order-online/" (the URL the server announces) rather than "/order-online".
 */
export function routerBasename(basePath: string): string {
  return basePath.endsWith('/') ? basePath : `${basePath}/`;
}

function appBasename(): string {
  const basename = routerBasename(getRuntimeConfig().basePath);
  // Someone who typed the base path without its slash still lands on the home page.
  if (`${window.location.pathname}/` === basename) {
    window.history.replaceState(window.history.state, '', basename + window.location.search + window.location.hash);
  }
  return basename;
}

/** The route table, shown once the page a URL needs has loaded. */
function AppRoutes() {
  const location = useLoadedLocation(routes);
  const element = useRoutes(routes, location ?? undefined);
  // The first page of a visit is still loading.
  if (location === null) return <div className="app-shell" aria-busy="true" />;
  return element;
}

export function AppRouter() {
  const [basename] = useState(appBasename);
  return (
    <BrowserRouter basename={basename}>
      <AppRoutes />
    </BrowserRouter>
  );
}
