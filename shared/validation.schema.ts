import * as z from './zod.ts';

/**
 * Text fields from outside: trimmed, bounded, and free of control characters (NUL, escape
 * sequences, bell...), which no name, address or message legitimately contains.
 * `multiline` allows line breaks and tabs (messages, notes).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** A single-line text without control characters: for `z.regex` checks (the wizard, the filing details). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const NO_CONTROL_CHARS = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function text(label: string, max: number, opts: { min?: number; multiline?: boolean } = {}) {
  const min = opts.min ?? 0;
  const control = opts.multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE;
  return z
    .pipe(
      z.string({ error: `${label} must be text` }).check(
        z.maxLength(max, `${label} must be at most ${max} characters`),
        z.refine((s) => !control.test(s), `${label} contains control characters`),
      ),
      z.transform((s: string) => s.trim()),
    )
    .check(z.refine((s) => s.length >= min, min === 1 ? `${label} is required` : `${label} must be at least ${min} characters`));
}
