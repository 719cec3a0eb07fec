import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints.ts';

type Bundle = Record<string, Partial<Rolldown.OutputChunk> | Partial<Rolldown.OutputAsset>>;

/** Runs the plugin's `generateBundle` over a bundle as the bundler would hand it over. */
function generate(bundle: Bundle): Bundle {
  const hook = compileHints().generateBundle as { handler: (options: unknown, bundle: Bundle) => void };
  hook.handler({}, bundle);
  return bundle;
}

const chunk = (name: string, code: string, mappings?: string) => ({
  type: 'chunk' as const,
  name,
  fileName: `assets/${name}-abc.js`,
  code,
  map: mappings === undefined ? null : ({ mappings } as Rolldown.SourceMap),
});

describe('compileHints', () => {
  it("puts the hint on the first line of the entry and the app, before Vite's preload list", () => {
    const bundle = generate({
      'assets/index-abc.js': chunk('index', 'const __vite__mapDeps=1;\nimport"./app-abc.js";'),
      'assets/app-abc.js': chunk('app', 'const __vite__mapDeps=2;\nexport const a=1;'),
    });
    expect((bundle['assets/index-abc.js'] as Rolldown.OutputChunk).code).toBe(`${COMPILE_HINT}\nconst __vite__mapDeps=1;\nimport"./app-abc.js";`);
    expect((bundle['assets/app-abc.js'] as Rolldown.OutputChunk).code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
  });

  it('leaves screens and libraries a page uses in part to the engine', () => {
    const bundle = generate({
      'assets/order-abc.js': chunk('order', 'export const o=1;'),
      'assets/query-abc.js': chunk('query', 'export const q=1;'),
      'assets/index-abc.css': { type: 'asset', fileName: 'assets/index-abc.css', source: 'body{}' },
    });
    expect((bundle['assets/order-abc.js'] as Rolldown.OutputChunk).code).toBe('export const o=1;');
    expect((bundle['assets/query-abc.js'] as Rolldown.OutputChunk).code).toBe('export const q=1;');
    expect((bundle['assets/index-abc.css'] as Rolldown.OutputAsset).source).toBe('body{}');
  });

  it("moves a source map's lines down one with the code, in the chunk and in its written file", () => {
    const bundle = generate({
      'assets/app-abc.js': chunk('app', 'export const a=1;', 'AAAA'),
      'assets/app-abc.js.map': {
        type: 'asset',
        fileName: 'assets/app-abc.js.map',
        source: JSON.stringify({ version: 3, mappings: 'AAAA', sources: ['a.ts'] }),
      },
    });
    expect((bundle['assets/app-abc.js'] as Rolldown.OutputChunk).map?.mappings).toBe(';AAAA');
    expect(JSON.parse((bundle['assets/app-abc.js.map'] as Rolldown.OutputAsset).source as string)).toEqual({
      version: 3,
      mappings: ';AAAA',
      sources: ['a.ts'],
    });
  });
});
