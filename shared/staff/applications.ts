import { APPLICATION_STATUSES, STAFF_TRANSITIONS } from '../application-status.ts';
import { text } from '../validation.ts';
import * as z from '../zod.ts';

/** The staff view of an LLC application (docs/product.md section 3): a type of the API contract. */
export type { StaffApplication } from '../api/responses.ts';

export const STAFF_APPLICATIONS_PAGE_SIZE = 25;
export const MAX_NOTES_LENGTH = 5000;

export const applicationListQuerySchema = z.strictObject({
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  status: z.optional(z.enum(APPLICATION_STATUSES, { error: `Status must be one of ${APPLICATION_STATUSES.join(', ')}` })),
  includeDrafts: z.optional(z.enum(['true', 'false'], { error: 'includeDrafts must be true or false' })),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

const moveTargets = STAFF_TRANSITIONS.map((t) => t.to);

export const applicationUpdateSchema = z
  .strictObject({
    status: z.optional(z.enum(moveTargets, { error: `Status must be one of ${moveTargets.join(', ')}` })),
    notes: z.optional(text('Notes', MAX_NOTES_LENGTH, { multiline: true })),
  })
  .check(z.refine((v) => v.status !== undefined || v.notes !== undefined, { message: 'Send a status, notes, or both' }));
export type ApplicationUpdate = z.infer<typeof applicationUpdateSchema>;
