import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136 and later): a file whose first line is this comment has
 * every function compiled at once, on a background thread while the file streams in, instead of
 * each function on the main thread at its first call (docs/decisions/0452). Other engines read a
 * comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The chunks (frontend/vite.config.ts `codeSplitting.groups`) whose functions every page runs
 * while it loads: the entry, and the app (React, React DOM, the router, the site's frame). Screens
 * and libraries a page uses in part keep the engine's lazy compilation.
 */
export const EAGER_CHUNKS: ReadonlySet<string> = new Set(['index', 'app']);

/**
 * Puts the hint on the first line of the eager chunks, once the bundle is otherwise complete: the
 * engine reads it only before the file's first statement, and Vite puts its preload helper's list
 * first in `generateBundle`. A source map of the chunk moves down one line with it.
 */
export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !EAGER_CHUNKS.has(chunk.name)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}
