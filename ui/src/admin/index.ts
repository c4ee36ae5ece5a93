export { AdminRoutes } from './admin-routes';
