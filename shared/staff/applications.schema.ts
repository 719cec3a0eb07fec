import { APPLICATION_STATUSES, STAFF_TRANSITIONS } from '../application-status.ts';
import { text } from '../validation.schema.ts';
import * as z from '../zod.ts';

/** The staff view of an LLC application (docs/product.md section 3): a type of the API contract. */
export type { StaffApplication } from '../api/responses.schema.ts';

export { STAFF_APPLICATIONS_PAGE_SIZE } from './list-page.ts';
export const MAX_NOTES_LENGTH = 5000;

export const applicationListQuerySchema = z.strictObject({
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  status: z.optional(z.enum(APPLICATION_STATUSES, { error: `Status must be one of ${APPLICATION_STATUSES.join(', ')}` })),
  includeDrafts: z.optional(z.enum(['true', 'false'], { error: 'includeDrafts must be true or false' })),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

const moveTargets = STAFF_TRANSITIONS.map((t) => t.to);

/** The state's file number as its filing office writes it: letters, digits, and - . / between them. */
export const FILE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,38}[A-Za-z0-9]$/;

export const applicationUpdateSchema = z
  .strictObject({
    status: z.optional(z.enum(moveTargets, { error: `Status must be one of ${moveTargets.join(', ')}` })),
    notes: z.optional(text('Notes', MAX_NOTES_LENGTH, { multiline: true })),
    /** Mark Filed records what the state returned: its file number and the filing date. */
    fileNumber: z.optional(z.string().check(z.trim(), z.regex(FILE_NUMBER, 'Enter the file number the state gave (3-40 letters and digits)'))),
    filedOn: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the filing date as YYYY-MM-DD'))),
  })
  .check(
    z.refine((v) => v.status !== undefined || v.notes !== undefined, { message: 'Send a status, notes, or both' }),
    z.refine((v) => v.status !== 'filed' || Boolean(v.fileNumber), { message: "Mark Filed needs the state's file number", path: ['fileNumber'] }),
    z.refine((v) => v.status !== 'filed' || Boolean(v.filedOn), { message: 'Mark Filed needs the filing date', path: ['filedOn'] }),
    z.refine((v) => v.status === 'filed' || (v.fileNumber === undefined && v.filedOn === undefined), {
      message: 'A file number and date are recorded only with Mark Filed',
      path: ['fileNumber'],
    }),
    z.refine((v) => !v.filedOn || v.filedOn <= new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10), {
      message: 'The filing date cannot be in the future',
      path: ['filedOn'],
    }),
  );
export type ApplicationUpdate = z.infer<typeof applicationUpdateSchema>;
