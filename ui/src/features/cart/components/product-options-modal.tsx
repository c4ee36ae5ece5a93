import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgeNotice } from '../../../components/age-notice';
import { AllergenCodes } from '../../../components/allergen-codes';
import { Modal } from '../../../components/modal';
import { hasPriceLabels, PriceLabels } from '../../../components/price-labels';
import { formatPrice } from '../../../lib/format-price';
import { localized } from '../../../lib/localized';
import type { Product, ToppingGroup } from '../../../lib/menu-api';
import { fromCents, toCents } from '../../../lib/money';
import { Picture } from '../../../lib/picture';
import {
  groupCount,
  quantityOf,
  selectionProblems,
  selectionUnitCents,
  withToppingQuantity,
} from '../../../lib/product-choice';
import type { ProductSelection } from '../../../lib/product-selection';
import { isSoldOut, problemKey, soldOutProblems, type ChoiceProblem } from '../../../lib/sold-out-choices';

export interface ProductOptionsModalProps {
  open: boolean;
  product: Product;
  /** 'add' puts a new item into the cart; 'edit' changes a cart line. */
  mode: 'add' | 'edit';
  initialSelection: ProductSelection;
  onConfirm: (selection: ProductSelection) => void;
  onClose: () => void;
}

/** The variant/extras modal, also used to edit a cart line (prefilled). */
export function ProductOptionsModal({
  open,
  product,
  mode,
  initialSelection,
  onConfirm,
  onClose,
}: ProductOptionsModalProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const [selection, setSelection] = useState<ProductSelection>(initialSelection);
  const problemsId = useId();
  const name = localized(product.name, product.name_en, language);
  const description = localized(product.description ?? '', product.description_en, language);
  const problems: ChoiceProblem[] = [...selectionProblems(product, selection), ...soldOutProblems(product, selection)];
  const groups = product.enriched_topping_groups.filter((group) => group.toppings.length > 0);

  const groupName = (group: ToppingGroup) => localized(group.name, group.name_en, language);
  const problemText = (problem: ChoiceProblem) => {
    if (problem.kind === 'variant') return t('options.choose_variant');
    if (problem.kind === 'sold_out') {
      return t('options.sold_out_named', { name: localized(problem.item.name, problem.item.name_en, language) });
    }
    if (problem.kind === 'min') return t('options.choose_at_least', { count: problem.min, group: groupName(problem.group) });
    return t('options.choose_at_most', { count: problem.max, group: groupName(problem.group) });
  };

  const groupHint = (group: ToppingGroup) => {
    const { min_selections: min, max_selections: max } = group;
    if (min === max) return t('options.hint_exactly', { count: min });
    if (min > 0) return t('options.hint_range', { min, max });
    return t('options.hint_up_to', { count: max });
  };

  const setTopping = (group: ToppingGroup, toppingId: number, quantity: number) =>
    setSelection((current) => withToppingQuantity(current, group, toppingId, quantity));

  const footer = (
    <div className="options-footer">
      {problems.length > 0 && (
        <ul id={problemsId} className="options-footer__problems" aria-live="polite">
          {problems.map((problem) => (
            <li key={problemKey(problem)}>
              {problemText(problem)}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button options-footer__submit"
        disabled={problems.length > 0}
        aria-describedby={problems.length > 0 ? problemsId : undefined}
        onClick={() => onConfirm(selection)}
      >
        <span>{mode === 'add' ? t('options.add') : t('options.save')}</span>
        <span className="options-footer__price">{formatPrice(fromCents(selectionUnitCents(product, selection)))}</span>
      </button>
    </div>
  );

  return (
    <Modal open={open} onClose={onClose} title={mode === 'add' ? name : t('options.edit_title', { name })} footer={footer} className="options-modal">
      {product.image && (
        <Picture
          className="options-modal__image"
          image={product.image}
          src={product.image_url ?? ''}
          sizes="(max-width: 576px) 100vw, 480px"
          eager
        />
      )}
      {description && <p className="options-modal__description">{description}</p>}
      <AllergenCodes allergens={product.allergens} />
      <AgeNotice age={product.age_restriction} />
      {/* A variable product's labels are its variants', beside their prices below. */}
      {product.type !== 'variable' && hasPriceLabels(product) && (
        <p className="options-modal__price" data-testid="options-price">
          <span className="options-modal__price-value">{formatPrice(product.price)}</span>{' '}
          <PriceLabels labels={product} />
        </p>
      )}

      {product.type === 'variable' && product.variants.length > 0 && (
        <fieldset className="options-group">
          <legend className="options-group__legend">
            <span className="options-group__title">{t('options.variant')}</span>
            <span className="options-group__badge options-group__badge--required">{t('options.required')}</span>
          </legend>
          <div className="options-list">
            {product.variants.map((variant) => {
              const soldOut = isSoldOut(variant);
              return (
                <label
                  key={variant.id}
                  className={`option-row${soldOut ? ' option-row--sold-out' : ''}`}
                  data-sold-out={soldOut || undefined}
                >
                  <input
                    type="radio"
                    name={`variant-${product.id}`}
                    checked={selection.variantId === variant.id}
                    disabled={soldOut}
                    onChange={() => setSelection((current) => ({ ...current, variantId: variant.id }))}
                  />
                  <span className="option-row__name">
                    {localized(variant.name, variant.name_en, language)}
                    {soldOut && <SoldOutLabel />}
                  </span>
                  <span className="option-row__price option-row__price--labelled">
                    <span>{formatPrice(variant.price)}</span>
                    <PriceLabels labels={variant} />
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}

      {groups.map((group) => {
        const count = groupCount(selection, group.id);
        const full = count >= group.max_selections;
        // "Exactly one" is a choice among alternatives: radio buttons, like the variants.
        const exactlyOne = group.min_selections === 1 && group.max_selections === 1;
        return (
          <fieldset key={group.id} className="options-group">
            <legend className="options-group__legend">
              <span className="options-group__title">{groupName(group)}</span>
              <span
                className={`options-group__badge${group.min_selections > 0 ? ' options-group__badge--required' : ''}`}
              >
                {group.min_selections > 0 ? t('options.required') : t('options.optional')}
              </span>
            </legend>
            <p className="options-group__hint">
              {groupHint(group)}{' '}
              <span className="options-group__count">
                {t('options.chosen', { count, max: group.max_selections })}
              </span>
            </p>
            <div className="options-list">
              {group.toppings.map((topping) => {
                const quantity = quantityOf(selection, group.id, topping.id);
                const toppingName = localized(topping.name, topping.name_en, language);
                // Sold out: it cannot be picked, only taken out of a line that has it.
                const soldOut = isSoldOut(topping);
                const blocked = quantity === 0 && (soldOut || (full && group.max_selections !== 1));
                const rowClass = `option-row${blocked ? ' option-row--blocked' : ''}${soldOut ? ' option-row--sold-out' : ''}`;
                return (
                  <div key={topping.id} className={rowClass} data-sold-out={soldOut || undefined}>
                    <label className="option-row__pick">
                      {exactlyOne ? (
                        <input
                          type="radio"
                          name={`group-${product.id}-${group.id}`}
                          checked={quantity > 0}
                          disabled={soldOut && quantity === 0}
                          onChange={() => setTopping(group, topping.id, 1)}
                        />
                      ) : (
                        <input
                          type="checkbox"
                          checked={quantity > 0}
                          disabled={blocked}
                          onChange={(event) => setTopping(group, topping.id, event.currentTarget.checked ? 1 : 0)}
                        />
                      )}
                      <span className="option-row__name">
                        {toppingName}
                        {soldOut && <SoldOutLabel />}
                      </span>
                    </label>
                    {quantity > 0 && group.max_selections > 1 && (
                      <span className="stepper stepper--small">
                        <button
                          type="button"
                          className="stepper__button"
                          aria-label={t('options.less', { name: toppingName })}
                          onClick={() => setTopping(group, topping.id, quantity - 1)}
                        >
                          −
                        </button>
                        <span className="stepper__value" aria-label={t('options.quantity_of', { name: toppingName })}>
                          {quantity}
                        </span>
                        <button
                          type="button"
                          className="stepper__button"
                          aria-label={t('options.more', { name: toppingName })}
                          disabled={full || soldOut}
                          onClick={() => setTopping(group, topping.id, quantity + 1)}
                        >
                          +
                        </button>
                      </span>
                    )}
                    {/* A free option shows no price rather than "+0,00 €". */}
                    {toCents(topping.price) > 0 && (
                      <span className="option-row__price">+{formatPrice(topping.price)}</span>
                    )}
                  </div>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </Modal>
  );
}

/** "ausverkauft" beside a variant's or topping's name. */
function SoldOutLabel() {
  const { t } = useTranslation();
  return (
    <>
      {' '}
      <span className="option-row__sold-out">{t('options.sold_out')}</span>
    </>
  );
}
