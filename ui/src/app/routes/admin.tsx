import { AdminRoutes } from '../../admin';

/** The admin area; loaded as its own chunk so customers never download it. */
export { AdminRoutes as Component };
// The admin area is shown once its texts have arrived, so none shows as its key.
export { adminTextsLoaded as ready } from '../../admin/i18n';
