export { SupportForm } from './components/support-form';
