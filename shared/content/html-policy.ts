/**
 * The one allow-list for HTML content items, applied on write by the server (sanitize-html)
 * and again at render time by the SPA (DOMPurify). Anything not listed is removed: scripts,
 * styles, event-handler attributes, iframes, forms, and any URL that is not http(s) or mailto.
 */
export const HTML_ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'span',
  'code',
] as const;

export const HTML_ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
};

export const HTML_ALLOWED_URL_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Matches URLs DOMPurify may keep: the allowed schemes, or relative paths starting with "/" or "#". */
export const HTML_ALLOWED_URL = /^(?:(?:https?|mailto):|[/#](?!\/))/i;
