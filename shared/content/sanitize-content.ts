import sanitizeHtml from 'sanitize-html';
import type { ContentType } from './content-item.schema.ts';
import { HTML_ALLOWED_ATTRIBUTES, HTML_ALLOWED_TAGS, HTML_ALLOWED_URL_SCHEMES } from './html-policy.ts';

const options: sanitizeHtml.IOptions = {
  allowedTags: [...HTML_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(HTML_ALLOWED_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]])),
  allowedSchemes: [...HTML_ALLOWED_URL_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Drop the text inside these entirely, not just the tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open normally but never hand the opener to the target.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};
options.allowedAttributes = { ...options.allowedAttributes, a: [...HTML_ALLOWED_ATTRIBUTES.a, 'rel'] };

/** Server-side cleaning on write: HTML items through the allow-list; text items unchanged (rendered as text). */
export function sanitizeContent(content: string, contentType: ContentType): string {
  return contentType === 'html' ? sanitizeHtml(content, options).trim() : content;
}
