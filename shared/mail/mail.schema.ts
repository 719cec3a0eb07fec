import { calendarDay } from '../common.schema.ts';
import { text } from '../validation.schema.ts';
import * as z from '../zod.ts';
import { MAIL_KINDS } from './mail.ts';

/**
 * POST /api/staff/applications/{id}/mail: one piece of mail received for the LLC, logged after
 * its scan was uploaded (POST …/uploads). The one schema of the staff form and the handler.
 */
export const logMailSchema = z.strictObject({
  sender: text('Sender', 160, { min: 1 }),
  receivedOn: calendarDay('Enter the day the mail arrived as YYYY-MM-DD'),
  kind: z.enum(MAIL_KINDS, { error: 'Choose what kind of mail it is' }),
  /** The date the document says an answer is due (a service of process names one). */
  answerDeadline: z.optional(calendarDay('Enter the answer deadline as YYYY-MM-DD')),
  note: z.optional(text('Note', 1000, { multiline: true })),
  /** The scan, uploaded first (POST …/uploads answers this id). */
  uploadId: z.uuid({ version: 'v4', error: 'Must be an upload id (UUID)' }),
});
export type LogMail = z.infer<typeof logMailSchema>;

/** The form checks its fields with the same schema before the scan is uploaded. */
export const logMailFieldsSchema = z.omit(logMailSchema, { uploadId: true });

/** POST /api/staff/applications/{id}/mail/{mailId}/handled: no body. */
export const mailIdSchema = z.uuid({ version: 'v4', error: 'Must be a mail id (UUID)' });

const mailBase = {
  id: z.string(),
  sender: z.string(),
  receivedOn: z.string(),
  kind: z.enum(MAIL_KINDS),
  answerDeadline: z.optional(z.string()),
  /** The scan: a document of the order (the vault, under Mail). */
  documentId: z.string(),
  loggedAt: z.string(),
};

/** A piece of mail as the customer's order page lists it. */
export const orderMailSchema = z.object({ ...mailBase, label: z.string(), meaning: z.string() });
export type OrderMail = z.infer<typeof orderMailSchema>;

/** As the back office lists it: who logged and handled it, and the clock while it is not handled. */
export const staffMailSchema = z.object({
  ...mailBase,
  note: z.optional(z.string()),
  loggedBy: z.optional(z.string()),
  handledAt: z.optional(z.string()),
  handledBy: z.optional(z.string()),
  clock: z.optional(z.object({ dueAt: z.string(), hours: z.number(), overdue: z.boolean() })),
});
export type StaffMail = z.infer<typeof staffMailSchema>;

/** GET /api/staff/mail: the orders with mail not handled, soonest clock first, from `cursor`. */
export const openMailQuerySchema = z.strictObject({ cursor: z.optional(z.string().check(z.maxLength(2000))) });

/** One order in the mail room's list: its mail not handled, each with its clock. */
export const openMailListSchema = z.object({
  items: z.array(
    z.object({
      applicationId: z.string(),
      businessName: z.string(),
      stateName: z.string(),
      fileNumber: z.optional(z.string()),
      mail: z.array(staffMailSchema),
    }),
  ),
  nextCursor: z.nullable(z.string()),
});
export type OpenMailList = z.infer<typeof openMailListSchema>;
