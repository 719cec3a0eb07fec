import { NO_CONTROL_CHARS } from '../validation.schema.ts';
import * as z from '../zod.ts';
import { BUSINESS_NAME, businessNameSchema, stateCodeSchema } from './fields.schema.ts';

/** POST /api/business-names/generate */
export const generateNamesSchema = z
  .strictObject({
    keywords: z
      .array(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(40, 'Keep each keyword under 40 characters'),
            z.regex(BUSINESS_NAME, 'Keywords may contain only letters, digits, spaces and simple punctuation'),
          ),
        { error: 'keywords must be a list' },
      )
      .check(z.maxLength(10, 'Use at most 10 keywords')),
    category: z
      .string({ error: 'category must be text' })
      .check(
        z.trim(),
        z.maxLength(40),
        z.regex(NO_CONTROL_CHARS, 'category contains control characters'),
        z.regex(BUSINESS_NAME, 'category may contain only letters, digits and spaces'),
      ),
    /** Filing state, so ideas already respect its restricted words. */
    state: z.optional(stateCodeSchema),
  })
  .check(
    z.refine((b) => b.keywords.some((k) => /[a-z]/i.test(k)) || /[a-z]/i.test(b.category), {
      message: 'Give at least one keyword or a category',
      path: ['keywords'],
    }),
  );

/** The generator's ideas and the availability answer. */
export const nameSuggestionSchema = z.object({ name: z.string(), category: z.string() });
export type NameSuggestion = z.infer<typeof nameSuggestionSchema>;

export const nameAvailabilitySchema = z.object({
  available: z.boolean(),
  /** The name as it would be filed (with its designator). */
  name: z.string(),
  reason: z.optional(z.string()),
});
export type NameAvailability = z.infer<typeof nameAvailabilitySchema>;

/** POST /api/business-names/check-availability */
export const checkNameSchema = z.strictObject({
  /** The wizard's own field schema: the same verdict and sentence as the business name field. */
  name: businessNameSchema.check(z.minLength(1, 'Enter a business name')),
  state: z.optional(stateCodeSchema),
});

/** What "available" means, said once for the UI and the API docs. */
export const AVAILABILITY_EXPLANATION =
  'Available means no other submitted application with us uses this name (ignoring case, punctuation and the LLC ending) and it meets the filing state’s naming rules we can check: an LLC ending and no restricted words such as Bank, Insurance, Trust or University. The state makes the final decision when we file.';
