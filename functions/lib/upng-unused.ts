/**
 * Stand-in for @pdf-lib/upng in the Lambda bundles: pdf-lib only decodes PNGs for
 * `embedPng`, which no document of ours calls, so the 24 KB decoder is left out. Calling it
 * fails loudly instead of producing a broken PDF.
 */
function unused(): never {
  throw new Error('PNG embedding is not bundled in the Lambda functions (see infra/lambda-bundle.ts)');
}

export default { decode: unused, toRGBA8: unused };
