import { deflateSync, inflateSync } from 'node:zlib';

/**
 * pako's deflate/inflate (zlib format, RFC 1950), as pdf-lib and fontkit call them, done by
 * Node's built-in zlib. The Lambda bundles alias `pako` here (infra/lambda-bundle.ts): the same
 * output format without 45 KB of JavaScript inflate/deflate per bundle, and fontkit's tables are
 * inflated natively at load (docs/decisions/0171: about 30 ms less cold start of a PDF function).
 */
const view = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

export function deflate(data: Uint8Array | ArrayBuffer): Uint8Array {
  return view(deflateSync(data));
}

export function inflate(data: Uint8Array | ArrayBuffer): Uint8Array {
  if (data.byteLength === 0) throw new Error('Nothing to inflate');
  return view(inflateSync(data));
}

export default { deflate, inflate };
