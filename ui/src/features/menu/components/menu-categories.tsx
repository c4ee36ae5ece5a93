import { useTranslation } from 'react-i18next';
import { ErrorMessage, LoadingMessage } from '../../../components/status-message';
import { getCategories } from '../../../lib/api';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useAsync } from '../../../lib/use-async';
import { CategoryCard } from './category-card';
import './menu.css';

export function MenuCategories() {
  const { t } = useTranslation();
  const { storeId } = getRuntimeConfig();
  const categories = useAsync(() => getCategories(storeId), `categories-${storeId}`);

  return (
    <section className="menu-section" aria-labelledby="menu-heading" aria-busy={categories.status === 'loading'}>
      <h2 id="menu-heading" className="section-title">
        {t('menu.heading')}
      </h2>
      {categories.status === 'loading' && <LoadingMessage text={t('menu.loading')} />}
      {categories.status === 'error' && (
        <ErrorMessage text={t('menu.error')} onRetry={categories.reload} />
      )}
      {categories.status === 'success' &&
        (categories.data.length === 0 ? (
          <p className="status">{t('menu.empty')}</p>
        ) : (
          <div className="category-grid">
            {categories.data.map((category) => (
              <CategoryCard key={category.id} category={category} />
            ))}
          </div>
        ))}
    </section>
  );
}
