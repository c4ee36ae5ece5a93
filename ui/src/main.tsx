import { render as renderInto, type ComponentChild } from 'preact';
import { StrictMode, type ReactNode } from 'react';
import { App } from './app/app';
import { textsReady } from './lib/i18n';
import { registerOfflineWorker } from './lib/offline';
import './styles/global.css';

const container = document.getElementById('root');
if (container === null) throw new Error('Missing #root element');

/**
 * Renders the app into `root`, taking over the elements already in it: the menu page
 * comes with its first screen rendered by the server (src/http/first_screen/), made
 * to be exactly the app's first render. Preact's own `render` reuses existing elements
 * and patches what differs (a returning customer's cart count, say); `createRoot` of
 * preact/compat would empty the root first, as React does, and build it all again.
 */
function render(root: HTMLElement, app: ReactNode) {
  // React's element types describe the same objects Preact's do (react is
  // preact/compat here, see vite.config.ts).
  renderInto(app as ComponentChild, root);
  // The menu page hides its server-rendered first screen from a visitor who chose
  // another language than the store's, and its category bar and search take no taps
  // until now (src/http/web/menu_page.rs): the app has rendered.
  document.documentElement.classList.remove('first-screen-hidden', 'first-screen-starting');
}

// The first render waits for the texts of the visitor's language. Should they fail
// to arrive, the shop still renders rather than stay blank.
void textsReady.finally(() =>
  render(
    container,
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
registerOfflineWorker();
