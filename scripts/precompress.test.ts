import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressAssets } from './precompress.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('precompressAssets', () => {
  it("writes a Brotli copy of each script and stylesheet, smaller and decoding to the file's bytes, and of nothing else", async () => {
    dir = mkdtempSync(join(tmpdir(), 'creator-llc-precompress-'));
    const script = `export const text = ${JSON.stringify('a creator forms an LLC '.repeat(200))};\n`;
    writeFileSync(join(dir, 'app-abc.js'), script);
    writeFileSync(join(dir, 'index-abc.css'), `.a{color:red}\n`.repeat(100));
    writeFileSync(join(dir, 'logo-abc.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const written = await precompressAssets(dir);
    expect(written.map((w) => w.file).sort()).toEqual(['app-abc.js', 'index-abc.css']);
    expect(readdirSync(dir).sort()).toEqual(['app-abc.js', 'app-abc.js.br', 'index-abc.css', 'index-abc.css.br', 'logo-abc.svg']);
    const copy = readFileSync(join(dir, 'app-abc.js.br'));
    expect(brotliDecompressSync(copy).toString()).toBe(script);
    expect(copy.length).toBeLessThan(script.length / 10);
  });
});
