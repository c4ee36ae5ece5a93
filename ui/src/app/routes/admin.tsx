import { AdminRoutes } from '../../features/admin';

/** The admin area; loaded as its own chunk so customers never download it. */
export { AdminRoutes as Component };
