import { describe, expect, it } from 'vitest';
import { BROTLI_ACCEPTED, brotliCopyOf } from './precompressed.ts';

describe('which browsers get the Brotli copy', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br', true],
    ['gzip;q=1.0, br;q=0.8', true],
    ['BR;Q=1', true],
    ['br;q=0.05', true],
    ['gzip, deflate', false],
    ['', false],
    ['br;q=0', false],
    ['br;q=0.0', false],
    ['gzip, br;q=0.000', false],
    ['*', false],
    ['brotli', false],
    ['xbr, gzip', false],
  ])('%j accepts Brotli: %s', (header, accepted) => {
    expect(BROTLI_ACCEPTED.test(header)).toBe(accepted);
  });

  it('has a copy only for the hashed scripts and stylesheets', () => {
    const chrome = 'gzip, deflate, br, zstd';
    expect(brotliCopyOf('/assets/app-D7lHf1Ij.js', chrome)).toBe('/assets/app-D7lHf1Ij.js.br');
    expect(brotliCopyOf('/assets/index-B5nTB9We.css', chrome)).toBe('/assets/index-B5nTB9We.css.br');
    expect(brotliCopyOf('/assets/app-D7lHf1Ij.js', 'gzip')).toBeUndefined();
    expect(brotliCopyOf('/assets/app-D7lHf1Ij.js', undefined)).toBeUndefined();
    for (const path of ['/favicon.svg', '/index.html', '/pricing', '/assets/logo.svg', '/assets/nested/app.js', '/app.js', '/assets/app.js.br'])
      expect(brotliCopyOf(path, chrome)).toBeUndefined();
  });
});
