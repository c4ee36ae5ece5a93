export { FormMessage, TextField, type TextFieldProps } from './text-field';
