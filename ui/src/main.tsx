import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { textsReady } from './lib/i18n';
import { registerOfflineWorker } from './lib/offline';
import './styles/global.css';

const container = document.getElementById('root');
if (container === null) throw new Error('Missing #root element');

function render(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The first render waits for the texts of the visitor's language. Should they fail
// to arrive, the shop still renders rather than stay blank.
void textsReady.finally(() => render(container));
registerOfflineWorker();
