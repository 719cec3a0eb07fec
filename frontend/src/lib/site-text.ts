import type { ContentItem } from '#shared/content/content-item.ts';
import { apiUrl } from './api-client.ts';
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
 */
export function useSiteText(page: string, section: string, fallback: string): { text: string; item?: ContentItem } {
  const { data } = useContentItems();
  // Anything but a list (an error page, a proxy's answer) leaves the built-in texts in place.
  const item = Array.isArray(data) ? data.find((i) => i.page === page && i.section === section) : undefined;
  return { text: item?.content ?? fallback, item };
}
