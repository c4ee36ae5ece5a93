export { ImpressumDetails } from './components/impressum-details';
