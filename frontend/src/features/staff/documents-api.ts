import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UploadKind } from '#shared/orders/documents.ts';
import type { ConfirmHomeStateFee } from '#shared/orders/home-registration.schema.ts';
import type { RecordElectionSent } from '#shared/s-corp/election.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { staffCall } from '../../lib/staff-session.ts';

/**
 * The order documents in the staff dashboard (docs/product.md section 10, "Documents"): the list
 * with every version, regenerating, downloading through 5-minute links, and uploading a PDF
 * (presigned PUT, then recorded). Keys under ['staff'], so every staff change refreshes them.
 */
export const documentsKey = (id: string) => ['staff', 'documents', id] as const;

export function useOrderDocuments(id: string) {
  return useQuery({ queryKey: documentsKey(id), queryFn: () => staffCall('GET /api/staff/applications/{id}/documents', { params: { id } }) });
}

export function useGenerateDocuments(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => staffCall('POST /api/staff/applications/{id}/documents', { params: { id } }),
    onSuccess: (documents) => queryClient.setQueryData(documentsKey(id), documents),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}

/** A 5-minute link to one version, opened as a download without leaving the dashboard. */
export async function downloadDocument(id: string, documentId: string): Promise<void> {
  const { url } = await staffCall('GET /api/staff/applications/{id}/documents/{documentId}', { params: { id, documentId } });
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export interface UploadInput {
  file: File;
  kind: UploadKind;
  fileNumber?: string;
  title?: string;
  filedDocumentId?: string;
  /** With the EIN letter: the EIN it assigns (recorded with the letter in one write). */
  ein?: string;
  /** With the IRS acceptance letter (CP261): the date the election takes effect. */
  effectiveOn?: string;
}

/** POST …/home-state-fee: the home state's registration fee confirmed (docs/decisions/0429); answers the documents with the panel. */
export function useConfirmHomeStateFee(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmHomeStateFee) => staffCall('POST /api/staff/applications/{id}/home-state-fee', { params: { id }, body }),
    onSuccess: (documents) => queryClient.setQueryData(documentsKey(id), documents),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}

/** POST …/election: the Form 2553 recorded as sent (docs/decisions/0422-election-tracked.md); answers the documents with the election. */
export function useRecordElectionSent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordElectionSent) => staffCall('POST /api/staff/applications/{id}/election', { params: { id }, body }),
    onSuccess: (documents) => queryClient.setQueryData(documentsKey(id), documents),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}

/** Sends the file to the documents store (a presigned PUT, not through the API); answers the upload's id, not yet recorded. */
export async function sendUpload(id: string, file: File): Promise<string> {
  const ticket = await staffCall('POST /api/staff/applications/{id}/uploads', {
    params: { id },
    body: { contentType: 'application/pdf', size: file.size },
  });
  const put = await fetch(ticket.url, { method: ticket.method, headers: ticket.headers, body: file });
  if (!put.ok) throw new ApiError(put.status, '', 'The file could not be uploaded: try again');
  return ticket.uploadId;
}

/** Records a sent upload on the order (the EIN letter with its EIN); answers the order's documents. */
export function recordSentUpload(id: string, uploadId: string, { kind, fileNumber, title, filedDocumentId, ein, effectiveOn }: Omit<UploadInput, 'file'>) {
  if (kind === 'ein_letter' && ein) return staffCall('POST /api/staff/applications/{id}/ein', { params: { id }, body: { ein, uploadId } });
  return staffCall('POST /api/staff/applications/{id}/uploads/{uploadId}/record', {
    params: { id, uploadId },
    body: {
      kind,
      ...(fileNumber ? { fileNumber } : {}),
      ...(title ? { title } : {}),
      ...(filedDocumentId ? { filedDocumentId } : {}),
      ...(effectiveOn ? { effectiveOn } : {}),
    },
  });
}

/**
 * Recording a sent upload, as its own mutation: the upload form sends the file when it is chosen
 * and records it after a short hold in which staff can undo (OrderDocumentsPanel.tsx).
 */
export function useRecordUpload(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uploadId, ...input }: Omit<UploadInput, 'file'> & { uploadId: string }) => recordSentUpload(id, uploadId, input),
    onSuccess: (documents) => queryClient.setQueryData(documentsKey(id), documents),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}

/** "Generate Sunbiz": the Florida Articles as Sunbiz takes them (a new version), then downloaded. */
export function useGenerateSunbiz(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const result = await staffCall('POST /api/staff/sunbiz/{id}', { params: { id } });
      const a = document.createElement('a');
      a.href = result.link.url;
      a.rel = 'noopener';
      document.body.appendChild(a);
      a.click();
      a.remove();
      return result;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
