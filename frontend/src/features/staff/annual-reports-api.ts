import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { staffCall } from '../../lib/staff-session.ts';

/**
 * The annual reports filed for customers (docs/decisions/0431): the paid reports still to file
 * across orders, and recording one filed: the state's receipt uploaded (presigned PUT, recorded as
 * `annual_report_receipt`), then the confirmation number with the receipt's upload id.
 */
export function useReportsToFile(enabled: boolean) {
  return useQuery({ queryKey: ['staff', 'annual-reports'], queryFn: () => staffCall('GET /api/staff/annual-reports'), enabled });
}

export function useRecordAnnualReport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, dueOn, confirmation }: { file: File; dueOn: string; confirmation: string }) => {
      const ticket = await staffCall('POST /api/staff/applications/{id}/uploads', {
        params: { id },
        body: { contentType: 'application/pdf', size: file.size },
      });
      const put = await fetch(ticket.url, { method: ticket.method, headers: ticket.headers, body: file });
      if (!put.ok) throw new ApiError(put.status, '', "The state's receipt could not be uploaded: try again");
      await staffCall('POST /api/staff/applications/{id}/uploads/{uploadId}/record', {
        params: { id, uploadId: ticket.uploadId },
        body: { kind: 'annual_report_receipt' },
      });
      return staffCall('POST /api/staff/applications/{id}/annual-report', {
        params: { id },
        body: { dueOn, confirmation, receiptDocumentId: ticket.uploadId },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}

/** The order a report's row opens its portal sheet from (the staff view of the application), read when the sheet is opened. */
export function useReportOrder(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'application', id],
    queryFn: () => staffCall('GET /api/staff/applications/{id}', { params: { id } }),
    enabled,
  });
}

/** An owner refunds one report's charge, with the reason (docs/decisions/0435); answers the order as staff see it. */
export function useRefundAnnualReport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { dueOn: string; reason: string }) => staffCall('POST /api/staff/applications/{id}/annual-report/refund', { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
