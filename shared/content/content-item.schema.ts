import { text } from '../validation.schema.ts';
import * as z from '../zod.ts';
import { findSiteText } from './registry.ts';

/**
 * Site content items (docs/product.md section 3): a text or HTML snippet for one (page, section) of the
 * site. Staff create and edit them in the content editor; the site reads them with a built-in
 * default when none exists.
 */
export const CONTENT_TYPES = ['text', 'html'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** A content item as the API returns it. */
export const contentItemSchema = z.object({
  id: z.string(),
  page: z.string(),
  section: z.string(),
  content: z.string(),
  contentType: z.enum(CONTENT_TYPES),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

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

const contentText = () => text('Content', MAX_CONTENT_LENGTH, { min: 1, multiline: true });
const contentType = () => z.enum(CONTENT_TYPES, { error: 'Content type must be "text" or "html"' });

/** The text an HTML item shows (tags and non-breaking spaces removed), to refuse one that shows nothing. */
export function visibleText(content: string, type: ContentType | undefined): string {
  if (type !== 'html') return content.trim();
  return content
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;|\u00a0/gi, ' ')
    .trim();
}

// Empty text is refused by the field itself; this catches HTML that shows nothing.
export const notBlank = z.refine<{ content: string; contentType?: ContentType }>(
  (v) => typeof v.content !== 'string' || !v.content.trim() || visibleText(v.content, v.contentType).length > 0,
  {
    message: 'Content is required',
    path: ['content'],
  },
);

/**
 * A new item: the place must be one of the site's registered texts (./registry.ts), so an item
 * always changes what a page shows; the content may not be empty, nor HTML that shows nothing.
 */
export const createContentShape = {
  page: slug('Page'),
  section: slug('Section'),
  content: contentText(),
  contentType: z._default(contentType(), 'text'),
};

/** The place of a new item or draft must be one of the site's registered texts. */
export const registeredPlace = z.refine<{ page: string; section: string }>(
  (v) => typeof v.page !== 'string' || typeof v.section !== 'string' || findSiteText(v.page, v.section) !== undefined,
  {
    error: (issue) => {
      const v = issue.input as { page: string; section: string };
      return `The site has no text at ${v.page} / ${v.section}: choose one of the site's texts`;
    },
    path: ['section'],
  },
);

export const createContentSchema = z.strictObject(createContentShape).check(notBlank, registeredPlace);
export type CreateContentInput = z.infer<typeof createContentSchema>;

/** An edit: new content (never empty: an empty edit would publish an empty heading) and optionally a new type. */
export const updateContentSchema = z
  .strictObject({
    content: contentText(),
    contentType: z.optional(contentType()),
  })
  .check(notBlank);
export type UpdateContentInput = z.infer<typeof updateContentSchema>;

/** The text a list row shows: the first 100 characters, with an ellipsis when cut. */
export function contentPreview(content: string, max = CONTENT_PREVIEW_LENGTH): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
