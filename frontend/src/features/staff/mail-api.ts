import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogMail } from '#shared/mail/mail.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { staffCall } from '../../lib/staff-session.ts';
import { documentsKey } from './documents-api.ts';

/**
 * The mail room in the staff dashboard (docs/decisions/0421-mail-room.md): the scan is uploaded
 * (presigned PUT), then the mail logged with its upload id; the answer is the order's documents
 * with its mail, as the documents panel shows them.
 */
export function useLogMail(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, fields }: { file: File; fields: Omit<LogMail, 'uploadId'> }) => {
      const ticket = await staffCall('POST /api/staff/applications/{id}/uploads', {
        params: { id },
        body: { contentType: 'application/pdf', size: file.size },
      });
      const put = await fetch(ticket.url, { method: ticket.method, headers: ticket.headers, body: file });
      if (!put.ok) throw new ApiError(put.status, '', 'The scan could not be uploaded: try again');
      return staffCall('POST /api/staff/applications/{id}/mail', { params: { id }, body: { ...fields, uploadId: ticket.uploadId } });
    },
    onSuccess: (documents) => queryClient.setQueryData(documentsKey(id), documents),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}

export function useMarkMailHandled(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailId: string) => staffCall('POST /api/staff/applications/{id}/mail/{mailId}/handled', { params: { id, mailId } }),
    onSuccess: (documents) => queryClient.setQueryData(documentsKey(id), documents),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}

/** The mail not handled across every order, soonest clock first (GET /api/staff/mail), page by page. */
export function useOpenMail(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['staff', 'open-mail'],
    initialPageParam: '',
    queryFn: ({ pageParam }) => staffCall('GET /api/staff/mail', { query: { cursor: pageParam || undefined } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}
