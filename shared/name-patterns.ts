import { PRINTABLE_NAME_RANGES } from './data/printable-characters.ts';

// The characters a name may hold, as Unicode property escapes: \p{L} letters of any script,
// \p{M} their combining marks (accents), \p{N} numbers of any script. The OpenAPI document shows
// these patterns as written here.
//
// Each pattern is one character class, repeated (`^[...]*$`), so the same pattern also tells one
// character apart (refusedCharacters in shared/wizard/fields.schema.ts).

/** A person's name: letters of any script (accents too), spaces, apostrophes, hyphens, periods, commas. */
export const PERSON_NAME = /^[\p{L}\p{M}\s'’.,-]*$/u;

/** A business name as a state filing takes it: letters and numbers of any script, spaces and & ' ’ . , ! ? ( ) + @ # : / - */
export const BUSINESS_NAME = /^[\p{L}\p{M}\p{N}\s&'’.,!?()+@#:/-]*$/u;

// ---- What our documents can print -------------------------------------------------------------

let printableRanges: Uint32Array | undefined;

/** The printable ranges as [start, end, start, end, ...], parsed on first use. */
function ranges(): Uint32Array {
  if (!printableRanges) {
    const parts = PRINTABLE_NAME_RANGES.split(',');
    printableRanges = new Uint32Array(parts.length * 2);
    parts.forEach((part, i) => {
      const [a, b = a] = part.split('-');
      printableRanges![i * 2] = Number.parseInt(a, 16);
      printableRanges![i * 2 + 1] = Number.parseInt(b, 16);
    });
  }
  return printableRanges;
}

function printable(cp: number): boolean {
  const r = ranges();
  let lo = 0;
  let hi = r.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < r[mid * 2]) hi = mid - 1;
    else if (cp > r[mid * 2 + 1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * The letters, marks and numbers of `text` that no font of our documents has (each once, at
 * most five): a name holding one could not be printed on the state's forms, so it is refused
 * where it is typed. Everything else a name may hold prints (functions/documents/fonts.ts).
 */
export function unprintableCharacters(text: string): string[] {
  const out = new Set<string>();
  for (const ch of text.normalize('NFC')) {
    if (/[\p{L}\p{M}\p{N}]/u.test(ch) && !printable(ch.codePointAt(0) as number)) out.add(ch);
    if (out.size === 5) break;
  }
  return [...out];
}

/** `"𝔄" (U+1D504)`; a combining mark is shown on a dotted circle, as character tables do. */
function nameOf(ch: string): string {
  const code = `U+${(ch.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
  return `"${/\p{M}/u.test(ch) ? `\u25cc${ch}` : ch}" (${code})`;
}

/** The sentence under a name field holding characters our documents cannot print, or undefined. */
export function unprintableMessage(what: string, text: unknown): string | undefined {
  const refused = unprintableCharacters(String(text ?? ''));
  if (!refused.length) return undefined;
  const names = refused.map(nameOf);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
  return `${what} can't contain ${list}: the state's forms and your documents cannot print ${refused.length > 1 ? 'these characters' : 'this character'}. Write the name without ${refused.length > 1 ? 'them' : 'it'}.`;
}
