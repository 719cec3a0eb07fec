import { writeFileSync } from 'node:fs';
import { encodeRanges, printableNameRanges } from '../../functions/documents/fonts.ts';

/**
 * Writes shared/data/printable-characters.ts: the letters, marks and numbers our document fonts
 * can print (functions/documents/fonts.ts printableNameRanges). Run after a font is added or
 * replaced: `npx tsx scripts/data/printable-characters.ts`.
 */
const ranges = printableNameRanges();
const out = new URL('../../shared/data/printable-characters.ts', import.meta.url);
writeFileSync(
  out,
  `// Written by scripts/data/printable-characters.ts from the fonts in functions/documents/fonts/: do not edit.
// The letters, marks and numbers (Unicode L, M, N) some document font has a glyph for, as hex
// code point ranges ("start-end" or "start"), comma-separated. A name holding any other letter
// is refused at input (shared/name-patterns.ts unprintableCharacters), since no document could
// print it.
export const PRINTABLE_NAME_RANGES = '${encodeRanges(ranges)}';
`,
);
console.log(`${ranges.length} ranges written to ${out.pathname}`);
