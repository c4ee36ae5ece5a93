import { useId, useState } from 'react';
import { formatPrice } from '../../lib/format-price';
import { localized } from '../../lib/localized';
import type { Product, ToppingGroup } from '../../lib/menu-api';
import { fromCents } from '../../lib/money';
import { groupCount, quantityOf, selectionProblems, selectionUnitCents, withToppingQuantity } from '../../lib/product-choice';
import { emptySelection, needsOptions, type ProductSelection } from '../../lib/product-selection';
import { searchProducts } from '../lib/phone-order';
import { useAdminTranslation } from '../lib/use-admin-translation';

/**
 * The menu as a compact list with a search field. A simple product is added with one
 * tap; one with sizes or extras opens its choices in place, checked by the same rules
 * as the storefront's (required size, group minimum and maximum).
 */
export function PhoneOrderProducts({
  products,
  onAdd,
}: {
  products: readonly Product[];
  onAdd: (product: Product, selection: ProductSelection) => void;
}) {
  const { t, i18n } = useAdminTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const searchId = useId();
  const found = searchProducts(products, query);

  return (
    <div className="admin-phone-products">
      <label htmlFor={searchId} className="admin-field__label">
        {t('phone_order.search')}
      </label>
      <input
        id={searchId}
        type="search"
        className="admin-input"
        value={query}
        placeholder={t('phone_order.search_placeholder')}
        data-testid="phone-product-search"
        onInput={(event) => setQuery(event.currentTarget.value)}
      />
      <ul className="admin-phone-products__list" aria-label={t('phone_order.products')}>
        {found.length === 0 && <li className="admin-list__empty">{t('phone_order.no_products')}</li>}
        {found.map((product) => {
          const name = localized(product.name, product.name_en, language);
          return (
            <li key={product.id} className="admin-phone-products__item">
              <button
                type="button"
                className="admin-phone-products__pick"
                disabled={!product.available}
                aria-expanded={needsOptions(product) ? open === product.id : undefined}
                data-testid="phone-product"
                onClick={() => {
                  if (needsOptions(product)) setOpen(open === product.id ? null : product.id);
                  else onAdd(product, emptySelection());
                }}
              >
                <span>{name}</span>
                <span className="admin-num">
                  {product.available ? formatPrice(product.price) : t('phone_order.sold_out')}
                </span>
              </button>
              {open === product.id && (
                <ProductChoices
                  product={product}
                  language={language}
                  onAdd={(selection) => {
                    onAdd(product, selection);
                    setOpen(null);
                  }}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ProductChoices({
  product,
  language,
  onAdd,
}: {
  product: Product;
  language: string;
  onAdd: (selection: ProductSelection) => void;
}) {
  const { t } = useAdminTranslation();
  const [selection, setSelection] = useState<ProductSelection>(() => ({
    ...emptySelection(),
    variantId: product.variants.length === 1 ? (product.variants[0]?.id ?? null) : null,
  }));
  const problems = selectionProblems(product, selection);
  const groupName = (group: ToppingGroup) => localized(group.name, group.name_en, language);
  const groups = product.enriched_topping_groups.filter((group) => group.toppings.length > 0);
  const setTopping = (group: ToppingGroup, toppingId: number, quantity: number) =>
    setSelection((current) => withToppingQuantity(current, group, toppingId, quantity));

  return (
    <div className="admin-phone-choices" data-testid="phone-product-choices">
      {product.type === 'variable' && (
        <fieldset className="admin-phone-choices__group">
          <legend>{t('phone_order.variant')}</legend>
          {product.variants.map((variant) => (
            <label key={variant.id} className="admin-phone-choices__option">
              <input
                type="radio"
                name={`phone-variant-${product.id}`}
                checked={selection.variantId === variant.id}
                disabled={variant.available === false}
                onChange={() => setSelection((current) => ({ ...current, variantId: variant.id }))}
              />
              <span>{localized(variant.name, variant.name_en, language)}</span>
              <span className="admin-num">
                {variant.available === false ? t('phone_order.sold_out') : formatPrice(variant.price)}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {groups.map((group) => (
        <fieldset key={group.id} className="admin-phone-choices__group">
          <legend>
            {groupName(group)}{' '}
            <span className="admin-field__hint">
              {t('phone_order.group_hint', {
                min: group.min_selections,
                max: group.max_selections,
                count: groupCount(selection, group.id),
              })}
            </span>
          </legend>
          {group.toppings.map((topping) => {
            const quantity = quantityOf(selection, group.id, topping.id);
            const toppingName = localized(topping.name, topping.name_en, language);
            return (
              <div key={topping.id} className="admin-phone-choices__option">
                <label>
                  <input
                    type="checkbox"
                    checked={quantity > 0}
                    disabled={topping.available === false && quantity === 0}
                    onChange={(event) => setTopping(group, topping.id, event.currentTarget.checked ? 1 : 0)}
                  />
                  <span>{toppingName}</span>
                </label>
                {quantity > 0 && group.max_selections > 1 && (
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    aria-label={t('phone_order.more_of', { name: toppingName })}
                    onClick={() => setTopping(group, topping.id, quantity + 1)}
                  >
                    +1 ({quantity})
                  </button>
                )}
                <span className="admin-num">
                  {topping.available === false ? t('phone_order.sold_out') : `+${formatPrice(topping.price)}`}
                </span>
              </div>
            );
          })}
        </fieldset>
      ))}
      {problems.length > 0 && (
        <ul className="admin-phone-choices__problems" aria-live="polite">
          {problems.map((problem) => (
            <li key={problem.kind === 'variant' ? 'variant' : `${problem.kind}-${problem.group.id}`}>
              {problem.kind === 'variant'
                ? t('phone_order.choose_variant')
                : problem.kind === 'min'
                  ? t('phone_order.choose_at_least', { count: problem.min, group: groupName(problem.group) })
                  : t('phone_order.choose_at_most', { count: problem.max, group: groupName(problem.group) })}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button--small"
        data-testid="phone-product-add"
        disabled={problems.length > 0}
        onClick={() => onAdd(selection)}
      >
        {t('phone_order.add', { price: formatPrice(fromCents(selectionUnitCents(product, selection))) })}
      </button>
    </div>
  );
}
