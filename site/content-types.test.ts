import { describe, expect, it } from 'vitest';
import { CONTENT_TYPES, contentTypeOf } from './content-types.ts';
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
