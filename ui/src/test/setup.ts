import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';
import i18n, { loadAllTexts, textsReady } from '../lib/i18n';
// Registers the admin texts, so they are loaded below like the storefront's.
import '../admin/i18n';

// Tests switch languages with i18n.changeLanguage, so every language's texts are in up front.
await textsReady;
await loadAllTexts();

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
  await i18n.changeLanguage('de');
});
