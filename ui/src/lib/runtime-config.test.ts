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
    ).toEqual({ basePath: '/shop', storeId: 7, brand: 'Bella Napoli', defaultLanguage: 'en', country: 'AT' });
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
