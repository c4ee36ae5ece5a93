export { TermsDetails } from './components/terms-details';
