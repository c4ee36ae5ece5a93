import { afterEach, describe, expect, it } from 'vitest';
import { readCspNonce } from './csp-nonce';

describe('the page nonce', () => {
  afterEach(() => {
    document.head.querySelectorAll('meta[name="csp-nonce"]').forEach((meta) => meta.remove());
  });

  function page(content: string) {
    const meta = document.createElement('meta');
    meta.setAttribute('name', 'csp-nonce');
    meta.setAttribute('content', content);
    document.head.append(meta);
  }

  it('is what the server wrote into the meta element', () => {
    page('q2R1xXk0Zb3b3Vf8l8n0Ag==');
    expect(readCspNonce()).toBe('q2R1xXk0Zb3b3Vf8l8n0Ag==');
  });

  it('is undefined for the unfilled placeholder or a page without the element', () => {
    expect(readCspNonce()).toBeUndefined();
    page('');
    expect(readCspNonce()).toBeUndefined();
  });
});
