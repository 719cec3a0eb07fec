import { approveContentDraftSchema, contentDraftSchema, rejectContentDraftSchema, saveContentDraftSchema } from '../../content/content-draft.schema.ts';
import { createContentSchema, updateContentSchema } from '../../content/content-item.schema.ts';
import { ACTION_ROLES } from '../../staff/actions.ts';
import * as z from '../../zod.ts';
import { contentItemSchema } from '../responses.schema.ts';
import { type RouteGroup, recordParam, staffSession } from './entry.schema.ts';

/**
 * Site content: the texts staff edit in the content editor. Publishing (create, change, delete,
 * approving a draft) is an owner's; a processor saves drafts, which the public GET never returns
 * (docs/decisions/0412-site-texts-approved-by-an-owner.md).
 */
export const CONTENT_ROUTES = {
  'GET /api/content': {
    handler: 'content/list',
    operationId: 'listContent',
    summary: "The site's editable texts, by page and section",
    tag: 'Content',
    access: 'public',
    responses: { 200: z.array(contentItemSchema) },
    tables: { content: 'read' },
  },
  'POST /api/content': {
    handler: 'content/create',
    operationId: 'createContent',
    summary: 'Creates the text of a page section (one per page and section), published at once',
    tag: 'Content',
    access: 'staff',
    role: ACTION_ROLES.publishContent,
    body: createContentSchema,
    responses: { 201: contentItemSchema },
    tables: { ...staffSession, content: 'write', audit: 'append' },
  },
  'PATCH /api/content/{id}': {
    handler: 'content/update',
    operationId: 'updateContent',
    summary: 'Changes a content item’s text or type, published at once',
    tag: 'Content',
    access: 'staff',
    role: ACTION_ROLES.publishContent,
    params: recordParam,
    body: updateContentSchema,
    responses: { 200: contentItemSchema },
    tables: { ...staffSession, content: 'write', audit: 'append' },
  },
  'DELETE /api/content/{id}': {
    handler: 'content/delete',
    operationId: 'deleteContent',
    summary: 'Deletes a content item (the site falls back to its built-in text)',
    tag: 'Content',
    access: 'staff',
    role: ACTION_ROLES.publishContent,
    params: recordParam,
    responses: { 204: null },
    tables: { ...staffSession, content: 'write', audit: 'append' },
  },
  'GET /api/content/drafts': {
    handler: 'content/drafts-list',
    operationId: 'listContentDrafts',
    summary: 'Drafts of site texts waiting for an owner, and rejected ones with the reason',
    tag: 'Content',
    access: 'staff',
    role: ACTION_ROLES.editContent,
    responses: { 200: z.array(contentDraftSchema) },
    tables: { ...staffSession, content: 'read' },
  },
  'POST /api/content/drafts': {
    handler: 'content/drafts-save',
    operationId: 'saveContentDraft',
    summary: 'Saves the draft of a site text for an owner to approve (the public text does not change)',
    description:
      'Without `version` it starts the draft of the place (409 `draft_exists` when one exists); with it, it changes that draft at the version read (409 `draft_changed` otherwise).',
    tag: 'Content',
    access: 'staff',
    role: ACTION_ROLES.editContent,
    body: saveContentDraftSchema,
    responses: { 200: contentDraftSchema },
    tables: { ...staffSession, content: 'write', audit: 'append' },
  },
  'POST /api/content/drafts/{id}/approve': {
    handler: 'content/drafts-approve',
    operationId: 'approveContentDraft',
    summary: 'Publishes a draft as previewed (its version); never the drafter’s own',
    tag: 'Content',
    access: 'staff',
    role: ACTION_ROLES.publishContent,
    params: recordParam,
    body: approveContentDraftSchema,
    responses: { 200: contentItemSchema },
    tables: { ...staffSession, content: 'write', audit: 'append' },
  },
  'POST /api/content/drafts/{id}/reject': {
    handler: 'content/drafts-reject',
    operationId: 'rejectContentDraft',
    summary: 'Rejects a draft with a reason the drafter is shown',
    tag: 'Content',
    access: 'staff',
    role: ACTION_ROLES.publishContent,
    params: recordParam,
    body: rejectContentDraftSchema,
    responses: { 200: contentDraftSchema },
    tables: { ...staffSession, content: 'write', audit: 'append' },
  },
} as const satisfies RouteGroup<'Content'>;
