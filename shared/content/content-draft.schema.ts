import { text } from '../validation.schema.ts';
import * as z from '../zod.ts';
import { CONTENT_TYPES, createContentShape, notBlank, registeredPlace } from './content-item.schema.ts';

/**
 * A draft of a site text (docs/decisions/0412-site-texts-approved-by-an-owner.md): what a person
 * who may edit the site's texts but not publish them (a processor) proposes for one (page,
 * section). It is stored apart from the published text, so the public site never reads it; an
 * owner previews it and approves it (it is published) or rejects it with a reason. One draft per
 * place; every write is conditional on the version its writer saw.
 */
export const CONTENT_DRAFT_STATUSES = ['pending', 'rejected'] as const;
export type ContentDraftStatus = (typeof CONTENT_DRAFT_STATUSES)[number];

/** Longest reason an owner gives when rejecting a draft. */
export const MAX_REJECTION_REASON = 500;

/** A draft as the API returns it. */
export const contentDraftSchema = z.object({
  id: z.string(),
  page: z.string(),
  section: z.string(),
  content: z.string(),
  contentType: z.enum(CONTENT_TYPES),
  /** Goes up with every write; approving, rejecting and changing a draft name the version they saw. */
  version: z.number(),
  status: z.enum(CONTENT_DRAFT_STATUSES),
  /** Who wrote the draft's current text. */
  draftedBy: z.object({ id: z.string(), email: z.string() }),
  draftedAt: z.string(),
  /** Why an owner rejected it, who and when (status `rejected`). */
  rejection: z.optional(z.object({ reason: z.string(), by: z.string(), at: z.string() })),
});
export type ContentDraft = z.infer<typeof contentDraftSchema>;

const version = () =>
  z.number({ error: 'Version must be a number' }).check(z.int('Version must be a whole number'), z.minimum(1, 'Version must be at least 1'));

/**
 * Saving a draft: the place, the text and its type as for a new item (registered place, not
 * empty), and `version` when changing the draft that exists for the place (the version read),
 * none when starting one.
 */
export const saveContentDraftSchema = z.strictObject({ ...createContentShape, version: z.optional(version()) }).check(notBlank, registeredPlace);
export type SaveContentDraftInput = z.infer<typeof saveContentDraftSchema>;

/** Approving: the version the owner previewed (a draft changed since is refused). */
export const approveContentDraftSchema = z.strictObject({ version: version() });
export type ApproveContentDraftInput = z.infer<typeof approveContentDraftSchema>;

/** Rejecting: the version the owner previewed and the reason the drafter is shown. */
export const rejectContentDraftSchema = z.strictObject({
  version: version(),
  reason: text('Reason', MAX_REJECTION_REASON, { min: 1, multiline: true }),
});
export type RejectContentDraftInput = z.infer<typeof rejectContentDraftSchema>;
