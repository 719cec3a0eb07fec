import { createContentSchema, updateContentSchema } from '../../content/content-item.schema.ts';
import * as z from '../../zod.ts';
import { contentItemSchema } from '../responses.schema.ts';
import { type RouteGroup, recordParam, staffSession } from './entry.schema.ts';

/** Site content: the texts staff edit in the content editor. */
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
    summary: 'Creates the text of a page section (one per page and section)',
    tag: 'Content',
    access: 'staff',
    role: 'processor',
    body: createContentSchema,
    responses: { 201: contentItemSchema },
    tables: { ...staffSession, content: 'write', audit: 'append' },
  },
  'PATCH /api/content/{id}': {
    handler: 'content/update',
    operationId: 'updateContent',
    summary: 'Changes a content item’s text or type',
    tag: 'Content',
    access: 'staff',
    role: 'processor',
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
    role: 'processor',
    params: recordParam,
    responses: { 204: null },
    tables: { ...staffSession, content: 'write', audit: 'append' },
  },
} as const satisfies RouteGroup<'Content'>;
