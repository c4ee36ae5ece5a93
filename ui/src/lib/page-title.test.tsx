import { render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { formatPageTitle, usePageTitle } from './page-title';
import { resetRuntimeConfigCache } from './runtime-config';

function Page({ title }: { title?: string }) {
  usePageTitle(title);
  return null;
}

describe('page titles', () => {
  afterEach(() => {
    document.head.querySelector('meta[name="heimservice-config"]')?.remove();
    resetRuntimeConfigCache();
  });

  it('formats "<Title> | <Brand> Heimservice"', () => {
    expect(formatPageTitle('Privacy Policy', 'Bella Napoli')).toBe('Privacy Policy | Bella Napoli Heimservice');
  });

  it('gives the home page just the brand title', () => {
    expect(formatPageTitle(undefined, 'Bella Napoli')).toBe('Bella Napoli Heimservice');
  });

  it('sets document.title with the brand from the runtime config', () => {
    const meta = document.createElement('meta');
    meta.name = 'heimservice-config';
    meta.content = JSON.stringify({ basePath: '/order-online', storeId: 14, brand: 'Bella Napoli', defaultLanguage: 'de' });
    document.head.append(meta);
    resetRuntimeConfigCache();

    const { rerender } = render(<Page title="Page not found" />);
    expect(document.title).toBe('Page not found | Bella Napoli Heimservice');
    rerender(<Page />);
    expect(document.title).toBe('Bella Napoli Heimservice');
  });
});
