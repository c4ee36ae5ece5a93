export { ClosedBanner, type ClosedState } from './components/closed-banner';
export { StoreStatusBadge } from './components/store-status-badge';
