import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { OrderSettingsProvider, useOrderSettings } from '../../../lib/order-settings';
import type { PostcodeRecord } from '../../../lib/store-api';
import { mockFetch } from '../../../test/fetch-mock';
import { PostcodeSelector } from './postcode-selector';

const postcode = (id: number, code: string, fee: number, minimum: number, time: number): PostcodeRecord => ({
  id,
  store_id: 14,
  postcode: code,
  minimum_order_amount: minimum,
  delivery_fee: fee,
  delivery_time: time,
});

const demoPostcodes = [
  postcode(1, '10115', 2.5, 15, 40),
  postcode(2, '10117', 3, 20, 45),
  postcode(3, '10119', 2, 15, 35),
  postcode(4, '10435', 3.5, 25, 50),
];

function Chosen() {
  const { postcode: chosen } = useOrderSettings();
  return <p data-testid="chosen">{chosen?.postcode ?? 'none'}</p>;
}

function Harness({ onSelected }: { onSelected: (record: PostcodeRecord) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <PostcodeSelector open={open} onOpenChange={setOpen} onSelected={onSelected} />
      <p data-testid="modal-state">{open ? 'open' : 'closed'}</p>
      <Chosen />
    </>
  );
}

function renderSelector(onSelected = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <OrderSettingsProvider>
        <Harness onSelected={onSelected} />
      </OrderSettingsProvider>
    </I18nextProvider>,
  );
  return onSelected;
}

const field = () => screen.getByRole('combobox');
const options = () => within(screen.getByRole('listbox')).queryAllByRole('option');
const highlighted = () => options().find((option) => option.getAttribute('aria-selected') === 'true')?.textContent;
const continueButton = () => screen.getByRole('button', { name: /^(Weiter|Continue)$/ });

async function openModal() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /^(Postleitzahl wählen|Choose postcode)$/ }));
  });
  // The modal's code may still have to load; once it is open, it asks for the postcode list.
  await screen.findByRole('dialog');
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  // Let the postcode list arrive.
  await act(async () => {});
}

async function type(text: string) {
  await act(async () => {
    fireEvent.input(field(), { target: { value: text } });
  });
}

async function key(name: string) {
  await act(async () => {
    fireEvent.keyDown(field(), { key: name });
  });
}

describe('postcode modal', () => {
  beforeEach(() => {
    mockFetch({ '/postcodes/store/14': { body: demoPostcodes } });
  });

  it('filters by substring, ignoring case, and selects only an exact match', async () => {
    renderSelector();
    await openModal();
    await type('011');
    expect(options().map((o) => o.textContent)).toEqual([
      expect.stringContaining('10115'),
      expect.stringContaining('10117'),
      expect.stringContaining('10119'),
    ]);
    expect(continueButton()).toBeDisabled();

    await type('10117');
    expect(continueButton()).toBeEnabled();
    await type('1011');
    expect(continueButton()).toBeDisabled();
  });

  it('moves the highlight with the arrow keys, wrapping, and picks with Enter', async () => {
    renderSelector();
    await openModal();
    await type('1011');
    await key('ArrowDown');
    expect(highlighted()).toContain('10115');
    await key('ArrowDown');
    await key('ArrowDown');
    expect(highlighted()).toContain('10119');
    await key('ArrowDown');
    expect(highlighted()).toContain('10115');
    await key('ArrowUp');
    expect(highlighted()).toContain('10119');
    await key('Enter');
    expect(field()).toHaveValue('10119');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
  });

  it('closes the list on Escape but keeps the modal open; backdrop clicks do not close it', async () => {
    renderSelector();
    await openModal();
    await type('10');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await key('Escape');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
      fireEvent.click(screen.getByTestId('modal-backdrop'));
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByTestId('modal-state')).toHaveTextContent('open');
  });

  it('says exactly which text found nothing', async () => {
    await i18n.changeLanguage('en');
    renderSelector();
    await openModal();
    await type('99999');
    expect(screen.getByRole('listbox')).toHaveTextContent(/^No postcodes found matching "99999"$/);
    expect(continueButton()).toBeDisabled();
  });

  it('translates the no-match message in German', async () => {
    renderSelector();
    await openModal();
    await type('abc');
    expect(screen.getByRole('listbox')).toHaveTextContent('Keine Postleitzahlen gefunden für „abc“');
  });

  it('saves the record and its keys on submit, tells the parent and closes', async () => {
    const onSelected = renderSelector();
    await openModal();
    await type('10117');
    expect(continueButton()).toBeEnabled();
    await act(async () => {
      fireEvent.click(continueButton());
    });
    expect(JSON.parse(localStorage.getItem('postcode-data')!)).toEqual(demoPostcodes[1]);
    expect(localStorage.getItem('delivery_postcode')).toBe('10117');
    expect(localStorage.getItem('delivery_fee')).toBe('3');
    expect(onSelected).toHaveBeenCalledWith(demoPostcodes[1]);
    expect(screen.getByTestId('modal-state')).toHaveTextContent('closed');
    expect(screen.getByTestId('chosen')).toHaveTextContent('10117');
    expect(screen.getByRole('button', { name: 'Postleitzahl 10117 ändern' })).toHaveTextContent('10117');
  });

  it('clears the fields on cancel', async () => {
    renderSelector();
    await openModal();
    await type('10115');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    });
    expect(screen.getByTestId('modal-state')).toHaveTextContent('closed');
    expect(localStorage.getItem('postcode-data')).toBeNull();
    await openModal();
    expect(field()).toHaveValue('');
    expect(continueButton()).toBeDisabled();
  });

  it('is shown for delivery only', () => {
    localStorage.setItem('order_type', 'pickup');
    renderSelector();
    expect(screen.queryByRole('button', { name: 'Postleitzahl wählen' })).not.toBeInTheDocument();
  });

  // Phones show the first 14 characters and "..." by the style sheet (delivery.css), so
  // the markup is the same on every screen; e2e/server-rendered.test.mjs checks what a
  // phone and a wide screen show.
  it('splits the header text after 14 characters into the rest and "..." for phones', () => {
    renderSelector();
    const text = screen.getByRole('button', { name: 'Postleitzahl wählen' }).querySelector('.postcode-selector__text');
    expect(text?.firstChild?.textContent).toBe('Postleitzahl w');
    expect(text?.querySelector('.postcode-selector__rest')).toHaveTextContent(/^ählen$/);
    const cut = text?.querySelector('.postcode-selector__cut');
    expect(cut).toHaveTextContent(/^\.\.\.$/);
    expect(cut).toHaveAttribute('aria-hidden', 'true');
  });

  it('ignores stored postcode-data that fails to parse, and logs it', () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('postcode-data', '{broken');
    renderSelector();
    expect(screen.getByTestId('chosen')).toHaveTextContent('none');
    expect(errorSpy).toHaveBeenCalledWith('Failed to parse postcode-data', expect.anything());
  });

  it('only logs a failed postcode fetch', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ '/postcodes/store/14': { status: 500, body: { detail: 'boom', code: 'internal' } } });
    renderSelector();
    await openModal();
    await waitFor(() => expect(errorSpy).toHaveBeenCalledWith('getPostcodes failed', expect.anything()));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
