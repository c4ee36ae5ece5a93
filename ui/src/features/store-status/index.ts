export { StoreStatusBadge } from './components/store-status-badge';
