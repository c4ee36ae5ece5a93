import { useEffect, useState, type ReactNode } from 'react';
import {
  getDailyStocks,
  setProductAvailable,
  setToppingAvailable,
  setVariantAvailable,
  type DailyStocks,
  type SoldOutUntil,
} from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { useCatalog } from '../lib/catalog-context';
import { errorsFromApi } from '../lib/errors';
import { bySortOrder } from '../lib/names';
import { filterItems } from '../lib/search';
import { formatBackOnSale } from '../lib/sold-out';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { storeTimezone, useAdminStore } from '../lib/use-store-timezone';
import { EMPTY_CATALOG, type Product, type Topping, type Variant } from '../types';

/** How often the page reads the daily stocks again while it is open. */
const STOCKS_EVERY_MS = 20_000;

/**
 * /admin/sold-out: every product by category with its sold-out switch, each size of a
 * product with sizes, and the toppings, for the owner and staff. A switch sends only
 * the availability (PUT …/availability), until switched back or until tomorrow as
 * chosen above the list, and shows the record as the server answers it; a refusal is
 * said at the item, whose switch stays as it was. A product with a daily stock shows
 * what is left of it today (GET /admin/daily-stocks, read again every 20 seconds).
 */
export function SoldOutPage() {
  const { t, i18n } = useAdminTranslation();
  const { catalog, replaceProduct, replaceTopping } = useCatalog();
  const data = catalog ?? EMPTY_CATALOG;
  const timezone = storeTimezone(useAdminStore());
  const [query, setQuery] = useState('');
  const [until, setUntil] = useState<SoldOutUntil>('switched_back');
  const [pending, setPending] = useState<readonly string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const stocks = useDailyStocks();

  /** Sends one switch; `key` names the item for its busy state and its error. */
  const change = async (key: string, name: string, send: () => Promise<void>) => {
    setPending((keys) => [...keys, key]);
    setErrors((current) => {
      const next = { ...current };
      delete next[key];
      return next;
    });
    try {
      await send();
    } catch (failure) {
      const reason = errorsFromApi(failure, [], t).general ?? t('errors.generic');
      setErrors((current) => ({ ...current, [key]: t('sold_out.failed', { name, reason }) }));
    } finally {
      setPending((keys) => keys.filter((item) => item !== key));
    }
  };

  const row = (key: string) => ({ busy: pending.includes(key), error: errors[key] });
  const backAt = (at: string | null | undefined) =>
    at ? t('sold_out.back_at', { time: formatBackOnSale(at, i18n.resolvedLanguage ?? 'de', timezone) }) : null;

  const categories = [...data.categories].sort(bySortOrder);
  const shown = filterItems(data.products, query, (product) => `${product.name} ${product.name_en ?? ''}`);
  const toppings = filterItems(data.toppings, query, (topping) => `${topping.name} ${topping.name_en ?? ''}`).sort(
    (a, b) => a.name.localeCompare(b.name, 'de'),
  );
  const soldOut = data.products.filter((product) => !product.available).length;
  const nothing = data.products.length === 0 && data.toppings.length === 0;

  return (
    <AdminPage title="Sold Out" heading={t('sold_out.heading')} intro={t('sold_out.intro')}>
      <div className="admin-list__toolbar">
        <label htmlFor="sold-out-search" className="visually-hidden">
          {t('list.search')}
        </label>
        <input
          id="sold-out-search"
          type="search"
          className="admin-input admin-list__search"
          placeholder={t('list.search_placeholder')}
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
        <span className="admin-list__count" data-testid="sold-out-count">
          {t('sold_out.count', { soldOut, total: data.products.length })}
        </span>
      </div>
      <fieldset className="admin-sold-out__until" data-testid="sold-out-until-choice">
        <legend className="admin-field__label">{t('sold_out.until_label')}</legend>
        {(['switched_back', 'tomorrow'] as const).map((choice) => (
          <label key={choice} className="admin-sold-out__until-option">
            <input
              type="radio"
              name="sold-out-until"
              value={choice}
              checked={until === choice}
              onChange={() => setUntil(choice)}
            />
            <span>{t(`sold_out.until_${choice}`)}</span>
          </label>
        ))}
      </fieldset>
      {nothing && <p className="admin-list__empty">{t('sold_out.empty')}</p>}
      {!nothing && shown.length === 0 && toppings.length === 0 && (
        <p className="admin-list__empty">{t('list.no_match')}</p>
      )}
      <div className="admin-sold-out" data-testid="sold-out-page">
        {categories.map((category) => {
          const products = shown.filter((product) => product.category_id === category.id).sort(bySortOrder);
          if (products.length === 0) return null;
          return (
            <section
              key={category.id}
              className="admin-card admin-sold-out__category"
              aria-labelledby={`sold-out-category-${category.id}`}
              data-testid="sold-out-category"
              data-category-id={category.id}
            >
              <h2 id={`sold-out-category-${category.id}`} className="admin-card__title">
                {category.name}
              </h2>
              <ul className="admin-sold-out__products">
                {products.map((product) => (
                  <SoldOutRow
                    key={product.id}
                    testId="sold-out-product"
                    ids={{ 'data-product-id': product.id }}
                    name={product.name}
                    soldOut={!product.available}
                    backAt={backAt(product.sold_out_until)}
                    {...row(`p-${product.id}`)}
                    onToggle={() =>
                      void change(`p-${product.id}`, product.name, async () => {
                        replaceProduct(await setProductAvailable(product.id, !product.available, until));
                      })
                    }
                    info={<StockNote product={product} stocks={stocks} />}
                  >
                    {product.type === 'variable' && product.variants.length > 0 && (
                      <ul className="admin-sold-out__variants" aria-label={t('sold_out.sizes_of', { name: product.name })}>
                        {product.variants.map((variant) => (
                          <VariantRow
                            key={variant.id}
                            product={product}
                            variant={variant}
                            backAt={backAt(variant.sold_out_until)}
                            state={row(`v-${variant.id ?? 0}`)}
                            onToggle={(variantId, name) =>
                              void change(`v-${variantId}`, name, async () => {
                                const available = variant.available === false;
                                replaceProduct(await setVariantAvailable(product.id, variantId, available, until));
                              })
                            }
                          />
                        ))}
                      </ul>
                    )}
                  </SoldOutRow>
                ))}
              </ul>
            </section>
          );
        })}
        {toppings.length > 0 && (
          <section
            className="admin-card admin-sold-out__category"
            aria-labelledby="sold-out-toppings"
            data-testid="sold-out-toppings"
          >
            <h2 id="sold-out-toppings" className="admin-card__title">
              {t('sold_out.toppings')}
            </h2>
            <ul className="admin-sold-out__products">
              {toppings.map((topping: Topping) => (
                <SoldOutRow
                  key={topping.id}
                  testId="sold-out-topping"
                  ids={{ 'data-topping-id': topping.id }}
                  name={topping.name}
                  soldOut={topping.available === false}
                  backAt={backAt(topping.sold_out_until)}
                  {...row(`t-${topping.id}`)}
                  onToggle={() =>
                    void change(`t-${topping.id}`, topping.name, async () => {
                      replaceTopping(await setToppingAvailable(topping.id, topping.available === false, until));
                    })
                  }
                />
              ))}
            </ul>
          </section>
        )}
      </div>
    </AdminPage>
  );
}

/** The daily stocks, read at once and every 20 seconds; null until the first answer. */
function useDailyStocks(): DailyStocks | null {
  const [stocks, setStocks] = useState<DailyStocks | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      getDailyStocks().then(
        (answer) => {
          if (live) setStocks(answer);
        },
        // The page works without: the stocks show again with the next answer.
        () => undefined,
      );
    void read();
    const timer = window.setInterval(() => void read(), STOCKS_EVERY_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, []);
  return stocks;
}

/** "Daily stock: 3 of 5 left", or that it is used up today. */
function StockNote({ product, stocks }: { product: Product; stocks: DailyStocks | null }) {
  const { t } = useAdminTranslation();
  const stock = stocks?.products.find((entry) => entry.product_id === product.id);
  if (!stock) return null;
  const empty = stock.left === 0;
  return (
    <span
      className={`admin-sold-out__stock${empty ? ' is-empty' : ''}`}
      data-testid="sold-out-stock"
      data-left={stock.left}
    >
      {empty
        ? t('sold_out.stock_empty', { total: stock.daily_stock })
        : t('sold_out.stock', { left: stock.left, total: stock.daily_stock })}
    </span>
  );
}

function VariantRow({
  product,
  variant,
  backAt,
  state,
  onToggle,
}: {
  product: Product;
  variant: Variant;
  backAt: string | null;
  state: { busy: boolean; error: string | undefined };
  onToggle: (variantId: number, name: string) => void;
}) {
  if (variant.id === undefined) return null;
  const id = variant.id;
  const name = `${product.name} (${variant.name})`;
  return (
    <SoldOutRow
      testId="sold-out-variant"
      ids={{ 'data-variant-id': id }}
      name={variant.name}
      switchName={name}
      soldOut={variant.available === false}
      backAt={backAt}
      {...state}
      onToggle={() => onToggle(id, name)}
    />
  );
}

function SoldOutRow({
  testId,
  ids,
  name,
  switchName,
  soldOut,
  backAt,
  busy,
  error,
  onToggle,
  info,
  children,
}: {
  testId: string;
  /** data-* attributes naming the item for tests and styles. */
  ids: Record<string, number>;
  name: string;
  /** The name the switch is labelled with (a size names its product too). */
  switchName?: string;
  soldOut: boolean;
  /** "back on sale Tue 11:30" for a mark that ends by itself. */
  backAt: string | null;
  busy: boolean;
  error: string | undefined;
  onToggle: () => void;
  info?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useAdminTranslation();
  const key = Object.entries(ids)
    .map(([attribute, value]) => `${attribute}-${value}`)
    .join('-');
  const errorId = `sold-out-error-${key}`;
  return (
    <li
      className={`admin-sold-out__product${soldOut ? ' is-sold-out' : ''}`}
      data-testid={testId}
      data-sold-out={soldOut}
      {...ids}
    >
      <span className="admin-sold-out__what">
        <span className="admin-sold-out__name">{name}</span>
        {info}
        {soldOut && backAt && (
          <span className="admin-sold-out__back" data-testid="sold-out-until">
            {backAt}
          </span>
        )}
      </span>
      <button
        type="button"
        role="switch"
        className="admin-sold-out__switch"
        aria-checked={soldOut}
        aria-label={t('sold_out.switch_named', { name: switchName ?? name })}
        aria-describedby={error ? errorId : undefined}
        aria-busy={busy || undefined}
        data-testid="sold-out-switch"
        disabled={busy}
        onClick={onToggle}
      >
        <span className="admin-sold-out__track" aria-hidden="true">
          <span className="admin-sold-out__thumb" />
        </span>
        <span className="admin-sold-out__label">{t('sold_out.switch')}</span>
      </button>
      {error && (
        <p id={errorId} className="admin-field__error admin-sold-out__error" role="alert" data-testid="sold-out-error">
          {error}
        </p>
      )}
      {children}
    </li>
  );
}
