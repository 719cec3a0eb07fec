import * as z from '../zod.ts';

/**
 * The one error body of the API: `{ "error": "<sentence>", "code": "<stable snake_case code>",
 * ...extras }`. Clients branch on `code`, never on the sentence. The codes whose extras a client
 * relies on (e.g. `currentStatus`, `amount`) are documented errors below, listed by the routes
 * that answer them; any other extra is allowed.
 */
export const errorCodeSchema = z.string().check(z.regex(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/, 'code must be a snake_case word'));

export const errorBodySchema = z.looseObject({
  error: z.string().check(z.minLength(1)),
  code: errorCodeSchema,
  /** Validation errors: the messages of each field (`details: { field: [sentences] }`). */
  details: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const statusConflictErrorSchema = z.looseObject({ ...errorBodySchema.shape, currentStatus: z.string() });
export const amountChangedErrorSchema = z.looseObject({ ...errorBodySchema.shape, amount: z.number().check(z.int(), z.nonnegative()) });
export const rateLimitedErrorSchema = z.looseObject({ ...errorBodySchema.shape, retryAfterSeconds: z.number().check(z.int(), z.nonnegative()) });
/** Apple Pay's payment sheet failures keep `success: false` beside the error. */
export const applePayFailureErrorSchema = z.looseObject({ ...errorBodySchema.shape, success: z.literal(false) });

/** An error code a route documents: the status it comes with and the body it has. */
export interface DocumentedError {
  status: number;
  schema: z.ZodMiniType;
  description: string;
}

export const STATUS_CONFLICT: DocumentedError = {
  status: 409,
  schema: statusConflictErrorSchema,
  description: 'The status move no longer applies: `currentStatus` is the status the record has',
};
export const AMOUNT_CHANGED: DocumentedError = {
  status: 409,
  schema: amountChangedErrorSchema,
  description: "The amount sent is not the server's total: `amount` is the total in cents; nothing was charged",
};
export const rateLimited = (what: string): DocumentedError => ({
  status: 429,
  schema: rateLimitedErrorSchema,
  description: `${what}: wait \`retryAfterSeconds\` (also the Retry-After header)`,
});
export const applePayFailure = (status: number, description: string): DocumentedError => ({ status, schema: applePayFailureErrorSchema, description });

/**
 * Codes every client may meet on any route. Routes add their own (e.g. `application_not_found`);
 * the list documents them, the schema above accepts any snake_case code so a new one is not a
 * breaking change.
 */
export const COMMON_ERROR_CODES = {
  invalid_request: 'The body, a path parameter or a query parameter is invalid (400, with `details`)',
  invalid_json: 'The body is not valid JSON (400)',
  authentication_required: 'A staff route was called without a valid staff-token header (401)',
  route_not_found: 'No route has this path (404)',
  method_not_allowed: 'The path exists for other methods (405)',
  payload_too_large: 'The body is larger than 64 KB (413)',
  unsupported_media_type: 'The body is not JSON (415)',
  rate_limited: 'Too many requests; wait `retryAfterSeconds` (429)',
  internal_error: 'Unexpected failure; nothing about it is disclosed (500)',
} as const;
