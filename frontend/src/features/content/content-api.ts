import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RejectContentDraftInput, SaveContentDraftInput } from '#shared/content/content-draft.schema.ts';
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

/** Drafts of site texts waiting for an owner, and rejected ones (docs/decisions/0412). */
const DRAFTS_KEY = ['staff', 'content-drafts'] as const;

export function useContentDrafts() {
  return useQuery({ queryKey: DRAFTS_KEY, queryFn: () => staffCall('GET /api/content/drafts') });
}

function useRefreshDrafts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: DRAFTS_KEY });
}

/** A processor's change: saved as a draft; the public text does not change. */
export function useSaveDraft() {
  const refreshDrafts = useRefreshDrafts();
  return useMutation({ mutationFn: (input: SaveContentDraftInput) => staffCall('POST /api/content/drafts', { body: input }), onSuccess: refreshDrafts });
}

/** An owner publishes a draft as previewed: the site's texts and the drafts are read again. */
export function useApproveDraft() {
  const refresh = useRefreshContent();
  const refreshDrafts = useRefreshDrafts();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => staffCall('POST /api/content/drafts/{id}/approve', { params: { id }, body: { version } }),
    onSuccess: async () => {
      await Promise.all([refresh(), refreshDrafts()]);
    },
  });
}

export function useRejectDraft() {
  const refreshDrafts = useRefreshDrafts();
  return useMutation({
    mutationFn: ({ id, ...input }: RejectContentDraftInput & { id: string }) =>
      staffCall('POST /api/content/drafts/{id}/reject', { params: { id }, body: input }),
    onSuccess: refreshDrafts,
  });
}
