import { act, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPACT_HEADER_ATTRIBUTE, useCompactHeader } from './use-compact-header';

function Page() {
  useCompactHeader();
  return null;
}

/** Scrolls the window to `y` and lets the next animation frame run. */
async function scrollTo(y: number) {
  await act(async () => {
    window.scrollTo(0, y);
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

const compact = () => document.documentElement.hasAttribute(COMPACT_HEADER_ATTRIBUTE);

afterEach(() => {
  window.scrollTo(0, 0);
});

describe('the compact header', () => {
  it('turns compact once the page is scrolled down and full again back at the top', async () => {
    const page = render(<Page />);
    expect(compact()).toBe(false);

    await scrollTo(40);
    expect(compact()).toBe(false);
    await scrollTo(300);
    expect(compact()).toBe(true);
    // The page moving up by what the header lost keeps it compact.
    await scrollTo(30);
    expect(compact()).toBe(true);
    await scrollTo(0);
    expect(compact()).toBe(false);

    await scrollTo(300);
    act(() => {
      page.unmount();
    });
    expect(compact()).toBe(false);
  });
});
