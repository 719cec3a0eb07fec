import { BUSINESS_NAME, unprintableMessage } from '../name-patterns.ts';
import { findState } from '../states.ts';
import { NO_CONTROL_CHARS } from '../validation.schema.ts';
import * as z from '../zod.ts';

/**
 * The wizard's field schemas that routes outside the wizard validate with too (the business-name
 * routes, shared/wizard/names.schema.ts). shared/wizard/data.schema.ts builds the wizard's fields
 * from these.
 */

export { BUSINESS_NAME };

/**
 * A wizard text field: trimmed, at most `max` characters, no control characters, in the wizard's
 * sentences ("... is limited to N characters"), which the browser shows beside the field. Other
 * forms use shared/validation.schema.ts `text` (required lengths, multi-line messages).
 */
export const wizardText = (max: number, what: string) =>
  z.string({ error: `${what} must be text` }).check(
    // One form of each accented letter (NFC): "é" typed as e + U+0301 is stored, compared and printed as "é".
    z.normalize('NFC'),
    z.trim(),
    z.maxLength(max, `${what} is limited to ${max} characters`),
    z.regex(NO_CONTROL_CHARS, `${what} contains control characters`),
  );

/** Refuses a name holding a letter no document font has, naming it (shared/name-patterns.ts). */
export const printableName = (what: string) =>
  z.refine<string>((v) => !unprintableMessage(what, v), { error: (issue) => unprintableMessage(what, issue.input) });

/**
 * The characters of `value` that `allowed` (a pattern of allowed characters, `^[...]*$`) refuses, each
 * once, as a reader names them: `"2"`, `"™"`, `spaces`.
 */
export function refusedCharacters(value: unknown, allowed: RegExp): string {
  const refused = [...new Set([...String(value)].filter((c) => !allowed.test(c)))].slice(0, 5);
  const named = refused.map((c) => (/\s/u.test(c) ? 'spaces' : `"${c}"`));
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} or ${named[named.length - 1]}` : (named[0] ?? '');
}

/** The business name as typed (a draft may still lack its designator); the naming rules are checked at submission. */
export const businessNameSchema = wizardText(120, 'Business name').check(
  z.regex(BUSINESS_NAME, {
    error: (issue) =>
      `Business name can't contain ${refusedCharacters(issue.input, BUSINESS_NAME)}. A state filing takes letters (accented ones too), digits, spaces and & ' . , ! ? ( ) + @ # : / -`,
  }),
  printableName('Business name'),
);

/** The DBA's creator name as typed (the wizard's step 3 and the order page's DBA bought after payment); what a filing needs is ./dba-details.ts. */
export const dbaNameSchema = wizardText(100, 'Creator name');
/** The county where a county clerk takes the DBA's filing, as typed. */
export const dbaCountySchema = wizardText(60, 'County');

export const stateCodeSchema = z.string({ error: 'State must be a two-letter code' }).check(
  z.trim(),
  z.toUpperCase(),
  z.refine((code) => Boolean(findState(code)), 'Unknown state code'),
);
