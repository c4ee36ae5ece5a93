export { OrderTypeSwitch } from './components/order-type-switch';
export { PostcodeModal } from './components/postcode-modal';
export { PostcodeSelector } from './components/postcode-selector';
