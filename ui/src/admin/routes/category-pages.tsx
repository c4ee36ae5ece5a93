import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AdminPage } from '../components/admin-page';
import { Card } from '../components/fields';
import { ResourceForm } from '../components/resource-form';
import { ResourceList } from '../components/resource-list';
import { useCatalog } from '../lib/catalog-context';
import { categorySpec, productSpec } from '../lib/resources';
import { useAdminTranslation } from '../lib/use-admin-translation';

/** The record named by ?id=N, undefined for a new one, null when N is unknown. */
export function useEditedRecord<R extends { id: number }>(list: readonly R[] | undefined): R | null | undefined {
  const [params] = useSearchParams();
  const raw = params.get('id');
  if (raw === null || raw === '') return undefined;
  return list?.find((record) => String(record.id) === raw) ?? null;
}

/** /admin/category: create a category, or edit the one named by ?id=N. */
export function CategoryFormPage() {
  const { t } = useAdminTranslation();
  const { catalog } = useCatalog();
  const navigate = useNavigate();
  const record = useEditedRecord(catalog?.categories);
  return (
    <AdminPage
      title="Categories"
      heading={record ? t('pages.category.edit_heading', { name: record.name }) : t('pages.category.heading')}
      actions={
        <Link to="/admin/category-list" className="button button--ghost">
          {t('pages.category_list.heading')}
        </Link>
      }
    >
      {record === null ? (
        <p className="admin-message admin-message--error" role="alert">
          {t('common.not_found')}
        </p>
      ) : (
        <Card>
          <ResourceForm
            key={record?.id ?? 'new'}
            spec={categorySpec}
            record={record ?? null}
            idPrefix="category"
            onCancel={record ? () => navigate('/admin/category-list') : undefined}
          />
        </Card>
      )}
    </AdminPage>
  );
}

export function CategoryListPage() {
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  return (
    <AdminPage
      title="Category List"
      heading={t('pages.category_list.heading')}
      actions={
        <Link to="/admin/category" className="button">
          {t('pages.category_list.new')}
        </Link>
      }
    >
      <Card>
        <ResourceList
          spec={categorySpec}
          idPrefix="category-list"
          onEdit={(category) => navigate(`/admin/category?id=${category.id}`)}
        />
      </Card>
    </AdminPage>
  );
}

export function ProductListPage() {
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  return (
    <AdminPage
      title="Product List"
      heading={t('pages.products_list.heading')}
      actions={
        <Link to="/admin/products" className="button">
          {t('pages.products_list.new')}
        </Link>
      }
    >
      <Card>
        <ResourceList
          spec={productSpec}
          idPrefix="product-list"
          onEdit={(product) => navigate(`/admin/products?id=${product.id}`)}
        />
      </Card>
    </AdminPage>
  );
}
