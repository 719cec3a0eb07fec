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
