import { describe, expect, it } from 'vitest';
import { looksExecutable, XSS_PAYLOADS } from '../../../tests/fixtures/xss-payloads.ts';
import { purifyHtml } from './purify.ts';

describe('purifyHtml (render-time cleaning)', () => {
  it.each(XSS_PAYLOADS)('makes %s inert', (payload) => {
    expect(looksExecutable(purifyHtml(payload))).toBe(false);
  });

  it('keeps allowed formatting and safe links', () => {
    const out = purifyHtml('<h2>Title</h2><p>Hi <strong>there</strong> <a href="https://example.com">site</a> <a href="/pricing">pricing</a></p>');
    expect(out).toContain('<h2>Title</h2><p>Hi <strong>there</strong> <a href="https://example.com">site</a>');
    expect(out).toContain('<a href="/pricing">pricing</a>');
  });
});
