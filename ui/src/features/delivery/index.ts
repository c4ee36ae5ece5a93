// The postcode modal is not exported: the selector loads it when it first opens.
export { OrderTypeSwitch } from './components/order-type-switch';
export { PostcodeSelector } from './components/postcode-selector';
