import { act, fireEvent, screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { renderAdminAt, sent, signInAdmin, stubFetch } from '../test-support';
import { EMPTY_CATALOG, type Catalog, type Product } from '../types';

/** Sizes of a bottled water: the large one labelled, the small one not yet. */
const WATER: Product = {
  id: 33,
  version: 'v1',
  category_id: 3,
  name: 'Mineralwasser',
  name_en: null,
  description: null,
  description_en: null,
  price: 1.9,
  tax_id: 2,
  type: 'variable',
  variants: [
    { id: 330, name: '0,25 l', name_en: null, price: 1.9, deposit: null, net_content: null, unit_price: null },
    { id: 331, name: '0,75 l', name_en: null, price: 3.2, deposit: 0.15, net_content: { amount: 0.75, unit: 'l' }, unit_price: 4.27 },
  ],
  image_url: null,
  sort_order: 0,
  available: true,
  no_allergens: true,
  deposit: null,
  net_content: null,
  unit_price: null,
};

const CATALOG: Catalog = {
  ...EMPTY_CATALOG,
  taxes: [{ id: 2, name: 'Getränke 19 %', percentage: 19 }],
  categories: [{ id: 3, name: 'Getränke', name_en: null, description: null, description_en: null, sort_order: 0, visible: true }],
  products: [WATER],
};

function server() {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: CATALOG }),
    'POST /products/': (init) => ({ status: 201, body: { ...WATER, ...JSON.parse(String(init?.body)), id: 50, version: 'n1' } }),
    'PUT /products/33': (init) => ({ body: { ...WATER, ...JSON.parse(String(init?.body)), version: 'v2' } }),
  });
}

const input = (label: string | RegExp) => screen.getByLabelText(label);

async function type(label: string | RegExp, value: string) {
  await act(async () => {
    fireEvent.input(input(label), { target: { value } });
  });
}

async function choose(label: string | RegExp, value: string) {
  const select = input(label) as HTMLSelectElement;
  await act(async () => {
    // fireEvent.change sends an input event here; a select listens for change.
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function submit(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('the deposit and net content on the product form', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('sends a simple product with its deposit and net content, showing the unit price the shop will show', async () => {
    const fetchMock = server();
    renderAdminAt('/admin/products');
    await screen.findByLabelText(/^Name/);
    await type(/^Name/, 'Cola 0,33 l');
    await type(/^Preis \(€\)/, '2,50');
    await type('Pfand (€)', '0,25');
    await type('Füllmenge', '0,33');
    expect(input('Einheit')).toHaveValue('l');
    expect(screen.getByText('Grundpreis im Shop: 7,58 €/l')).toBeInTheDocument();

    await submit('Anlegen');
    await vi.waitFor(() => expect(sent(fetchMock, 'POST', '/products/')).toHaveLength(1));
    expect(sent(fetchMock, 'POST', '/products/')[0]).toMatchObject({
      name: 'Cola 0,33 l',
      type: 'simple',
      price: 2.5,
      deposit: 0.25,
      net_content: { amount: 0.33, unit: 'l' },
      variants: [],
    });
  });

  it('sends none for empty fields, and a unit price per kilogram', async () => {
    const fetchMock = server();
    renderAdminAt('/admin/products');
    await screen.findByLabelText(/^Name/);
    await type(/^Name/, 'Pesto');
    await type(/^Preis \(€\)/, '4,50');
    await type('Füllmenge', '0,19');
    await choose('Einheit', 'kg');
    expect(screen.getByText('Grundpreis im Shop: 23,68 €/kg')).toBeInTheDocument();
    await submit('Anlegen');
    await vi.waitFor(() => expect(sent(fetchMock, 'POST', '/products/')).toHaveLength(1));
    expect(sent(fetchMock, 'POST', '/products/')[0]).toMatchObject({ deposit: null, net_content: { amount: 0.19, unit: 'kg' } });
  });

  it("puts a variable product's deposit and net content on each variant, none on the product", async () => {
    const fetchMock = server();
    renderAdminAt('/admin/products?id=33');
    await screen.findByRole('heading', { name: 'Produkt „Mineralwasser“ bearbeiten' });
    expect(screen.queryByLabelText('Pfand (€)')).not.toBeInTheDocument();
    expect(input('Variante 2: Pfand (€)')).toHaveValue('0,15');
    expect(input('Variante 2: Füllmenge')).toHaveValue('0,75');
    expect(input('Variante 2: Einheit')).toHaveValue('l');
    expect(screen.getByText('Grundpreis im Shop: 4,27 €/l')).toBeInTheDocument();
    expect(input('Variante 1: Pfand (€)')).toHaveValue('');

    await type('Variante 1: Pfand (€)', '0,08');
    await type('Variante 1: Füllmenge', '0,25');
    expect(screen.getByText('Grundpreis im Shop: 7,60 €/l')).toBeInTheDocument();
    await submit('Änderungen speichern');
    await vi.waitFor(() => expect(sent(fetchMock, 'PUT', '/products/33')).toHaveLength(1));
    const body = sent(fetchMock, 'PUT', '/products/33')[0];
    expect(body).toMatchObject({ type: 'variable', deposit: null, net_content: null });
    expect((body as { variants: unknown[] }).variants).toEqual([
      { id: 330, name: '0,25 l', name_en: null, price: 1.9, deposit: 0.08, net_content: { amount: 0.25, unit: 'l' } },
      { id: 331, name: '0,75 l', name_en: null, price: 3.2, deposit: 0.15, net_content: { amount: 0.75, unit: 'l' } },
    ]);
  });

  it('says what is wrong with a deposit or content out of range or badly typed, and sends nothing', async () => {
    const fetchMock = server();
    renderAdminAt('/admin/products?id=33');
    await screen.findByRole('heading', { name: 'Produkt „Mineralwasser“ bearbeiten' });
    await type('Variante 1: Pfand (€)', '0');
    await type('Variante 1: Füllmenge', '0,3333');
    await type('Variante 2: Pfand (€)', '12');
    await type('Variante 2: Füllmenge', '0');
    await submit('Änderungen speichern');
    expect(input('Variante 1: Pfand (€)')).toHaveAccessibleDescription(
      'Das Pfand muss zwischen 0,01 und 10,00 € liegen (leer lassen, wenn keines anfällt).',
    );
    expect(input('Variante 1: Füllmenge')).toHaveAccessibleDescription(
      'Füllmenge wie 0,33 oder 1,5 eingeben (höchstens drei Nachkommastellen).',
    );
    expect(input('Variante 2: Pfand (€)')).toHaveAccessibleDescription(
      'Das Pfand muss zwischen 0,01 und 10,00 € liegen (leer lassen, wenn keines anfällt).',
    );
    expect(input('Variante 2: Füllmenge')).toHaveAccessibleDescription('Die Füllmenge muss größer als 0 und höchstens 1000 sein.');
    expect(sent(fetchMock, 'PUT', '/products/33')).toEqual([]);

    // Typing again clears the field's message.
    await type('Variante 2: Pfand (€)', '0,15');
    expect(input('Variante 2: Pfand (€)')).not.toHaveAccessibleDescription();
  });

  it('shows a refusal of the server next to the deposit field', async () => {
    stubFetch({
      'GET /admin/catalog': () => ({ body: CATALOG }),
      'POST /products/': () => ({
        status: 400,
        body: { detail: 'deposit: must be between 0,00 € and 10,00 €', code: 'invalid_field', field: 'deposit' },
      }),
    });
    renderAdminAt('/admin/products');
    await screen.findByLabelText(/^Name/);
    await type(/^Name/, 'Cola');
    await type(/^Preis \(€\)/, '2,50');
    await type('Pfand (€)', '0,25');
    await submit('Anlegen');
    await vi.waitFor(() => expect(input('Pfand (€)')).toHaveAttribute('aria-invalid', 'true'));
  });

  it('sends the daily stock as a number, or none when empty, and refuses 0', async () => {
    const fetchMock = server();
    renderAdminAt('/admin/products');
    await screen.findByLabelText(/^Name/);
    await type(/^Name/, 'Tiramisu');
    await type(/^Preis \(€\)/, '5,50');
    expect(input('Tagesbestand')).toHaveValue('');
    await type('Tagesbestand', '0');
    await submit('Anlegen');
    expect(input('Tagesbestand')).toHaveAccessibleDescription(
      expect.stringContaining('Diese Zahl liegt außerhalb des erlaubten Bereichs.'),
    );
    expect(sent(fetchMock, 'POST', '/products/')).toEqual([]);

    await type('Tagesbestand', '12');
    await submit('Anlegen');
    await vi.waitFor(() => expect(sent(fetchMock, 'POST', '/products/')).toHaveLength(1));
    expect(sent(fetchMock, 'POST', '/products/')[0]).toMatchObject({ name: 'Tiramisu', daily_stock: 12 });
  });

  it('sends no daily stock for an empty field', async () => {
    const fetchMock = server();
    renderAdminAt('/admin/products');
    await screen.findByLabelText(/^Name/);
    await type(/^Name/, 'Panna Cotta');
    await type(/^Preis \(€\)/, '4,90');
    await submit('Anlegen');
    await vi.waitFor(() => expect(sent(fetchMock, 'POST', '/products/')).toHaveLength(1));
    expect(sent(fetchMock, 'POST', '/products/')[0]).toMatchObject({ daily_stock: null });
  });
});
