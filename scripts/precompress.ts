import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { BROTLI_SUFFIX, HASHED_ASSETS_DIR, PRECOMPRESSED_PATH } from '../site/precompressed.ts';

const compress = promisify(brotliCompress);

/**
 * Writes the Brotli copy (`<file>.br`, highest quality) of every script and stylesheet in the
 * built site's hashed folder `assetsDir`, the copies the servers answer a browser that accepts
 * Brotli with (site/precompressed.ts). Returns the files compressed with their sizes.
 */
export async function precompressAssets(assetsDir: string): Promise<{ file: string; bytes: number; brotli: number }[]> {
  const files = readdirSync(assetsDir).filter((name) => PRECOMPRESSED_PATH.test(`/${HASHED_ASSETS_DIR}/${name}`));
  return Promise.all(
    files.map(async (file) => {
      const source = readFileSync(join(assetsDir, file));
      const body = await compress(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      });
      writeFileSync(join(assetsDir, `${file}${BROTLI_SUFFIX}`), body);
      return { file, bytes: source.length, brotli: body.length };
    }),
  );
}
