import type { RouteObject } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { lazyRoute } from './lazy-page';
import { HomeRoute } from './routes/home';

/**
 * Route table. The home page is eager (it is the landing page); every other
 * page is a lazy chunk, the admin area included.
 */
export const routes: RouteObject[] = [
  // The admin area has its own layout and is a separate chunk.
  lazyRoute('admin/*', () => import('./routes/admin')),
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      lazyRoute('privacypolicy', () => import('./routes/privacy-policy')),
      lazyRoute('terms', () => import('./routes/terms')),
      lazyRoute('login/:nextpage?', () => import('./routes/login')),
      lazyRoute('register', () => import('./routes/register')),
      lazyRoute('guest-login', () => import('./routes/guest-login')),
      lazyRoute('forgot-password', () => import('./routes/forgot-password')),
      lazyRoute('reset-password', () => import('./routes/reset-password')),
      lazyRoute('support', () => import('./routes/support')),
      lazyRoute('update-address', () => import('./routes/update-address')),
      lazyRoute('checkout', () => import('./routes/checkout')),
      lazyRoute('orders/:token', () => import('./routes/order-status')),
      lazyRoute('my-orders', () => import('./routes/my-orders')),
      lazyRoute('account', () => import('./routes/account')),
      // Also a table's QR link, /tisch/:id/:key (dine-in): no route of its own in the
      // first visit's code.
      lazyRoute('*', () => import('./routes/not-found')),
    ],
  },
];
