import { useTranslation } from 'react-i18next';
import { AgeNotice } from '../../../components/age-notice';
import { AllergenCodes } from '../../../components/allergen-codes';
import { PriceLabels } from '../../../components/price-labels';
import { formatPrice } from '../../../lib/format-price';
import { localized } from '../../../lib/localized';
import type { PriceLabels as Labels, Product } from '../../../lib/menu-api';

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

export function ProductCard({ product, onAdd }: { product: Product; onAdd: (product: Product) => void }) {
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
      {product.image_url && (
        <img className="product-card__image" src={product.image_url} alt="" loading="lazy" width="112" height="112" />
      )}
    </article>
  );
}
