import { useTranslation } from 'react-i18next';
import { AgeNotice } from '../../../components/age-notice';
import { AllergenCodes } from '../../../components/allergen-codes';
import { PriceLabels } from '../../../components/price-labels';
import { formatPrice } from '../../../lib/format-price';
import { localized } from '../../../lib/localized';
import type { PriceLabels as Labels, Product } from '../../../lib/menu-api';
import { Picture } from '../../../lib/picture';

/** "7,50 €", or "ab 7,90 €" when the price depends on the chosen variant. */
export function usePriceLabel(product: Product): string {
  const { t } = useTranslation();
  const price = formatPrice(product.price);
  return product.type === 'variable' && product.variants.length > 1 ? t('menu.price_from', { price }) : price;
}

/**
 * The unit price and deposit that go with the card's price: the product's own, or for
 * a variable product those of the variant whose price the card shows (the lowest).
 */
export function cardPriceLabels(product: Product): Labels {
  if (product.type !== 'variable') return product;
  const shown = product.variants.reduce<Product['variants'][number] | null>(
    (lowest, variant) => (lowest === null || variant.price < lowest.price ? variant : lowest),
    null,
  );
  return shown ?? {};
}

/**
 * The card's photo fills a square (112 CSS pixels, 88 on phones) by its shorter side:
 * a landscape photo is drawn wider than the square.
 */
export function cardSizes(width: number, height: number): string {
  const wide = Math.max(1, width / height);
  return `(max-width: 576px) ${Math.ceil(88 * wide)}px, ${Math.ceil(112 * wide)}px`;
}

export function ProductCard({
  product,
  onAdd,
  eager,
}: {
  product: Product;
  onAdd: (product: Product) => void;
  /** Near the top of the menu: its photo is fetched at once, not when scrolled to. */
  eager?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const name = localized(product.name, product.name_en, language);
  const description = localized(product.description ?? '', product.description_en, language);
  const price = usePriceLabel(product);
  const soldOut = !product.available;
  const headingId = `product-${product.id}-name`;

  return (
    <article
      className={`product-card${soldOut ? ' product-card--sold-out' : ''}`}
      aria-labelledby={headingId}
      data-product-id={product.id}
    >
      <div className="product-card__body">
        <div className="product-card__title-row">
          <h4 id={headingId} className="product-card__name">
            {name}
          </h4>
          {soldOut && <span className="product-card__badge">{t('menu.sold_out')}</span>}
        </div>
        {description && <p className="product-card__description">{description}</p>}
        <AllergenCodes allergens={product.allergens} />
        <AgeNotice age={product.age_restriction} />
        <div className="product-card__footer">
          <div className="product-card__price-block">
            <span className="product-card__price">{price}</span>
            <PriceLabels labels={cardPriceLabels(product)} />
          </div>
          <button
            type="button"
            className="product-card__add"
            disabled={soldOut}
            onClick={() => onAdd(product)}
            aria-label={
              soldOut ? t('menu.sold_out_item', { name }) : t('menu.add_item', { name })
            }
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
      </div>
      {product.image && (
        <Picture
          className="product-card__image"
          image={product.image}
          src={product.image_url ?? ''}
          sizes={cardSizes(product.image.width, product.image.height)}
          eager={eager}
        />
      )}
    </article>
  );
}
