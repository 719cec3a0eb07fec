import { applicationIdSchema } from '../application-id.schema.ts';
import { recordIdSchema } from '../record-id.schema.ts';
import * as z from '../zod.ts';

/** Path parameter schemas of the contract, one per kind of id, for the handlers' pathParam() too. */
export { applicationIdSchema, recordIdSchema };

/** `{stateCode}`: two letters, any case (an unknown state is a 404, not a 400). */
export const stateCodeParamSchema = z.string().check(z.regex(/^[A-Za-z]{2}$/, 'Use a two-letter state code such as FL'));
