import { AdminPage } from '../components/admin-page';
import { ResourcePage } from '../components/resource-page';
import {
  allergySpec,
  groupItemSpec,
  itemAllergySpec,
  productGroupSpec,
  taxSpec,
  toppingGroupSpec,
  toppingSpec,
} from '../lib/resources';
import { useAdminTranslation } from '../lib/use-admin-translation';

export function TaxPage() {
  const { t } = useAdminTranslation();
  return (
    <AdminPage title="Taxes" heading={t('pages.tax.heading')} intro={t('pages.tax.intro')}>
      <ResourcePage spec={taxSpec} idPrefix="tax" newTitle="pages.tax.new" editTitle="pages.tax.edit" listTitle="pages.tax.list" />
    </AdminPage>
  );
}

export function ToppingsPage() {
  const { t } = useAdminTranslation();
  return (
    <AdminPage title="Toppings" heading={t('pages.toppings.heading')} intro={t('pages.toppings.intro')}>
      <ResourcePage
        spec={toppingSpec}
        idPrefix="topping"
        newTitle="pages.toppings.new"
        editTitle="pages.toppings.edit"
        listTitle="pages.toppings.list"
      />
    </AdminPage>
  );
}

export function ToppingGroupsPage() {
  const { t } = useAdminTranslation();
  return (
    <AdminPage title="Topping Groups" heading={t('pages.topping_groups.heading')} intro={t('pages.topping_groups.intro')}>
      <ResourcePage
        spec={toppingGroupSpec}
        idPrefix="topping-group"
        newTitle="pages.topping_groups.new"
        editTitle="pages.topping_groups.edit"
        listTitle="pages.topping_groups.list"
      />
    </AdminPage>
  );
}

export function GroupItemPage() {
  const { t } = useAdminTranslation();
  return (
    <AdminPage title="Group Items" heading={t('pages.group_item.heading')} intro={t('pages.group_item.intro')}>
      <ResourcePage
        spec={groupItemSpec}
        idPrefix="group-item"
        newTitle="pages.group_item.new"
        editTitle="pages.group_item.edit"
        listTitle="pages.group_item.list"
      />
    </AdminPage>
  );
}

export function ProductGroupsPage() {
  const { t } = useAdminTranslation();
  return (
    <AdminPage title="Product Groups" heading={t('pages.product_groups.heading')} intro={t('pages.product_groups.intro')}>
      <ResourcePage
        spec={productGroupSpec}
        idPrefix="product-group"
        newTitle="pages.product_groups.new"
        editTitle="pages.product_groups.edit"
        listTitle="pages.product_groups.list"
      />
    </AdminPage>
  );
}

export function AllergyPage() {
  const { t } = useAdminTranslation();
  return (
    <AdminPage title="Allergies" heading={t('pages.allergy.heading')} intro={t('pages.allergy.intro')}>
      <ResourcePage
        spec={allergySpec}
        idPrefix="allergy"
        newTitle="pages.allergy.new"
        editTitle="pages.allergy.edit"
        listTitle="pages.allergy.list"
      />
    </AdminPage>
  );
}

export function ItemAllergyPage() {
  const { t } = useAdminTranslation();
  return (
    <AdminPage title="Item Allergies" heading={t('pages.item_allergy.heading')} intro={t('pages.item_allergy.intro')}>
      <ResourcePage
        spec={itemAllergySpec}
        idPrefix="item-allergy"
        newTitle="pages.item_allergy.new"
        editTitle="pages.item_allergy.edit"
        listTitle="pages.item_allergy.list"
      />
    </AdminPage>
  );
}
