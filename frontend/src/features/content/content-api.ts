import { useMutation } from '@tanstack/react-query';
import type { ContentItem, CreateContentInput, UpdateContentInput } from '#shared/content/content-item.ts';
import { refreshSharedGet } from '../../lib/shared-get.ts';
import { CONTENT_URL } from '../../lib/site-text.ts';
import { staffJson } from '../../lib/staff-session.ts';

/** Content editor calls (docs/product.md section 7); the list is the public GET /api/content shared with the site. */
function useRefreshContent() {
  return () => refreshSharedGet(CONTENT_URL);
}

export function useCreateContent() {
  const refresh = useRefreshContent();
  return useMutation({ mutationFn: (input: CreateContentInput) => staffJson<ContentItem>('POST', '/api/content', input), onSuccess: refresh });
}

export function useUpdateContent() {
  const refresh = useRefreshContent();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateContentInput & { id: string }) => staffJson<ContentItem>('PATCH', `/api/content/${encodeURIComponent(id)}`, input),
    onSuccess: refresh,
  });
}

export function useDeleteContent() {
  const refresh = useRefreshContent();
  return useMutation({ mutationFn: (id: string) => staffJson<void>('DELETE', `/api/content/${encodeURIComponent(id)}`), onSuccess: refresh });
}
