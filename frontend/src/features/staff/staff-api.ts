import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffApplication } from '#shared/staff/applications.ts';
import type { SupportTicket, TicketStatus } from '#shared/staff/tickets.ts';
import { staffJson } from '../../lib/staff-session.ts';

export interface ActivityItem {
  id: string;
  action: string;
  description: string;
  createdAt: string;
}

export interface DashboardStats {
  totalApplications: number;
  pendingApplications: number;
  completedApplications: number;
  openTickets: number;
  recentActivity: ActivityItem[];
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface ApplicationFilter {
  status: string;
  includeDrafts: boolean;
}

export function useDashboard() {
  return useQuery({ queryKey: ['staff', 'dashboard'], queryFn: () => staffJson<DashboardStats>('GET', '/api/staff/dashboard') });
}

export function useApplications(filter: ApplicationFilter) {
  return useInfiniteQuery({
    queryKey: ['staff', 'applications', filter],
    initialPageParam: '',
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams();
      if (filter.status) q.set('status', filter.status);
      else if (filter.includeDrafts) q.set('includeDrafts', 'true');
      if (pageParam) q.set('cursor', pageParam);
      const qs = q.toString();
      return staffJson<Page<StaffApplication>>('GET', `/api/staff/applications${qs ? `?${qs}` : ''}`);
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useTickets() {
  return useInfiniteQuery({
    queryKey: ['staff', 'tickets'],
    initialPageParam: '',
    queryFn: ({ pageParam }) => staffJson<Page<SupportTicket>>('GET', `/api/staff/tickets${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
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
    mutationFn: ({ id, ...update }: { id: string; status?: string; notes?: string }) =>
      staffJson<StaffApplication>('PATCH', `/api/staff/applications/${encodeURIComponent(id)}`, update),
    onSettled: refresh,
  });
}

export function useGenerateSunbiz() {
  const refresh = useRefreshStaffData();
  return useMutation({
    mutationFn: (id: string) => staffJson<{ url: string }>('POST', `/api/staff/sunbiz/${encodeURIComponent(id)}`),
    onSettled: refresh,
  });
}

export function useSetTicketStatus() {
  const refresh = useRefreshStaffData();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TicketStatus }) =>
      staffJson<SupportTicket>('PATCH', `/api/staff/tickets/${encodeURIComponent(id)}`, { status }),
    onSettled: refresh,
  });
}
