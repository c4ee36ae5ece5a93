import { render } from '@testing-library/preact';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthProvider } from '../../../lib/auth';
import i18n from '../../../lib/i18n';
import { OrderSettingsProvider } from '../../../lib/order-settings';

/** Shows where the router is, with its search and state, for assertions. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">
      {location.pathname + location.search}
      {location.state ? ` ${JSON.stringify(location.state)}` : ''}
    </output>
  );
}

/** Renders `ui` at `path` with i18n, auth, order settings and a router that shows any other page's location. */
export function renderAt(ui: ReactNode, { path = '/', history = [] as string[] } = {}) {
  return render(
    <I18nextProvider i18n={i18n}>
      <AuthProvider verify={false}>
        <OrderSettingsProvider>
          <MemoryRouter initialEntries={[...history, path]} initialIndex={history.length}>
            <Routes>
              <Route path={path.split('?')[0]} element={ui} />
              <Route path="*" element={<LocationProbe />} />
            </Routes>
          </MemoryRouter>
        </OrderSettingsProvider>
      </AuthProvider>
    </I18nextProvider>,
  );
}
