import { calendarDay } from '../common.schema.ts';
import { staffMailSchema } from '../mail/mail.schema.ts';
import { electionViewSchema } from '../s-corp/election.schema.ts';
import { FILE_NUMBER } from '../staff/applications.schema.ts';
import { text } from '../validation.schema.ts';
import * as z from '../zod.ts';
import { deliverableSchema } from './deliverables.schema.ts';
import { DOCUMENT_BLOCKER_CODES, type DocumentBlocker, type DocumentsProblem } from './document-blockers.ts';
import { DOCUMENT_KINDS, MAX_UPLOAD_BYTES, UPLOAD_KINDS } from './documents.ts';
import { einProblem, formatEin } from './ein.ts';
import { homeRegistrationViewSchema } from './home-registration.schema.ts';

// The documents' request and response schemas; the kinds and rules they are built from are in
// ./documents.ts.

const uuid = (what: string) => z.uuid({ version: 'v4', error: `Must be ${what} (UUID)` });
export const documentIdSchema = uuid('a document id');
export const uploadIdSchema = uuid('an upload id');

/** POST /api/staff/applications/{id}/uploads: what the browser is about to send. */
export const uploadRequestSchema = z.strictObject({
  contentType: z.literal('application/pdf', { error: 'Only PDF files can be uploaded' }),
  size: z
    .number({ error: 'The file size must be a number of bytes' })
    .check(
      z.int('The file size must be a number of bytes'),
      z.gte(1, 'The file is empty'),
      z.lte(MAX_UPLOAD_BYTES, `The file is too large: at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`),
    ),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

/** The presigned upload: PUT the file's bytes to `url` with exactly `headers`. */
export const uploadTicketSchema = z.object({
  uploadId: z.string(),
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  maxBytes: z.number(),
  expiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** POST /api/staff/applications/{id}/uploads/{uploadId}/record: what the uploaded file is. */
export const recordUploadSchema = z.strictObject({
  kind: z.enum(UPLOAD_KINDS, { error: `Kind must be one of ${UPLOAD_KINDS.join(', ')}` }),
  /** The state's file number, printed on the approved document. */
  fileNumber: z.optional(z.string().check(z.trim(), z.regex(FILE_NUMBER, 'Enter the file number the state gave (3-40 letters and digits)'))),
  /** A title for an "other" document (defaults to the kind's label). */
  title: z.optional(text('Title', 120, { min: 1 })),
  /** With the approved document: the version of our formation document that was filed (default: the newest). */
  filedDocumentId: z.optional(documentIdSchema),
  /** With the IRS acceptance letter (CP261): the date it says the S-corporation election takes effect. */
  effectiveOn: z.optional(calendarDay('Enter the effective date the letter gives as YYYY-MM-DD')),
});
export type RecordUpload = z.infer<typeof recordUploadSchema>;

/**
 * POST /api/staff/applications/{id}/ein: the EIN the IRS assigned (9 digits, a prefix the IRS
 * issues; answered as XX-XXXXXXX) and the upload holding its confirmation letter (a PDF put to
 * a link from POST .../uploads).
 */
export const recordEinSchema = z.strictObject({
  ein: z.pipe(
    z.string({ error: 'Enter the EIN' }).check(
      z.trim(),
      z.superRefine((v, ctx) => {
        const problem = einProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v });
      }),
    ),
    z.transform((v: string) => formatEin(v)),
  ),
  uploadId: uploadIdSchema,
});
export type RecordEin = z.infer<typeof recordEinSchema>;

/** POST /api/staff/applications/{id}/documents: regenerate every document of the order (no body). */
export const generateDocumentsSchema = z.optional(z.strictObject({}));

/** A document as staff see it: every version, with its size and who made it. */
export const staffDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  title: z.string(),
  createdAt: z.string(),
  origin: z.enum(['generated', 'uploaded']),
  /** 1 for the first document of its kind, then 2, 3... */
  version: z.number(),
  size: z.number(),
  filed: z.optional(z.boolean()),
  fileNumber: z.optional(z.string()),
  /** Who generated or uploaded it (a staff email), when known. */
  createdBy: z.optional(z.string()),
});
export type StaffDocument = z.infer<typeof staffDocumentSchema>;

/** 409 documents_incomplete: the body's `blockers`, and the order's recorded problem. */
export const documentBlockerSchema = z.object({
  code: z.enum(DOCUMENT_BLOCKER_CODES),
  field: z.optional(z.string()),
  reason: z.string(),
}) satisfies z.ZodMiniType<DocumentBlocker>;

export const documentsProblemSchema = z.object({ at: z.string(), blockers: z.array(documentBlockerSchema) }) satisfies z.ZodMiniType<DocumentsProblem>;

export const staffDocumentsSchema = z.object({
  documents: z.array(staffDocumentSchema),
  /** Kinds the order should have but has no version of (e.g. generation failed after Start Processing). */
  missing: z.array(z.enum(DOCUMENT_KINDS)),
  /** Why documents cannot be generated now, or absent when they can. */
  generateBlocker: z.optional(z.string()),
  /** The last generation failed: when, and each reason (shared/orders/document-blockers.ts). Absent once documents were made. */
  problem: z.optional(documentsProblemSchema),
  /** What the order owes and what of it is delivered, as these documents make it (shared/orders/deliverables.ts). */
  deliverables: z.array(deliverableSchema),
  /** The EIN recorded with the IRS letter, if any. */
  ein: z.optional(z.string()),
  /** The mail the registered agent address received for the LLC, newest first, each not handled with its clock (shared/mail/mail.ts). */
  mail: z.optional(z.array(staffMailSchema)),
  /** The S-corporation election, when the order bought the Form 2553 worksheet (shared/s-corp/election.ts). */
  election: z.optional(electionViewSchema),
  /** The home-state registration, when the LLC is formed outside the owner's home state (shared/orders/home-registration.ts). */
  homeRegistration: z.optional(homeRegistrationViewSchema),
});
export type StaffDocuments = z.infer<typeof staffDocumentsSchema>;

/** A short-lived download link (the store refuses it after `expiresAt`). */
export const documentLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type DocumentLink = z.infer<typeof documentLinkSchema>;

/** POST /api/staff/sunbiz/{id}: the Florida Articles as Sunbiz takes them (a new version) and a 5-minute link to the PDF. */
export const sunbizResultSchema = z.object({ document: staffDocumentSchema, link: documentLinkSchema });
export type SunbizResult = z.infer<typeof sunbizResultSchema>;
