import { FORM_STATES } from './formation-forms.ts';
import { ALL_STATE_CODES } from './state-data.ts';

/**
 * The states (and DC) whose packet holds a "Formation worksheet (not an official form)"
 * instead of a formation document in the state's structure: every state the product files in
 * except FORM_STATES. For docs and the staff dashboard.
 */
export const WORKSHEET_STATES: readonly string[] = ALL_STATE_CODES.filter((code) => !FORM_STATES.includes(code));
