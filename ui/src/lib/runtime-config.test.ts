import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, parseRuntimeConfig, readRuntimeConfig } from './runtime-config';

describe('runtime config', () => {
  it('falls back to the defaults for the unfilled placeholder', () => {
    expect(parseRuntimeConfig('{}')).toEqual({
      basePath: '/order-online',
      storeId: 14,
      brand: 'Heimservice',
      defaultLanguage: 'de',
      country: 'DE',
      paypalClientId: '',
      paypalSdkUrl: 'https://www.paypal.com/sdk/js',
      currency: 'EUR',
    });
  });

  it('falls back to the defaults for invalid JSON or a missing tag', () => {
    expect(parseRuntimeConfig('{"brand":')).toEqual(DEFAULT_CONFIG);
    expect(parseRuntimeConfig(null)).toEqual(DEFAULT_CONFIG);
    expect(parseRuntimeConfig('[1,2]')).toEqual(DEFAULT_CONFIG);
  });

  it('reads the values the server fills in', () => {
    expect(
      parseRuntimeConfig(
        '{"basePath":"/shop/","storeId":7,"brand":"Bella Napoli","defaultLanguage":"en","country":"at"}',
      ),
    ).toEqual({ ...DEFAULT_CONFIG, basePath: '/shop', storeId: 7, brand: 'Bella Napoli', defaultLanguage: 'en', country: 'AT' });
  });

  it('reads the PayPal client id, SDK URL and currency', () => {
    expect(
      parseRuntimeConfig(
        '{"paypalClientId":" AbC123 ","paypalSdkUrl":"http://127.0.0.1:9000/sdk/js","currency":"eur"}',
      ),
    ).toEqual({
      ...DEFAULT_CONFIG,
      paypalClientId: 'AbC123',
      paypalSdkUrl: 'http://127.0.0.1:9000/sdk/js',
      currency: 'EUR',
    });
  });

  it('keeps online payment off and the PayPal defaults for empty or wrongly typed values', () => {
    const config = parseRuntimeConfig('{"paypalClientId":"","paypalSdkUrl":7,"currency":" "}');
    expect(config.paypalClientId).toBe('');
    expect(config.paypalSdkUrl).toBe('https://www.paypal.com/sdk/js');
    expect(config.currency).toBe('EUR');
    expect(parseRuntimeConfig('{"paypalClientId":42}').paypalClientId).toBe('');
  });

  it('ignores fields of the wrong type', () => {
    expect(parseRuntimeConfig('{"storeId":"14","defaultLanguage":"fr","brand":"","country":7}')).toEqual(DEFAULT_CONFIG);
  });

  it('reads the HTML-escaped meta tag content', () => {
    const doc = document.implementation.createHTMLDocument('t');
    doc.head.innerHTML =
      '<meta name="heimservice-config" content="{&quot;brand&quot;:&quot;Bella Napoli&quot;,&quot;storeId&quot;:14}">';
    expect(readRuntimeConfig(doc).brand).toBe('Bella Napoli');
  });
});
