import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import type { Payment } from '../api/payments-api';
import { renderAdminAt, signInAdmin, stubFetch } from '../test-support';
import { EMPTY_CATALOG } from '../types';

function payment(overrides: Partial<Payment>): Payment {
  return {
    id: 1,
    paypal_order_id: 'PP1',
    capture_id: 'CAP1',
    amount: 14.6,
    currency: 'EUR',
    captured_amount: 14.6,
    captured_currency: 'EUR',
    paypal_status: 'COMPLETED',
    fate: 'order',
    reason: null,
    needs_attention: false,
    first_seen: '2026-11-23T11:02:00Z',
    last_checked: '2026-11-23T11:02:00Z',
    order_id: 57,
    order_number: 3,
    refund_id: null,
    refund_error: null,
    history: [{ at: '2026-11-23T11:02:00Z', fate: 'order' }],
    ...overrides,
  };
}

const paid = payment({});
const pending = payment({
  id: 2,
  paypal_order_id: 'PP2',
  capture_id: 'CAP2',
  paypal_status: 'PENDING',
  fate: 'pending',
  needs_attention: true,
  first_seen: '2026-11-23T11:10:00Z',
  order_id: null,
  order_number: null,
});
const mismatched = payment({
  id: 3,
  paypal_order_id: 'PP3',
  capture_id: 'CAP3',
  captured_amount: 1,
  fate: 'refunded',
  reason: 'amount_mismatch',
  first_seen: '2026-11-23T11:20:00Z',
  order_id: null,
  order_number: null,
  refund_id: 'REF3',
});
const failedRefund = payment({
  id: 4,
  paypal_order_id: 'PP4',
  capture_id: 'CAP4',
  captured_currency: 'USD',
  fate: 'refund_failed',
  reason: 'amount_mismatch',
  needs_attention: true,
  first_seen: '2026-11-23T11:30:00Z',
  order_id: null,
  order_number: null,
  refund_error: 'payment_unavailable',
});

/** The ledger, newest first, two to a page. */
function paymentsServer(all: Payment[]) {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
    'GET /admin/payments': (_init, url) => {
      const before = Number(url.searchParams.get('before') ?? Infinity);
      const attention = url.searchParams.get('attention') === 'true';
      const matching = all.filter((entry) => entry.id < before && (!attention || entry.needs_attention));
      const page = matching.slice(0, 2);
      return { body: { payments: page, next_before: matching.length > 2 ? (page[1]?.id ?? null) : null } };
    },
  });
}

const rows = () => [...document.querySelectorAll<HTMLElement>('.admin-payments__table tbody tr')];
const fates = () => rows().map((row) => row.querySelector('.admin-payment-fate')?.textContent);

describe('payments screen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('lists the payments newest first with their fate, amount, order and refund', async () => {
    paymentsServer([failedRefund, mismatched, pending, paid]);
    renderAdminAt('/admin/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(document.title).toBe('Payments | Heimservice Heimservice');
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/payments"]')).toHaveTextContent('Payments');
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(fates()).toEqual(['Refund failed', 'Refunded']);
    const [failedRow, refundedRow] = rows() as [HTMLElement, HTMLElement];
    expect(failedRow).toHaveTextContent('PayPal could not be reached. Please try again.');
    expect(failedRow).toHaveTextContent('PayPal took 14,60 USD');
    expect(failedRow).toHaveClass('admin-payments__open');
    expect(refundedRow).toHaveTextContent('PayPal took another amount or currency than the order total.');
    expect(refundedRow).toHaveTextContent('PayPal took 1,00 €');
    expect(refundedRow).toHaveTextContent('REF3');
    expect(refundedRow).toHaveTextContent('no order');
    expect(refundedRow.querySelector('time')).toHaveTextContent('23.11.2026 12:20');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show older payments' }));
    });
    await vi.waitFor(() => expect(rows()).toHaveLength(4));
    expect(fates()).toEqual(['Refund failed', 'Refunded', 'Pending at PayPal', 'Paid for an order']);
    const orderRow = rows()[3] as HTMLElement;
    expect(within(orderRow).getByRole('link', { name: 'Details of order #3' })).toHaveAttribute('href', '/admin/orders/57');
    expect(orderRow).toHaveTextContent('14,60 €');
    expect(orderRow).not.toHaveTextContent('PayPal took');
    expect(screen.queryByRole('button', { name: 'Show older payments' })).toBeNull();
  });

  it('shows only the payments that need attention when asked', async () => {
    const fetchMock = paymentsServer([failedRefund, mismatched, pending, paid]);
    renderAdminAt('/admin/payments');
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('checkbox', { name: /Only payments that need attention/ }));
    await vi.waitFor(() => expect(fates()).toEqual(['Refund failed', 'Pending at PayPal']));
    expect(fetchMock).toHaveBeenCalledWith('/admin/payments?attention=true', expect.anything());
    expect(screen.getByRole('checkbox', { name: /Only payments that need attention/ })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: /Only payments that need attention/ }));
    await vi.waitFor(() => expect(fates()).toEqual(['Refund failed', 'Refunded']));
  });

  it('says when nothing needs attention, in German too', async () => {
    paymentsServer([paid]);
    renderAdminAt('/admin/payments?attention=1');
    expect(await screen.findByText('No payment needs attention.')).toBeInTheDocument();
    await i18n.changeLanguage('de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zahlungen' })).toBeInTheDocument();
    expect(screen.getByText('Keine Zahlung braucht Aufmerksamkeit.')).toBeInTheDocument();
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/payments"]')).toHaveTextContent('Zahlungen');
  });

  it('words the fates and reasons in German', async () => {
    await i18n.changeLanguage('de');
    paymentsServer([failedRefund, mismatched]);
    renderAdminAt('/admin/payments');
    await vi.waitFor(() => expect(fates()).toEqual(['Erstattung fehlgeschlagen', 'Erstattet']));
    expect(rows()[0]).toHaveTextContent('PayPal ist gerade nicht erreichbar.');
    expect(rows()[1]).toHaveTextContent('PayPal hat einen anderen Betrag oder eine andere Währung abgebucht als die Bestellsumme.');
    expect(rows()[1]).toHaveTextContent('keine Bestellung');
  });

  it('shows a load error and loads again on retry', async () => {
    let fail = true;
    stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
      'GET /admin/payments': () =>
        fail ? { status: 500, body: { detail: 'Boom', code: 'internal_error' } } : { body: { payments: [paid], next_before: null } },
    });
    renderAdminAt('/admin/payments');
    expect(await screen.findByText('The payments could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
  });
});
