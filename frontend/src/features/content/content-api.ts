import { useMutation } from '@tanstack/react-query';
import type { CreateContentInput, UpdateContentInput } from '#shared/content/content-item.schema.ts';
import { refreshSharedGet } from '../../lib/shared-get.ts';
import { CONTENT_URL } from '../../lib/site-text.ts';
import { staffCall } from '../../lib/staff-session.ts';

/** Content editor calls (docs/product.md section 7); the list is the public GET /api/content shared with the site. */
function useRefreshContent() {
  return () => refreshSharedGet(CONTENT_URL);
}

export function useCreateContent() {
  const refresh = useRefreshContent();
  return useMutation({ mutationFn: (input: CreateContentInput) => staffCall('POST /api/content', { body: input }), onSuccess: refresh });
}

export function useUpdateContent() {
  const refresh = useRefreshContent();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateContentInput & { id: string }) => staffCall('PATCH /api/content/{id}', { params: { id }, body: input }),
    onSuccess: refresh,
  });
}

export function useDeleteContent() {
  const refresh = useRefreshContent();
  return useMutation({ mutationFn: (id: string) => staffCall('DELETE /api/content/{id}', { params: { id } }), onSuccess: refresh });
}
