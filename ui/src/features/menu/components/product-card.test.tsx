import { render, screen, within } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import type { Product } from '../../../lib/menu-api';
import { demoProducts } from '../../../test/fetch-mock';
import { ProductCard } from './product-card';

const products = demoProducts as unknown as Product[];
const pizza = products.find((product) => product.id === 9)!;
const salad = products.find((product) => product.id === 20)!;

/** A bottled drink as the menu sends it: 2,50 € for 0,33 l with 0,25 € deposit. */
const cola: Product = {
  ...products.find((product) => product.id === 30)!,
  deposit: 0.25,
  net_content: { amount: 0.33, unit: 'l' },
  unit_price: 7.58,
};

/** Sizes with their own deposit and content; the card's "ab" price is the smaller bottle's. */
const water: Product = {
  ...cola,
  id: 33,
  name: 'Mineralwasser',
  type: 'variable',
  price: 1.9,
  deposit: null,
  net_content: null,
  unit_price: null,
  variants: [
    { id: 331, name: '0,75 l', name_en: null, price: 3.2, deposit: 0.15, net_content: { amount: 0.75, unit: 'l' }, unit_price: 4.27 },
    { id: 330, name: '0,25 l', name_en: null, price: 1.9, deposit: 0.08, net_content: { amount: 0.25, unit: 'l' }, unit_price: 7.6 },
  ],
};

/** Renders a card (beside those of the test so far) and answers it. */
function renderCard(product: Product) {
  render(
    <I18nextProvider i18n={i18n}>
      <ProductCard product={product} onAdd={vi.fn()} />
    </I18nextProvider>,
  );
  return screen.getAllByRole('article').at(-1)!;
}

describe('the price labels of a product card', () => {
  it('shows the unit price and the deposit beside the price in German', () => {
    const card = renderCard(cola);
    expect(card.querySelector('.product-card__price')).toHaveTextContent(/^2,50 €$/);
    expect(within(card).getByTestId('unit-price')).toHaveTextContent(/^\(7,58 €\/l\)$/);
    expect(within(card).getByTestId('deposit')).toHaveTextContent(/^zzgl\. 0,25 € Pfand$/);
    expect(card.querySelector('.product-card__price-block')).toHaveTextContent('2,50 €(7,58 €/l) zzgl. 0,25 € Pfand');
  });

  it('words them in English with the same euro amounts', async () => {
    await i18n.changeLanguage('en');
    const card = renderCard(cola);
    expect(within(card).getByTestId('unit-price')).toHaveTextContent(/^\(7,58 €\/l\)$/);
    expect(within(card).getByTestId('deposit')).toHaveTextContent(/^plus 0,25 € deposit$/);
  });

  it('shows only what there is: a deposit without content, a unit price per kilogram without deposit', () => {
    const card = renderCard({ ...cola, net_content: null, unit_price: null });
    expect(within(card).getByTestId('deposit')).toHaveTextContent('zzgl. 0,25 € Pfand');
    expect(within(card).queryByTestId('unit-price')).not.toBeInTheDocument();
    const pesto = renderCard({ ...salad, id: 21, price: 4.5, deposit: null, net_content: { amount: 0.19, unit: 'kg' }, unit_price: 23.68 });
    expect(within(pesto).getByTestId('unit-price')).toHaveTextContent(/^\(23,68 €\/kg\)$/);
    expect(within(pesto).queryByTestId('deposit')).not.toBeInTheDocument();
  });

  it('shows for a variable product the labels of the variant whose price it shows (the lowest)', () => {
    const card = renderCard(water);
    expect(card.querySelector('.product-card__price')).toHaveTextContent('ab 1,90 €');
    expect(within(card).getByTestId('unit-price')).toHaveTextContent('(7,60 €/l)');
    expect(within(card).getByTestId('deposit')).toHaveTextContent('zzgl. 0,08 € Pfand');
  });

  it('shows no labels for food, nor for products from a menu without these fields', () => {
    const card = renderCard(pizza);
    expect(within(card).queryByTestId('price-labels')).not.toBeInTheDocument();
    const older = JSON.parse(JSON.stringify({ ...cola, deposit: undefined, net_content: undefined, unit_price: undefined })) as Product;
    const olderCard = renderCard(older);
    expect(within(olderCard).queryByTestId('price-labels')).not.toBeInTheDocument();
  });
});

describe('the photo of a product card', () => {
  const photographed: Product = {
    ...pizza,
    id: 90,
    image_url: '/images/a1b2-640x480/640.jpg',
    image: { url: '/images/a1b2-640x480', width: 640, height: 480, widths: [128, 256, 384, 640] },
  };

  function renderPhoto(product: Product, eager?: boolean) {
    render(
      <I18nextProvider i18n={i18n}>
        <ProductCard product={product} onAdd={vi.fn()} eager={eager} />
      </I18nextProvider>,
    );
    return screen.getAllByRole('article').at(-1)!;
  }

  it('offers every WebP and JPEG rendition with sizes for the square it fills and its own shape', () => {
    const card = renderPhoto(photographed);
    const source = card.querySelector('picture > source')!;
    expect(source.getAttribute('type')).toBe('image/webp');
    expect(source.getAttribute('srcset')).toBe(
      '/images/a1b2-640x480/128.webp 128w,/images/a1b2-640x480/256.webp 256w,/images/a1b2-640x480/384.webp 384w,/images/a1b2-640x480/640.webp 640w',
    );
    // A 4:3 photo covers the 112-pixel square (88 on phones) with a width of 150 (118).
    expect(source.getAttribute('sizes')).toBe('(max-width: 576px) 118px, 150px');
    const img = card.querySelector('picture > img')!;
    expect(img.getAttribute('src')).toBe('/images/a1b2-640x480/640.jpg');
    expect(img.getAttribute('srcset')).toContain('/images/a1b2-640x480/128.jpg 128w');
    expect(img.getAttribute('sizes')).toBe(source.getAttribute('sizes'));
    expect(img.getAttribute('width')).toBe('640');
    expect(img.getAttribute('height')).toBe('480');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('is fetched at once near the top of the menu, and a portrait photo is asked for at the square', () => {
    const card = renderPhoto(
      { ...photographed, id: 91, image: { ...photographed.image!, width: 480, height: 640 } },
      true,
    );
    const img = card.querySelector('picture > img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('sizes')).toBe('(max-width: 576px) 88px, 112px');
  });

  it('has no picture without renditions', () => {
    const card = renderPhoto({ ...photographed, id: 92, image: null, image_url: null });
    expect(card.querySelector('picture, img')).toBeNull();
  });
});
