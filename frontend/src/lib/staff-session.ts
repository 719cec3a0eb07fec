import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { mayPerform, type StaffAction } from '#shared/staff/actions.ts';
import { paths, staffReturnPath } from '../paths.ts';
import { setUnauthorizedHandler } from './api.ts';
import { type ApiRouteKey, apiCall, type CallArgs, type ResponseOf } from './api-client.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/** The staff token lives in localStorage under 'staff_token' (docs/product.md section 9). */
export const STAFF_TOKEN_KEY = STORAGE_KEYS.staffToken;

export function getStaffToken(): string | null {
  try {
    return localStorage.getItem(STAFF_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setStaffToken(token: string): void {
  localStorage.setItem(STAFF_TOKEN_KEY, token);
}

export function clearStaffToken(): void {
  try {
    localStorage.removeItem(STAFF_TOKEN_KEY);
  } catch {}
}

/** A staff API call (typed like apiCall): the token goes in the staff-token header; a 401 ends the session. */
export function staffCall<K extends ApiRouteKey>(key: K, ...[options]: CallArgs<K>): Promise<ResponseOf<K>> {
  const withToken = { ...options, headers: { ...options?.headers, 'staff-token': getStaffToken() ?? '' } };
  return apiCall(key, ...([withToken] as CallArgs<K>));
}

/**
 * For staff screens: while mounted, any 401 from a staff call removes the token and sends the
 * user to the login page, which returns to this screen after signing in. Returns whether a token
 * exists (callers redirect when it does not).
 */
export function useStaffSession(): boolean {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const hasToken = Boolean(getStaffToken());
  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearStaffToken();
      queryClient.removeQueries({ queryKey: ['staff'] });
      const back = staffReturnPath(pathname);
      navigate(back ? paths.staffLoginReturningTo(back) : paths.staffLogin, { replace: true });
    });
    return () => setUnauthorizedHandler(undefined);
  }, [navigate, queryClient, pathname]);
  return hasToken;
}

/** The signed-in person (role, second factor, sessions): the staff frame shows the owner's screens only to owners. */
export function useStaffAccount() {
  return useQuery({ queryKey: ['staff', 'account'], queryFn: () => staffCall('GET /api/staff/account') });
}

/**
 * Whether the signed-in person's role allows `action` (shared/staff/actions.ts): its button is
 * shown only then. False until the account is known, so a refused button never flashes up.
 */
export function useMayPerform(action: StaffAction): boolean {
  const account = useStaffAccount();
  return mayPerform(account.data, action);
}

/**
 * The session check a staff screen makes on load (the dashboard's own stats call does it there):
 * an invalid or expired token answers 401, which ends the session before anything is typed.
 */
export function useStaffSessionCheck() {
  return useQuery({ queryKey: ['staff', 'dashboard'], queryFn: () => staffCall('GET /api/staff/dashboard') });
}

export async function logoutStaff(): Promise<void> {
  const token = getStaffToken();
  clearStaffToken();
  if (token) {
    try {
      await apiCall('POST /api/staff/logout', { headers: { 'staff-token': token } });
    } catch {
      // The token is gone locally either way; the server session also expires on its own.
    }
  }
}
