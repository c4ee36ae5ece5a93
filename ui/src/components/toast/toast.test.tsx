import { act, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast';

function Trigger() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show('Bruschetta wurde in den Warenkorb gelegt')}>
      toast
    </button>
  );
}

const clearance = () => document.documentElement.style.getPropertyValue('--toast-clearance');

describe('ToastProvider', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells an open modal how much room the toasts at the top take, and gives it back', async () => {
    // happy-dom lays nothing out: the toast region is as high as its toasts say.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const height = this.classList.contains('toast-region') ? this.children.length * 54 : 0;
      return DOMRect.fromRect({ x: 0, y: 0, width: 420, height });
    });
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    expect(clearance()).toBe('0px');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'toast' }));
    });
    expect(screen.getByText('Bruschetta wurde in den Warenkorb gelegt')).toBeInTheDocument();
    expect(clearance()).toBe('calc(54px + 1rem)');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    });
    expect(clearance()).toBe('0px');
  });
});
