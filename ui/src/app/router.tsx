import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { getRuntimeConfig } from '../lib/runtime-config';
import { routes } from './routes';

/**
 * The router basename with a trailing slash, so links to "/" point at
 * "/order-online/" (the URL the server announces) rather than "/order-online".
 */
export function routerBasename(basePath: string): string {
  return basePath.endsWith('/') ? basePath : `${basePath}/`;
}

function createAppRouter() {
  const basename = routerBasename(getRuntimeConfig().basePath);
  // Someone who typed the base path without its slash still lands on the home page.
  if (`${window.location.pathname}/` === basename) {
    window.history.replaceState(window.history.state, '', basename + window.location.search + window.location.hash);
  }
  return createBrowserRouter(routes, { basename });
}

export function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
