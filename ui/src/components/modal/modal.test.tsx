import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

function Harness({ isStatic = false }: { isStatic?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Titel" static={isStatic}>
        <button type="button">first</button>
        <button type="button" onClick={() => setOpen(false)}>
          last
        </button>
      </Modal>
    </>
  );
}

async function openModal() {
  const opener = screen.getByRole('button', { name: 'open' });
  opener.focus();
  await act(async () => {
    fireEvent.click(opener);
  });
  return opener;
}

const gone = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

describe('Modal', () => {
  it('is an aria-modal dialog named by its title that takes focus', async () => {
    render(<Harness />);
    await openModal();
    const dialog = screen.getByRole('dialog', { name: 'Titel' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
  });

  it('closes on Escape and gives focus back', async () => {
    render(<Harness />);
    const opener = await openModal();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await gone();
    expect(opener).toHaveFocus();
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    render(<Harness />);
    await openModal();
    fireEvent.click(screen.getByRole('button', { name: 'first' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    await gone();
  });

  it('ignores Escape and backdrop clicks when static', async () => {
    render(<Harness isStatic />);
    await openModal();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    await new Promise((done) => setTimeout(done, 350));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'last' }));
    await gone();
  });

  it('keeps Tab inside the dialog', async () => {
    render(<Harness />);
    await openModal();
    const close = screen.getByRole('button', { name: 'Schließen' });
    const last = screen.getByRole('button', { name: 'last' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(last).toHaveFocus();
  });

  it('still closes on Escape after the focused control was removed from the dialog', async () => {
    render(<Harness />);
    await openModal();
    const first = screen.getByRole('button', { name: 'first' });
    first.focus();
    // The focused button goes away (a removed cart line): focus falls back to <body>.
    await act(async () => {
      first.remove();
    });
    expect(document.body).toHaveFocus();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await gone();
  });

  it('brings a lost focus back into the dialog on Tab, and a static one ignores Escape', async () => {
    render(<Harness isStatic />);
    await openModal();
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await new Promise((done) => setTimeout(done, 350));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(screen.getByRole('button', { name: 'Schließen' })).toHaveFocus();
  });
});
