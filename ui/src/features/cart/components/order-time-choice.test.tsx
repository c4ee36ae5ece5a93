import { act, render, screen, waitFor } from '@testing-library/preact';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import { AuthProvider } from '../../../lib/auth';
import i18n from '../../../lib/i18n';
import { OrderSettingsProvider } from '../../../lib/order-settings';
import { StoreProvider } from '../../../lib/store-context';
import { createFakeSocket, FakeSocket, setVisibility } from '../../../test/fake-websocket';
import { demoStore, mockFetch } from '../../../test/fetch-mock';
import { CartProvider, useCart } from './cart-provider';
import { closedReasonKey, OrderTimeChoice, orderTimeBlock, type OrderTimeOffer } from './order-time-choice';

const SLOT = { time: '18:30', starts_at: '2026-11-23T17:30:00Z' };

function ShowOrderTime() {
  const { orderTime } = useCart();
  return <output data-testid="order-time">{JSON.stringify(orderTime)}</output>;
}

function ChooseSlot() {
  const { setOrderTime } = useCart();
  return (
    <button type="button" onClick={() => setOrderTime({ kind: 'preorder', time: SLOT.time, startsAt: SLOT.starts_at })}>
      choose slot
    </button>
  );
}

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <OrderTimeChoice open={open} createSocket={createFakeSocket} />
      <ShowOrderTime />
      <ChooseSlot />
      <button type="button" onClick={() => setOpen(!open)}>
        {open ? 'close' : 'open'}
      </button>
    </>
  );
}

/** The slot lists the server answers in turn; `hold` keeps the next answer back until released. */
function renderChoice(first: unknown) {
  let offer = first;
  let hold: Promise<void> | null = null;
  const fetchMock = mockFetch({
    '/stores/14': { body: demoStore },
    '/stores/14/slots?order_type=pickup': () => ({ body: offer }),
  });
  const answer = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input).startsWith('/stores/14/slots') && hold) await hold;
    return answer(input, init);
  });
  localStorage.setItem('order_type', 'pickup');
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <AuthProvider verify={false}>
          <StoreProvider>
            <ToastProvider>
              <OrderSettingsProvider>
                <CartProvider>
                  <Harness />
                </CartProvider>
              </OrderSettingsProvider>
            </ToastProvider>
          </StoreProvider>
        </AuthProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return {
    slotCalls: () => fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/stores/14/slots')).length,
    answerNext: (next: unknown) => {
      offer = next;
    },
    holdAnswers: () => {
      let release: () => void = () => {};
      hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      return async () => {
        hold = null;
        await act(async () => {
          release();
        });
      };
    },
  };
}

async function status(isOpen: boolean, closedReason: string | null = null) {
  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  await act(async () => {
    FakeSocket.latest().receive({
      today_hours: [{ open_time: '11:30', close_time: '22:00', label: '' }],
      local_time: '2026-11-23 12:00:00',
      timezone: 'Europe/Berlin',
      is_open: isOpen,
      paused: closedReason === 'paused',
      error: null,
      closed_reason: closedReason,
    });
  });
}

const orderTime = () => screen.getByTestId('order-time').textContent;
const IMMEDIATELY = '{"kind":"immediately"}';

describe('the order time follows the live store status', () => {
  beforeEach(() => {
    FakeSocket.reset();
    setVisibility('visible');
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('asks for the slots again at each change of the status, not for every message', async () => {
    const api = renderChoice({ immediately: true, slots: [] });
    await waitFor(() => expect(orderTime()).toBe(IMMEDIATELY));
    await status(true);
    await waitFor(() => expect(api.slotCalls()).toBe(2));
    // The same status again (as after a reconnect): nothing to ask.
    await status(true);
    await status(true);

    api.answerNext({ immediately: false, slots: [] });
    await status(false, 'paused');
    await waitFor(() => expect(api.slotCalls()).toBe(3));
    await status(false, 'paused');
    api.answerNext({ immediately: true, slots: [] });
    await status(true);
    await waitFor(() => expect(api.slotCalls()).toBe(4));
    await waitFor(() => expect(orderTime()).toBe(IMMEDIATELY));
    expect(api.slotCalls()).toBe(4);
  });

  it('a pause takes "as soon as possible" away at once, before the new list arrives, and says why', async () => {
    const api = renderChoice({ immediately: true, slots: [SLOT] });
    await status(true);
    await waitFor(() => expect(orderTime()).toBe(IMMEDIATELY));

    const release = api.holdAnswers();
    api.answerNext({ immediately: false, slots: [] });
    await status(false, 'paused');
    expect(orderTime()).toBe('null');
    expect(screen.getByTestId('asap-unavailable')).toHaveTextContent(
      '„So schnell wie möglich“ ist gerade nicht möglich: Das Restaurant nimmt gerade keine Bestellungen an. Sie können für eine spätere Uhrzeit vorbestellen.',
    );
    expect(screen.getByRole('option', { name: 'So schnell wie möglich – gerade nicht möglich' })).toBeDisabled();

    // The new list: paused means no pre-orders either.
    await release();
    await waitFor(() => expect(screen.getByTestId('no-slots')).toBeInTheDocument());
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByTestId('asap-unavailable')).not.toHaveTextContent('vorbestellen');
    expect(orderTime()).toBe('null');
  });

  it('keeps a chosen pre-order slot through closing and opening; nothing chosen takes "as soon as possible" back', async () => {
    const api = renderChoice({ immediately: true, slots: [SLOT] });
    await status(true);
    await waitFor(() => expect(orderTime()).toBe(IMMEDIATELY));
    await act(async () => {
      screen.getByRole('button', { name: 'choose slot' }).click();
    });

    api.answerNext({ immediately: false, slots: [SLOT] });
    await status(false, 'outside_hours');
    await waitFor(() => expect(screen.getByTestId('asap-unavailable')).toHaveTextContent('Das Restaurant hat gerade geschlossen.'));
    expect(JSON.parse(orderTime() ?? 'null')).toMatchObject({ kind: 'preorder', startsAt: SLOT.starts_at });

    api.answerNext({ immediately: true, slots: [SLOT] });
    await status(true);
    await waitFor(() => expect(screen.queryByTestId('asap-unavailable')).not.toBeInTheDocument());
    expect(JSON.parse(orderTime() ?? 'null')).toMatchObject({ kind: 'preorder', startsAt: SLOT.starts_at });
  });

  it('counts a failed connection as closed for now, with a general reason (English)', async () => {
    await i18n.changeLanguage('en');
    renderChoice({ immediately: true, slots: [SLOT] });
    await waitFor(() => expect(orderTime()).toBe(IMMEDIATELY));
    await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
    await act(async () => {
      FakeSocket.latest().receive({ error: 'Store not found' });
    });
    await waitFor(() =>
      expect(screen.getByTestId('asap-unavailable')).toHaveTextContent(
        '“As soon as possible” is not possible right now: The restaurant is not taking orders for right now. You can pre-order for a later time.',
      ),
    );
    expect(orderTime()).toBe('null');
  });

  it('connects only while open', async () => {
    renderChoice({ immediately: true, slots: [] });
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.latest();
    await act(async () => {
      screen.getByRole('button', { name: 'close' }).click();
    });
    expect(socket.closedByClient).toBe(true);
    await act(async () => {
      screen.getByRole('button', { name: 'open' }).click();
    });
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
  });
});

describe('the choice of a later day', () => {
  // Monday 23 Nov: today's 18:30 and an overnight 00:15 (already today's), Tuesday and Wednesday.
  const OVERNIGHT = { time: '00:15', starts_at: '2026-11-23T23:15:00Z' };
  const TUESDAY = { time: '12:00', starts_at: '2026-11-24T11:00:00Z' };
  const WEDNESDAY = [
    { time: '11:30', starts_at: '2026-11-25T10:30:00Z' },
    { time: '11:45', starts_at: '2026-11-25T10:45:00Z' },
  ];
  const withDays = {
    immediately: true,
    slots: [SLOT, OVERNIGHT],
    days: [
      { date: '2026-11-23', slots: [SLOT] },
      { date: '2026-11-24', slots: [OVERNIGHT, TUESDAY] },
      { date: '2026-11-25', slots: WEDNESDAY },
    ],
  };

  beforeEach(async () => {
    FakeSocket.reset();
    setVisibility('visible');
    await i18n.changeLanguage('de');
  });

  const daySelect = () => screen.getByTestId<HTMLSelectElement>('order-day');
  const timeSelect = () => screen.getByTestId<HTMLSelectElement>('order-day-time');
  const optionTexts = (select: HTMLSelectElement) => [...select.options].map((option) => option.textContent);
  // The preact testing library's fireEvent.change sends an input event; a select listens for change.
  const choose = (select: HTMLSelectElement, value: string | undefined) => {
    select.value = value ?? '';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  };

  it('offers today, tomorrow and the weekday with its date, then the times of the chosen day', async () => {
    renderChoice(withDays);
    await status(true);
    await waitFor(() => expect(optionTexts(daySelect())).toEqual(['Heute', 'Morgen', 'Mi., 25. Nov.']));
    expect(orderTime()).toBe(IMMEDIATELY);
    // Today: "as soon as possible" and today's times, the overnight one included.
    expect(optionTexts(timeSelect())).toEqual(['So schnell wie möglich', 'Vorbestellen für 18:30', 'Vorbestellen für 00:15']);

    await act(async () => {
      choose(daySelect(), '2026-11-25');
    });
    expect(optionTexts(timeSelect())).toEqual(['Vorbestellen für 11:30', 'Vorbestellen für 11:45']);
    expect(JSON.parse(orderTime() ?? 'null')).toEqual({
      kind: 'preorder',
      time: '11:30',
      startsAt: WEDNESDAY[0]?.starts_at,
      date: '2026-11-25',
    });
    await act(async () => {
      choose(timeSelect(), WEDNESDAY[1]?.starts_at);
    });
    expect(JSON.parse(orderTime() ?? 'null')).toEqual({
      kind: 'preorder',
      time: '11:45',
      startsAt: WEDNESDAY[1]?.starts_at,
      date: '2026-11-25',
    });
    expect(daySelect().value).toBe('2026-11-25');

    // Back to today: "as soon as possible" again.
    await act(async () => {
      choose(daySelect(), 'today');
    });
    expect(orderTime()).toBe(IMMEDIATELY);
  });

  it('names the days in English', async () => {
    await i18n.changeLanguage('en');
    renderChoice(withDays);
    await status(true);
    await waitFor(() => expect(optionTexts(daySelect())).toEqual(['Today', 'Tomorrow', 'Wed 25 Nov']));
  });

  it('keeps the single list when the answer has no later day', async () => {
    renderChoice({ immediately: true, slots: [SLOT, OVERNIGHT], days: [{ date: '2026-11-23', slots: [SLOT] }, { date: '2026-11-24', slots: [OVERNIGHT] }] });
    await status(true);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Vorbestellen für 00:15' })).toBeInTheDocument());
    expect(screen.queryByTestId('order-day')).not.toBeInTheDocument();
  });
});

describe('orderTimeBlock', () => {
  const ready = (immediately: boolean, slots: (typeof SLOT)[], closedReason: string | null = null): OrderTimeOffer => ({
    status: 'ready',
    immediately,
    slots,
    answer: { immediately, slots },
    closedReason,
  });

  it('blocks nothing once a time is chosen', () => {
    expect(orderTimeBlock(ready(false, []), { kind: 'immediately' })).toBeNull();
    expect(orderTimeBlock({ status: 'loading' }, { kind: 'preorder', time: '18:30', startsAt: SLOT.starts_at })).toBeNull();
  });

  it('says the times are loading, a time must be chosen, or nothing is possible and why', () => {
    expect(orderTimeBlock({ status: 'loading' }, null)).toEqual({ kind: 'loading' });
    expect(orderTimeBlock(ready(false, [SLOT], 'outside_hours'), null)).toEqual({ kind: 'choose' });
    expect(orderTimeBlock(ready(true, []), null)).toEqual({ kind: 'choose' });
    expect(orderTimeBlock(ready(false, [], 'paused'), null)).toEqual({ kind: 'none', reason: 'paused' });
    expect(orderTimeBlock(ready(false, [], null), null)).toEqual({ kind: 'none', reason: 'unknown' });
  });

  it('words only the known closed reasons', () => {
    expect(closedReasonKey('auto_paused')).toBe('auto_paused');
    expect(closedReasonKey('closure')).toBe('closure');
    expect(closedReasonKey('something_new')).toBe('unknown');
    expect(closedReasonKey(null)).toBe('unknown');
  });
});
