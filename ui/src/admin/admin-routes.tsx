import { Navigate, Route, Routes } from 'react-router-dom';
import './i18n';
import './admin.css';
import './orders.css';
import { AdminLayout } from './components/admin-layout';
import { RequireAdmin } from './components/require-admin';
import { RequireOwner } from './components/require-owner';
import { AccountsPage } from './routes/accounts-page';
import { BannersPage } from './routes/banners-page';
import { CategoriesOverviewPage } from './routes/categories-overview';
import { CategoryFormPage, CategoryListPage, ProductListPage } from './routes/category-pages';
import { ClosingDetailPage, ClosingsPage } from './routes/closings-page';
import { CouponsPage } from './routes/coupons-page';
import { CustomerPage } from './routes/customer-page';
import { CustomersPage } from './routes/customers-page';
import { DashboardPage } from './routes/dashboard';
import { DiscountsPage } from './routes/discounts-page';
import { FiscalPage } from './routes/fiscal-page';
import { AdminLoginPage } from './routes/login';
import { OrderDetailPage } from './routes/order-detail-page';
import { OrdersHistoryPage } from './routes/orders-history-page';
import { OutboxPage } from './routes/outbox-page';
import { PaymentsPage } from './routes/payments-page';
import { PostcodesPage } from './routes/postcodes-page';
import { PrintersPage } from './routes/printers-page';
import { ProductPage } from './routes/product-page';
import { RevenuePage } from './routes/revenue-page';
import { SoldOutPage } from './routes/sold-out-page';
import {
  AllergyPage,
  GroupItemPage,
  ItemAllergyPage,
  ProductGroupsPage,
  TaxPage,
  ToppingGroupsPage,
  ToppingsPage,
} from './routes/simple-pages';
import { StoreSettingsPage } from './routes/store-settings-page';
import { SupportPage } from './routes/support-page';
import { TablesPage } from './routes/tables-page';
import { TablesPrintPage } from './routes/tables-print-page';

/** Everything under /admin. Mounted on the "admin/*" route as one lazy chunk. */
export function AdminRoutes() {
  return (
    <div className="admin-root">
      <Routes>
        <Route index element={<AdminLoginPage />} />
        <Route
          element={
            <RequireAdmin>
              <AdminLayout />
            </RequireAdmin>
          }
        >
          <Route path="home" element={<DashboardPage />} />
          <Route path="orders/:id" element={<OrderDetailPage />} />
          <Route path="orders-history" element={<OrdersHistoryPage />} />
          <Route path="customers" element={<CustomersPage />} />
          <Route path="customers/:id" element={<CustomerPage />} />
          <Route path="sold-out" element={<SoldOutPage />} />
          <Route path="printers" element={<PrintersPage />} />
          <Route element={<RequireOwner />}>
            <Route path="payments" element={<PaymentsPage />} />
            <Route path="revenue" element={<RevenuePage />} />
            <Route path="closings" element={<ClosingsPage />} />
            <Route path="closings/:number" element={<ClosingDetailPage />} />
            <Route path="category" element={<CategoryFormPage />} />
            <Route path="category-list" element={<CategoryListPage />} />
            <Route path="products" element={<ProductPage />} />
            <Route path="products-list" element={<ProductListPage />} />
            <Route path="tax" element={<TaxPage />} />
            <Route path="store-setting" element={<StoreSettingsPage />} />
            <Route path="fiscal" element={<FiscalPage />} />
            <Route path="disscount" element={<DiscountsPage />} />
            <Route path="coupons" element={<CouponsPage />} />
            <Route path="tables" element={<TablesPage />} />
            <Route path="tables/print" element={<TablesPrintPage />} />
            <Route path="postcodes" element={<PostcodesPage />} />
            <Route path="toppings" element={<ToppingsPage />} />
            <Route path="topping-groups" element={<ToppingGroupsPage />} />
            <Route path="group-item" element={<GroupItemPage />} />
            <Route path="product-groups" element={<ProductGroupsPage />} />
            <Route path="allergy" element={<AllergyPage />} />
            <Route path="item-allergy" element={<ItemAllergyPage />} />
            <Route path="categories-page" element={<CategoriesOverviewPage />} />
            <Route path="banners" element={<BannersPage />} />
            <Route path="support" element={<SupportPage />} />
            <Route path="outbox" element={<OutboxPage />} />
            <Route path="accounts" element={<AccountsPage />} />
          </Route>
          <Route path="*" element={<Navigate to="/admin/home" replace />} />
        </Route>
      </Routes>
    </div>
  );
}
