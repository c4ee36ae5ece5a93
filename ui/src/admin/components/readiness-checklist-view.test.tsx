import { act, fireEvent, render, screen, within } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { sent, signInAdmin, stubFetch } from '../test-support';
import type { Readiness, ReadinessFinding } from '../types';
import { ReadinessChecklist } from './readiness-checklist';

const UNLABELLED: ReadinessFinding = {
  code: 'allergens_missing',
  key: 'allergens_missing:product:12',
  severity: 'hidden',
  subject: { kind: 'product', id: 12, name: 'Focaccia', key: null },
  link: '/admin/products?id=12',
  detail: 'Product “Focaccia” has no allergen or additive codes.',
  confirmed: false,
};

const NO_IMPRESSUM_LINK: ReadinessFinding = {
  code: 'impressum_hidden',
  key: 'impressum_hidden:setting:show_impressum',
  severity: 'error',
  subject: { kind: 'setting', id: null, name: null, key: 'show_impressum' },
  link: '/admin/store-setting',
  detail: 'The footer does not link to the Impressum.',
  confirmed: false,
};

function renderChecklist(readiness: Readiness, confirmed?: Readiness) {
  const fetchMock = stubFetch({
    'GET /admin/readiness': () => ({ body: readiness }),
    'POST /admin/readiness/confirm': () => ({ body: confirmed }),
  });
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ReadinessChecklist timezone="Europe/Berlin" />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return fetchMock;
}

const item = (key: string) => screen.getByTestId('readiness').querySelector(`[data-key="${key}"]`) as HTMLElement;

describe('the readiness checklist', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('lists an unlabelled product as not in the shop, while the shop takes orders and nothing asks to open anyway', async () => {
    renderChecklist({ ready: true, findings: [UNLABELLED], confirmation: null });
    const state = await screen.findByTestId('readiness-state');
    expect(state).toHaveTextContent('The shop takes orders; the items marked are not sold until they are labelled.');
    const focaccia = item(UNLABELLED.key);
    expect(within(focaccia).getByText('Not in the shop')).toBeInTheDocument();
    expect(focaccia).toHaveTextContent('Product “Focaccia”: allergens and additives are not labelled; it is not sold until it is.');
    expect(within(focaccia).getByRole('link', { name: 'Fix' })).toHaveAttribute('href', '/admin/products?id=12');
    expect(screen.getByTestId('readiness')).toHaveTextContent(
      'These products and toppings are missing from the shop until their allergens and additives are labelled.',
    );
    expect(screen.queryByRole('button', { name: 'Open with these items anyway' })).toBeNull();
  });

  it('asks to confirm what blocks, sending every listed key, and then says the shop is open', async () => {
    const fetchMock = renderChecklist(
      { ready: false, findings: [NO_IMPRESSUM_LINK, UNLABELLED], confirmation: null },
      {
        ready: true,
        findings: [
          { ...NO_IMPRESSUM_LINK, confirmed: true },
          { ...UNLABELLED, confirmed: true },
        ],
        confirmation: { confirmed_at: '2026-11-23T11:00:00Z', admin_id: 1, by_upgrade: false, finding_keys: [] },
      },
    );
    expect(await screen.findByTestId('readiness-state')).toHaveTextContent(
      'The shop takes no orders until each item is fixed or you confirm the list.',
    );
    expect(within(item(NO_IMPRESSUM_LINK.key)).getByText('Required')).toBeInTheDocument();
    expect(screen.getByTestId('readiness')).toHaveTextContent(
      'Products and toppings marked “Not in the shop” are not sold until they are labelled.',
    );

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open with these items anyway' }));
    });
    expect(sent(fetchMock, 'POST', '/admin/readiness/confirm')).toEqual([
      { finding_keys: [NO_IMPRESSUM_LINK.key, UNLABELLED.key] },
    ]);
    await vi.waitFor(() =>
      expect(screen.getByTestId('readiness-state')).toHaveTextContent(
        'You confirmed these items: the shop takes orders by its opening hours.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Open with these items anyway' })).toBeNull();
  });
});
