import type { ContentItem } from '#shared/content/content-item.schema.ts';
import { apiUrl } from './api-client.ts';
import { pageTexts } from './page-data.ts';
import { useSharedGet } from './shared-get.ts';

export type { ContentItem };
/** The shared cache's key of the content list (refreshed after staff edits). */
export const CONTENT_URL = apiUrl('GET /api/content');

/** All content items (GET /api/content), fetched once per visit and shared by the site. */
export function useContentItems() {
  return useSharedGet<ContentItem[]>(CONTENT_URL);
}

/**
 * The site's text for (page, section): the content item when one exists, else the built-in
 * default. Staff edit these in the content editor.
 *
 * A prerendered page carries the texts it was rendered with (./page-data.ts): those are shown,
 * and the list is not fetched, so the first paint is the published text and nothing is swapped
 * after it. A list fetched during the visit (another screen, the content editor) is newer and
 * wins from the next render of a screen.
 */
export function useSiteText(page: string, section: string, fallback: string): { text: string; item?: ContentItem } {
  const carried = pageTexts(page);
  const { data } = useSharedGet<ContentItem[]>(CONTENT_URL, { load: !carried });
  // Anything but a list (an error page, a proxy's answer) leaves the built-in texts in place.
  const items = Array.isArray(data) ? data : carried;
  const item = items?.find((i) => i.page === page && i.section === section);
  return { text: item?.content ?? fallback, item };
}
