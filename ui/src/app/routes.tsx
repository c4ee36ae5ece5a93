import type { RouteObject } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { HomeRoute } from './routes/home';

/**
 * Route table. The home page is eager (it is the landing page); every other
 * page is a lazy chunk, which is how the admin area will be added.
 */
export const routes: RouteObject[] = [
  // The admin area has its own layout and is a separate chunk.
  {
    path: 'admin/*',
    lazy: () => import('./routes/admin'),
    hydrateFallbackElement: <div className="app-shell" aria-busy="true" />,
  },
  {
    element: <AppLayout />,
    // Shown for the moment a lazy page loads on first visit.
    hydrateFallbackElement: <div className="app-shell" aria-busy="true" />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'privacypolicy', lazy: () => import('./routes/privacy-policy') },
      { path: 'login/:nextpage?', lazy: () => import('./routes/login') },
      { path: 'register', lazy: () => import('./routes/register') },
      { path: 'guest-login', lazy: () => import('./routes/guest-login') },
      { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
      { path: 'reset-password', lazy: () => import('./routes/reset-password') },
      { path: 'support', lazy: () => import('./routes/support') },
      { path: 'update-address', lazy: () => import('./routes/update-address') },
      { path: 'checkout', lazy: () => import('./routes/checkout') },
      { path: 'orders/:token', lazy: () => import('./routes/order-status') },
      { path: 'my-orders', lazy: () => import('./routes/my-orders') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];
