import { text } from '../validation.ts';
import * as z from '../zod.ts';

/**
 * Site content items (docs/product.md section 3): a text or HTML snippet for one (page, section) of the
 * site. Staff create and edit them in the content editor; the site reads them with a built-in
 * default when none exists.
 */
export const CONTENT_TYPES = ['text', 'html'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** A content item as the API returns it: a type of the API contract. */
export type { ContentItem } from '../api/responses.ts';

/** Longest content accepted (characters); site texts are headings and paragraphs. */
export const MAX_CONTENT_LENGTH = 20_000;
/** Rows of the content editor's list show this many characters of each item. */
export const CONTENT_PREVIEW_LENGTH = 100;

const slug = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${what} is required`),
      z.maxLength(64, `${what} must be at most 64 characters`),
      z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, `${what} may use letters, digits, ".", "-" and "_" only`),
    );

const contentText = (min: number) => text('Content', MAX_CONTENT_LENGTH, { min, multiline: true });

export const createContentSchema = z.strictObject({
  page: slug('Page'),
  section: slug('Section'),
  content: contentText(1),
  contentType: z._default(z.enum(CONTENT_TYPES, { error: 'Content type must be "text" or "html"' }), 'text'),
});
export type CreateContentInput = z.infer<typeof createContentSchema>;

/** docs/product.md section 5: saving an edit has no extra check beyond the content being a string. */
export const updateContentSchema = z.strictObject({
  content: contentText(0),
  contentType: z.optional(z.enum(CONTENT_TYPES, { error: 'Content type must be "text" or "html"' })),
});
export type UpdateContentInput = z.infer<typeof updateContentSchema>;

/** The text a list row shows: the first 100 characters, with an ellipsis when cut. */
export function contentPreview(content: string, max = CONTENT_PREVIEW_LENGTH): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
