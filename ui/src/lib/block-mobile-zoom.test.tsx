import { act, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { useBlockMobileZoom } from './block-mobile-zoom';

function Guard() {
  useBlockMobileZoom();
  return null;
}

function key(init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { cancelable: true, bubbles: true, ...init });
  window.dispatchEvent(event);
  return event;
}

function wheel({ ctrlKey = false }: { ctrlKey?: boolean }): WheelEvent {
  const event = new WheelEvent('wheel', { cancelable: true, bubbles: true, deltaY: -100 });
  // happy-dom's WheelEvent does not take modifier keys from its init dict.
  Object.defineProperty(event, 'ctrlKey', { value: ctrlKey });
  window.dispatchEvent(event);
  return event;
}

describe('useBlockMobileZoom', () => {
  const desktopWidth = 1280;
  afterEach(() => {
    window.innerWidth = desktopWidth;
  });

  it('blocks ctrl with +, - and = and ctrl+wheel on mobile viewports', () => {
    window.innerWidth = 375;
    render(<Guard />);
    for (const k of ['+', '-', '=']) expect(key({ key: k, ctrlKey: true }).defaultPrevented).toBe(true);
    expect(wheel({ ctrlKey: true }).defaultPrevented).toBe(true);
  });

  it('leaves other keys, plain wheel and desktop viewports alone', async () => {
    window.innerWidth = 375;
    const { unmount } = render(<Guard />);
    expect(key({ key: '+' }).defaultPrevented).toBe(false);
    expect(key({ key: 'a', ctrlKey: true }).defaultPrevented).toBe(false);
    expect(wheel({}).defaultPrevented).toBe(false);

    window.innerWidth = desktopWidth;
    expect(key({ key: '+', ctrlKey: true }).defaultPrevented).toBe(false);
    expect(wheel({ ctrlKey: true }).defaultPrevented).toBe(false);

    window.innerWidth = 375;
    // Preact runs effect cleanups of an unmounted tree after the current task.
    await act(async () => {
      unmount();
      await new Promise((done) => setTimeout(done, 0));
    });
    expect(key({ key: '-', ctrlKey: true }).defaultPrevented).toBe(false);
  });
});
