import { useQuery } from '@tanstack/react-query';

export interface ContentItem {
  id: string;
  page: string;
  section: string;
  content: string;
  contentType: 'text' | 'html';
}

/** All content items (GET /api/content), fetched once per visit. */
export function useContentItems() {
  return useQuery<ContentItem[]>({ queryKey: ['/api/content'] });
}

/**
 * The site's text for (page, section): the content item when one exists, else the built-in
 * default. Staff edit these in the content editor.
 */
export function useSiteText(page: string, section: string, fallback: string): { text: string; item?: ContentItem } {
  const { data } = useContentItems();
  const item = data?.find((i) => i.page === page && i.section === section);
  return { text: item?.content ?? fallback, item };
}
