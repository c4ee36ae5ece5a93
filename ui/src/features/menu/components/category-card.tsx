import { useTranslation } from 'react-i18next';
import type { Category } from '../../../lib/api';
import { categoryDescription, categoryName } from '../lib/localized-category';

export function CategoryCard({ category }: { category: Category }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const name = categoryName(category, language);
  const description = categoryDescription(category, language);
  const headingId = `category-${category.id}-title`;

  return (
    <article className="category-card" aria-labelledby={headingId}>
      <div className="category-card__badge" aria-hidden="true">
        {name.charAt(0)}
      </div>
      <div className="category-card__body">
        <h3 id={headingId} className="category-card__title">
          {name}
        </h3>
        {description && <p className="category-card__description">{description}</p>}
      </div>
    </article>
  );
}
