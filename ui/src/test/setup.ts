import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';
import i18n, { loadTexts, textsReady } from '../lib/i18n';
import { LANGUAGE_CODES } from '../lib/languages';

// Tests switch languages with i18n.changeLanguage, so every language's texts are in up front.
await textsReady;
await Promise.all(LANGUAGE_CODES.map((language) => loadTexts(language)));

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
  await i18n.changeLanguage('de');
});
