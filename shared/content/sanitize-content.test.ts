import { describe, expect, it } from 'vitest';
import { looksExecutable, XSS_PAYLOADS } from '../../tests/fixtures/xss-payloads.ts';
import { sanitizeContent } from './sanitize-content.ts';

describe('sanitizeContent', () => {
  it.each(XSS_PAYLOADS)('makes %s inert', (payload) => {
    const out = sanitizeContent(payload, 'html');
    expect(looksExecutable(out)).toBe(false);
  });

  it('keeps the allowed formatting and safe links', () => {
    const out = sanitizeContent('<h2>Title</h2><p>Hello <strong>creators</strong> <a href="https://example.com">site</a></p>', 'html');
    expect(out).toBe('<h2>Title</h2><p>Hello <strong>creators</strong> <a href="https://example.com" rel="noopener noreferrer">site</a></p>');
  });

  it('leaves text items untouched (they are rendered as text)', () => {
    expect(sanitizeContent('Form your LLC <today>', 'text')).toBe('Form your LLC <today>');
  });
});
