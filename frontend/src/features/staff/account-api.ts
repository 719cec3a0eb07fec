import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Enrolment } from '#shared/api/staff-responses.schema.ts';
import type { BodyOf, QueryOf } from '../../lib/api-client.ts';
import { refreshOperatorSettings } from '../../lib/operator.ts';
import { staffCall } from '../../lib/staff-session.ts';

/** The staff-account, audit and operator-settings calls of the staff screens. */

function useRefresh(...keys: string[][]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** A new authenticator-app secret for the signed-in person, after their password typed again (adding or replacing an app). */
export function useStartFactor() {
  return useMutation({
    mutationFn: async (body: { password: string }): Promise<Enrolment> => {
      const result = await staffCall('POST /api/staff/account/second-factor', { body });
      if (!('ticket' in result)) throw new Error('No authenticator-app secret was returned');
      return result;
    },
  });
}

/** The app's first code proves it: the account gets it (the route with the ticket and the code). */
export function useAddFactor() {
  const refresh = useRefresh(['staff', 'account']);
  return useMutation({
    mutationFn: (body: { ticket: string; totpCode: string }) => staffCall('POST /api/staff/account/second-factor', { body }),
    onSuccess: refresh,
  });
}

/** Removes the authenticator app, with the password typed again. */
export function useRemoveFactor() {
  const refresh = useRefresh(['staff', 'account']);
  return useMutation({
    mutationFn: (body: { password: string }) => staffCall('POST /api/staff/account/second-factor/removal', { body }),
    onSuccess: refresh,
  });
}

/** Ten new recovery codes (the old ones stop working), with the password typed again. */
export function useNewRecoveryCodes() {
  const refresh = useRefresh(['staff', 'account']);
  return useMutation({
    mutationFn: (body: { password: string }) => staffCall('POST /api/staff/account/recovery-codes', { body }),
    onSuccess: refresh,
  });
}

export function useEndSession() {
  const refresh = useRefresh(['staff', 'account']);
  return useMutation({
    mutationFn: (id: string) => staffCall('DELETE /api/staff/account/sessions/{id}', { params: { id } }),
    onSettled: refresh,
  });
}

export function usePeople(enabled: boolean) {
  return useQuery({ queryKey: ['staff', 'people'], queryFn: () => staffCall('GET /api/staff/people'), enabled });
}

export function useInvite() {
  const refresh = useRefresh(['staff', 'people']);
  return useMutation({ mutationFn: (body: BodyOf<'POST /api/staff/people'>) => staffCall('POST /api/staff/people', { body }), onSettled: refresh });
}

export function usePersonAction() {
  const refresh = useRefresh(['staff', 'people'], ['staff', 'audit']);
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'remove' | 'reset' }) =>
      action === 'remove' ? staffCall('DELETE /api/staff/people/{id}', { params: { id } }) : staffCall('POST /api/staff/people/{id}/reset', { params: { id } }),
    onSettled: refresh,
  });
}

/** The owner changes a person's role or the owner actions granted them. */
export function useChangePerson() {
  const refresh = useRefresh(['staff', 'people'], ['staff', 'account'], ['staff', 'audit']);
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & BodyOf<'PATCH /api/staff/people/{id}'>) =>
      staffCall('PATCH /api/staff/people/{id}', { params: { id }, body }),
    onSettled: refresh,
  });
}

export type AuditFilter = Omit<NonNullable<QueryOf<'GET /api/staff/audit'>>, 'cursor'>;

export function useAuditTrail(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: ['staff', 'audit', filter],
    initialPageParam: '',
    queryFn: ({ pageParam }) => staffCall('GET /api/staff/audit', { query: { ...filter, cursor: pageParam || undefined } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useSaveSettings() {
  return useMutation({
    mutationFn: (body: BodyOf<'PUT /api/staff/operator-settings'>) => staffCall('PUT /api/staff/operator-settings', { body }),
    onSuccess: () => refreshOperatorSettings(),
  });
}
