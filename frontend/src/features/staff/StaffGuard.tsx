import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useStaffSession } from '../../lib/staff-session.ts';
import { paths, type StaffReturnPath } from '../../paths.ts';

/** A staff screen: without a token, the login page (which returns here); any 401 ends the session. */
export function StaffGuard({ returnTo, children }: { returnTo: StaffReturnPath; children: ReactNode }) {
  const hasToken = useStaffSession();
  if (!hasToken) return <Navigate to={paths.staffLoginReturningTo(returnTo)} replace />;
  return children;
}
