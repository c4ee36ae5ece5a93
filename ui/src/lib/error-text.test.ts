import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import errorsDe from '../locales/errors.de.json';
import { ApiError } from './api-error';
import { codeText, errorText, fieldErrorText } from './error-text';
import i18n from './i18n';

const german = i18n.getFixedT('de');
const english = i18n.getFixedT('en');

const soldOut = new ApiError(409, 'Bruschetta is sold out.', 'sold_out', undefined, { product: 'Bruschetta' });
const belowMinimum = new ApiError(
  409,
  'The minimum order amount for 10405 is 20,00 €.',
  'below_minimum',
  undefined,
  { postcode: '10405', minimum: '20,00 €' },
);

describe('errorText', () => {
  it("says a code's sentence with the product it names, in German and in English", () => {
    expect(errorText(soldOut, german)).toBe('Bruschetta ist ausverkauft.');
    expect(errorText(soldOut, english)).toBe('Bruschetta is sold out.');
  });

  it('names the postcode and the minimum as the server formatted it', () => {
    expect(errorText(belowMinimum, german)).toBe('Der Mindestbestellwert für 10405 beträgt 20,00 €.');
    expect(errorText(belowMinimum, english)).toBe('The minimum order amount for 10405 is 20,00 €.');
  });

  it('names the group and the number of extras', () => {
    const tooFew = new ApiError(400, 'x', 'too_few_extras', undefined, { product: 'Salat', group: 'Dressing', min: '1' });
    expect(errorText(tooFew, german)).toBe('Bitte wählen Sie für Salat mindestens 1 aus „Dressing“.');
  });

  it('says a code without params in the UI language, never the English detail', () => {
    const closed = new ApiError(409, 'The store is closed.', 'store_closed');
    expect(errorText(closed, german)).toBe('Das Restaurant hat gerade geschlossen. Bitte wählen Sie eine Vorbestellzeit.');
    expect(errorText(closed, english)).toBe('The restaurant is closed right now. Please choose a pre-order time.');
  });

  it('names the field an invalid request is about, from params or else from field', () => {
    const named = new ApiError(400, 'x', 'invalid', 'shipping_address.zip', { field: 'shipping_address.zip' });
    const unnamed = new ApiError(400, 'x', 'invalid', 'phone');
    expect(errorText(named, german)).toBe('Bitte prüfen Sie das Feld „shipping_address.zip“.');
    expect(errorText(unnamed, english)).toBe('Please check the field “phone”.');
  });

  it("falls back for a code the UI does not know, never with the English detail in German", () => {
    const unknown = new ApiError(409, 'Something new happened.', 'brand_new_code');
    expect(errorText(unknown, german)).toBe('Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.');
    expect(errorText(unknown, german, 'Speichern fehlgeschlagen.')).toBe('Speichern fehlgeschlagen.');
  });

  it("says the server's own sentence for a code the UI does not know to an English reader", () => {
    const unknown = new ApiError(409, 'Something new happened.', 'brand_new_code');
    expect(errorText(unknown, english)).toBe('Something new happened.');
    expect(errorText(unknown, english, 'Could not save.')).toBe('Something new happened.');
    expect(errorText(new ApiError(502), english, 'Could not save.')).toBe('Could not save.');
  });

  it('keeps the English detail out while the English sentences have not arrived', async () => {
    const half = i18next.createInstance();
    await half.init({ lng: 'en', fallbackLng: 'de', resources: { de: { errors: errorsDe } } });
    const unknown = new ApiError(409, 'Something new happened.', 'brand_new_code');
    expect(errorText(unknown, half.t)).toBe('Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.');
  });

  it("says what failed rather than a server fault's general sentence", () => {
    const fault = new ApiError(500, 'Something went wrong on the server.', 'internal_error');
    expect(errorText(fault, german)).toBe('Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.');
    expect(errorText(fault, english, 'Your message could not be sent.')).toBe('Your message could not be sent.');
  });

  it('falls back when there is no code, or it is not a key', () => {
    expect(errorText(new ApiError(502, 'Bad gateway'), german)).toBe('Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.');
    expect(errorText(new ApiError(400, 'x', 'orders.errors'), german, 'Fallback')).toBe('Fallback');
    expect(errorText(new ApiError(400, 'x', 'errors:generic'), german, 'Fallback')).toBe('Fallback');
  });

  it('falls back for anything that is not an answer of the server', () => {
    expect(errorText(new TypeError('Failed to fetch'), german)).toBe('Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.');
    expect(errorText(undefined, english, 'Could not save.')).toBe('Could not save.');
  });

  it('falls back when the answer lacks a value its sentence names', () => {
    expect(errorText(new ApiError(409, 'Bruschetta is sold out.', 'sold_out'), german, 'Fallback')).toBe('Fallback');
  });

  it('shows a value as it is, even one that looks like a placeholder or a nested text', () => {
    const hostile = new ApiError(409, 'x', 'sold_out', undefined, { product: '{{minimum}} $t(errors:generic)' });
    expect(errorText(hostile, german)).toBe('{{minimum}} $t(errors:generic) ist ausverkauft.');
  });

  it('takes no option of the call from the params', () => {
    const sneaky = new ApiError(409, 'x', 'sold_out', undefined, { product: 'Pizza', lng: 'en', ns: 'translation' });
    expect(errorText(sneaky, german)).toBe('Pizza ist ausverkauft.');
  });
});

describe('fieldErrorText', () => {
  it("does not repeat an invalid field's name next to it", () => {
    const invalid = new ApiError(400, 'store_hours[2].open_time: must be HH:mm', 'invalid', 'store_hours[2].open_time');
    expect(fieldErrorText(invalid, german)).toBe('Bitte prüfen Sie diese Angabe.');
    expect(fieldErrorText(invalid, english, 'Use 8 to 128 characters.')).toBe('Use 8 to 128 characters.');
  });

  it("says any other code's sentence", () => {
    const taken = new ApiError(409, 'x', 'email_taken', 'email');
    expect(fieldErrorText(taken, german)).toBe('Es gibt bereits ein Konto mit dieser E-Mail-Adresse.');
  });
});

describe('codeText', () => {
  it('has the sentences the board and the status page say without a server error', () => {
    expect(codeText('order_not_answered', {}, german)).toBe('Das Restaurant hat nicht rechtzeitig geantwortet.');
    expect(codeText('printer_stalled', {}, english)).toBe('does not take data – out of paper or cover open?');
    expect(codeText('printer_unknown', {}, german)).toBeUndefined();
    expect(codeText(undefined, {}, german)).toBeUndefined();
  });
});
