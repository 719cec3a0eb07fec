import { readFileSync } from 'node:fs';
import type { Plugin } from 'esbuild';

/**
 * fontkit (the copy pdf-lib embeds fonts with) carries a Brotli decoder for WOFF2 fonts, and
 * when its module loads it decodes Brotli's static dictionary (about 120 KB, from base64, by the
 * decoder written in JavaScript): about 50 ms of every PDF function's cold start, for a
 * dictionary read only while a WOFF2 font is decoded. Our documents embed TrueType fonts only
 * (functions/documents/fonts.ts), so it is never read.
 *
 * This rewrite decodes the dictionary the first time the decoder needs a word from it, instead
 * of at load: WOFF2 fonts still work, and pay for it then (docs/decisions/0171).
 */
export const FONTKIT_MODULE = /[\\/]@pdf-lib[\\/]fontkit[\\/]dist[\\/]fontkit\.es\.js$/;

/** The statements rewritten: the decode at load, and the one read of the decoded dictionary. */
const EAGER_INIT = 'dictionary.init(BrotliDecompressBuffer);';
const DICTIONARY_READ = 'dictionary.dictionary[word + i]';
const LAZY_READ = '(dictionary.dictionary || (dictionary.init(BrotliDecompressBuffer), dictionary.dictionary))[word + i]';

function replaceOnce(source: string, from: string, to: string): string {
  const at = source.indexOf(from);
  if (at < 0 || source.indexOf(from, at + from.length) >= 0) {
    // A new fontkit: the rewrite no longer fits, so the build stops rather than guess.
    throw new Error(`fontkit's source changed: expected "${from}" exactly once (infra/fontkit-brotli.ts)`);
  }
  return source.slice(0, at) + to + source.slice(at + from.length);
}

/** fontkit's ES module source with the Brotli dictionary decoded on first use. */
export function lazyBrotliDictionary(source: string): string {
  return replaceOnce(replaceOnce(source, EAGER_INIT, ''), DICTIONARY_READ, LAZY_READ);
}

/** The esbuild plugin applying lazyBrotliDictionary to fontkit's module. */
export function fontkitLazyBrotli(): Plugin {
  return {
    name: 'fontkit-lazy-brotli-dictionary',
    setup(b) {
      b.onLoad({ filter: FONTKIT_MODULE }, (args) => ({ contents: lazyBrotliDictionary(readFileSync(args.path, 'utf8')), loader: 'js' }));
    },
  };
}
