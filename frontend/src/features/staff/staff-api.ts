import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, QueryOf, ResponseOf } from '../../lib/api-client.ts';
import { staffCall } from '../../lib/staff-session.ts';

/** The dashboard's answer and its activity entries (types of the API contract). */
export type DashboardStats = ResponseOf<'GET /api/staff/dashboard'>;
export type ActivityItem = DashboardStats['recentActivity'][number];

export interface ApplicationFilter {
  status: string;
  includeDrafts: boolean;
  /** The search box (order number or id, name, email, business name, file number). */
  q?: string;
  paymentStatus?: string;
  state?: string;
  addOn?: string;
  assignee?: string;
}

/** The list query of a filter: only what is set; drafts only when asked and nothing narrower is. */
export function listQueryOf(filter: ApplicationFilter): ListQuery {
  const narrowed = Boolean(filter.q || filter.paymentStatus || filter.state || filter.addOn || filter.assignee);
  return {
    status: (filter.status || undefined) as ListQuery['status'],
    includeDrafts: !filter.status && !narrowed && filter.includeDrafts ? 'true' : undefined,
    q: filter.q?.trim() || undefined,
    paymentStatus: (filter.paymentStatus || undefined) as ListQuery['paymentStatus'],
    state: filter.state || undefined,
    addOn: (filter.addOn || undefined) as ListQuery['addOn'],
    assignee: filter.assignee || undefined,
  };
}

export function useDashboard() {
  return useQuery({ queryKey: ['staff', 'dashboard'], queryFn: () => staffCall('GET /api/staff/dashboard') });
}

type ListQuery = QueryOf<'GET /api/staff/applications'>;

export function useApplications(filter: ApplicationFilter) {
  return useInfiniteQuery({
    queryKey: ['staff', 'applications', filter],
    initialPageParam: '',
    queryFn: ({ pageParam }) => {
      // A status filter shows that status only; drafts are a list of their own otherwise.
      return staffCall('GET /api/staff/applications', { query: { ...listQueryOf(filter), cursor: pageParam || undefined } });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The work queue: every work stage's first page, or the unpaid list (`stage` 'unpaid'). */
export function useWorkQueue(stage?: 'unpaid', enabled = true) {
  return useQuery({
    queryKey: ['staff', 'queue', stage ?? 'work'],
    queryFn: () => staffCall('GET /api/staff/queue', { query: stage ? { stage } : {} }),
    enabled,
  });
}

/** The rest of one stage, from the cursor its page answered. */
export function fetchQueueStage(stage: string, cursor: string) {
  return staffCall('GET /api/staff/queue', { query: { stage: stage as QueryOf<'GET /api/staff/queue'>['stage'], cursor } });
}

/** Tickets newest first: every one, or the open or closed ones; with `q`, those a search finds (one page). */
export function useTickets(status?: 'open' | 'closed', q?: string) {
  return useInfiniteQuery({
    queryKey: ['staff', 'tickets', status ?? 'all', q ?? ''],
    initialPageParam: '',
    queryFn: ({ pageParam }) => staffCall('GET /api/staff/tickets', { query: { cursor: pageParam || undefined, status, q: q || undefined } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** After any change: stats, lists and activity are read again. */
function useRefreshStaffData() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['staff'] });
}

export function useUpdateApplication() {
  const refresh = useRefreshStaffData();
  return useMutation({
    mutationFn: ({ id, ...update }: { id: string } & BodyOf<'PATCH /api/staff/applications/{id}'>) =>
      staffCall('PATCH /api/staff/applications/{id}', { params: { id }, body: update }),
    onSettled: refresh,
  });
}

export function useRefund() {
  const refresh = useRefreshStaffData();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & BodyOf<'POST /api/staff/applications/{id}/refund'>) =>
      staffCall('POST /api/staff/applications/{id}/refund', { params: { id }, body }),
    onSettled: refresh,
  });
}

/** An owner moves a completed order back to filed, with the reason. */
export function useReopen() {
  const refresh = useRefreshStaffData();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => staffCall('POST /api/staff/applications/{id}/reopen', { params: { id }, body: { reason } }),
    onSettled: refresh,
  });
}

/** "Chase": the filing-details reminder emailed again to a paid order waiting for its details. */
export function useChaseDetails() {
  const refresh = useRefreshStaffData();
  return useMutation({
    mutationFn: (id: string) => staffCall('POST /api/staff/applications/{id}/details-chase', { params: { id }, body: {} }),
    onSettled: refresh,
  });
}

/** One change to a ticket: close or reopen it, assign it, or tie it to its order. */
export function useTicketChange() {
  const refresh = useRefreshStaffData();
  return useMutation({
    mutationFn: ({ id, ...change }: { id: string } & BodyOf<'PATCH /api/staff/tickets/{id}'>) =>
      staffCall('PATCH /api/staff/tickets/{id}', { params: { id }, body: change }),
    onSettled: refresh,
  });
}

/** The people an order can be given to (everyone active on the staff). */
export function useAssignees() {
  return useQuery({ queryKey: ['staff', 'assignees'], queryFn: () => staffCall('GET /api/staff/assignees'), staleTime: 60_000 });
}

/** Gives an order to a person (null: nobody) at the version shown. */
export function useAssign() {
  const refresh = useRefreshStaffData();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & BodyOf<'PUT /api/staff/applications/{id}/assignee'>) =>
      staffCall('PUT /api/staff/applications/{id}/assignee', { params: { id }, body }),
    onSettled: refresh,
  });
}

/** Assign or Start Processing for the orders chosen in the queue: each is done or reported with why. */
export function useBulkAction() {
  const refresh = useRefreshStaffData();
  return useMutation({
    mutationFn: (body: BodyOf<'POST /api/staff/bulk-actions'>) => staffCall('POST /api/staff/bulk-actions', { body }),
    onSettled: refresh,
  });
}

/** Owner: a CSV of the filtered orders or of a range of payments, answered as a 5-minute download link. */
export function useExport() {
  return useMutation({ mutationFn: (body: BodyOf<'POST /api/staff/exports'>) => staffCall('POST /api/staff/exports', { body }) });
}

/** Registered agent renewals due in the next 60 days. */
export function useRenewalsDue(enabled: boolean) {
  return useQuery({ queryKey: ['staff', 'renewals-due'], queryFn: () => staffCall('GET /api/staff/renewals-due'), enabled });
}

/** Payments the provider took that no order recorded, newest first. */
export function useUnmatchedPayments() {
  return useInfiniteQuery({
    queryKey: ['staff', 'unmatched-payments'],
    initialPageParam: '',
    queryFn: ({ pageParam }) => staffCall('GET /api/staff/unmatched-payments', { query: { cursor: pageParam || undefined } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
