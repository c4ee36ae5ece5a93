import { fireEvent, screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { renderAdminAt, signInAdmin, stubFetch } from '../test-support';
import { EMPTY_CATALOG, type Catalog, type Product } from '../types';

const FOCACCIA: Product = {
  id: 12,
  category_id: 1,
  name: 'Focaccia',
  name_en: null,
  description: null,
  description_en: null,
  price: 4.5,
  tax_id: 1,
  type: 'simple',
  variants: [],
  image_url: null,
  sort_order: 0,
  available: true,
  no_allergens: false,
};

const CATALOG: Catalog = {
  ...EMPTY_CATALOG,
  taxes: [{ id: 1, name: 'Speisen 7 %', percentage: 7 }],
  categories: [{ id: 1, name: 'Vorspeisen', name_en: null, description: null, description_en: null, sort_order: 0, visible: true }],
  products: [FOCACCIA],
  toppings: [
    { id: 1, name: 'Rucola', name_en: null, price: 1, no_allergens: false },
    { id: 2, name: 'Extra Käse', name_en: null, price: 1.2, no_allergens: false },
  ],
  allergies: [{ id: 7, code: 'G', name: 'Milch', name_en: 'Milk' }],
  item_allergies: [{ id: 1, item_type: 'topping', item_id: 2, allergy_id: 7 }],
};

const warning = () => screen.queryByTestId('allergens-hidden-warning');

describe('the warning that an unlabelled item is not in the shop', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
    stubFetch({ 'GET /admin/catalog': () => ({ body: CATALOG }) });
  });

  it('shows on the product form until a code is chosen or "contains none" is ticked', async () => {
    renderAdminAt('/admin/products?id=12');
    await screen.findByRole('heading', { name: 'Edit product “Focaccia”' });
    expect(warning()).toHaveTextContent('Without allergen labels (or “Contains none …”) this product is not shown in the shop.');

    const none = screen.getByLabelText('Contains none of the allergens and additives that must be labelled');
    fireEvent.click(none);
    expect(warning()).toBeNull();
    fireEvent.click(none);
    expect(warning()).not.toBeNull();

    fireEvent.click(screen.getByLabelText('G – Milch'));
    expect(warning()).toBeNull();
  });

  it('shows on a new product before anything is labelled', async () => {
    renderAdminAt('/admin/products');
    await screen.findByLabelText(/^Name/);
    expect(warning()).not.toBeNull();
  });

  it('shows on the topping form unless the topping has codes or "contains none" is ticked', async () => {
    renderAdminAt('/admin/toppings?id=1');
    expect(await screen.findByRole('heading', { name: 'Edit topping' })).toBeInTheDocument();
    expect(warning()).toHaveTextContent('Without allergen labels (or “Contains none …”) this topping is not offered in the shop.');
    fireEvent.click(screen.getByLabelText('Contains no labelled allergens or additives'));
    expect(warning()).toBeNull();
  });

  it('does not show for a topping whose codes are assigned', async () => {
    renderAdminAt('/admin/toppings?id=2');
    expect(await screen.findByRole('heading', { name: 'Edit topping' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Extra Käse');
    expect(warning()).toBeNull();
  });
});
