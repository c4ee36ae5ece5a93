export { ToastProvider, useToast, type ToastOptions, type ToastTone } from './toast';
