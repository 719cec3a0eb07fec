import DOMPurify from 'dompurify';
import { HTML_ALLOWED_ATTRIBUTES, HTML_ALLOWED_TAGS, HTML_ALLOWED_URL } from '#shared/content/html-policy.ts';

/**
 * Render-time cleaning of HTML content items with the same allow-list the server applies on
 * write (defence in depth). Loaded lazily, only by screens that render HTML items.
 */
const ALLOWED_ATTR = [...new Set([...Object.values(HTML_ALLOWED_ATTRIBUTES).flat(), 'rel'])];

export function purifyHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...HTML_ALLOWED_TAGS],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: HTML_ALLOWED_URL,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
