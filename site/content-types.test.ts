import { describe, expect, it } from 'vitest';
import { CONTENT_TYPES, contentTypeOf, isCompressible, type SiteFileExtension } from './content-types.ts';
import { PRECOMPRESSED_EXTENSIONS } from './precompressed.ts';

describe('contentTypeOf', () => {
  it("answers a known extension with the table's type, text with its charset", () => {
    expect(contentTypeOf('.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('.svg')).toBe('image/svg+xml');
  });

  it('answers any other extension as a download, names of the prototype included', () => {
    for (const ext of ['.exe', '', '.JS', 'constructor', '__proto__', 'toString']) expect(contentTypeOf(ext)).toBe('application/octet-stream');
  });

  it('has a type for every kind of file stored compressed', () => {
    for (const ext of PRECOMPRESSED_EXTENSIONS) expect(CONTENT_TYPES[ext]).toMatch(/; charset=utf-8$/);
  });
});

describe('isCompressible', () => {
  it('compresses text, JSON, XML and SVG on the fly, and nothing already compressed or unknown', () => {
    const compressed = (Object.keys(CONTENT_TYPES) as SiteFileExtension[]).filter(isCompressible);
    expect(compressed.sort()).toEqual(['.css', '.html', '.js', '.json', '.svg', '.txt', '.xml']);
    for (const ext of ['.exe', '', '.br', 'constructor']) expect(isCompressible(ext)).toBe(false);
  });

  it('compresses every kind that also has a copy compressed ahead of time (a browser without Brotli gets gzip)', () => {
    for (const ext of PRECOMPRESSED_EXTENSIONS) expect(isCompressible(ext)).toBe(true);
  });
});
