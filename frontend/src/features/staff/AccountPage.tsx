import { useNavigate } from 'react-router-dom';
import { ROLE_WORDS } from '#shared/staff/accounts.ts';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { StaffShell } from '../../components/StaffShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { failureMessage } from '../../lib/api.ts';
import { clearStaffToken, useStaffAccount } from '../../lib/staff-session.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { useEndSession } from './account-api.ts';
import { SecondFactorCard } from './components/SecondFactorCard.tsx';
import { formatDateTime } from './format.ts';
import { StaffGuard } from './StaffGuard.tsx';

/** The signed-in person's own account: who they are, their second factor and their sessions (each can be ended). */
export default function AccountPage() {
  usePageMeta({ title: 'Your account | CreatorLLC' });
  return (
    <StaffGuard returnTo={paths.staffAccount}>
      <Account />
    </StaffGuard>
  );
}

function Account() {
  const navigate = useNavigate();
  const account = useStaffAccount();
  const endSession = useEndSession();
  const a = account.data;

  async function end(id: string, current: boolean) {
    try {
      await endSession.mutateAsync(id);
      if (current) {
        clearStaffToken();
        navigate(paths.staffLogin, { replace: true });
      }
      toast('Session Ended', current ? 'You are signed out.' : 'That browser is signed out.');
    } catch (err) {
      toast('Could not end the session', failureMessage(err), 'error');
    }
  }

  return (
    <StaffShell title="Your account">
      {account.isError ? <p className="mt-6 text-sm text-red-700">Your account could not be loaded: {failureMessage(account.error)}</p> : null}
      {a ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">{a.name}</h2>
            <dl className="mt-3 space-y-1 text-sm text-slate-700">
              <div>
                <dt className="inline font-medium">Email: </dt>
                <dd className="inline">{a.email}</dd>
              </div>
              <div>
                <dt className="inline font-medium">Role: </dt>
                <dd className="inline">
                  {ROLE_WORDS[a.role].name} ({ROLE_WORDS[a.role].duties}){a.permissions.includes('revealTaxId') ? '; may reveal tax ids' : ''}
                </dd>
              </div>
            </dl>
            <SecondFactorCard account={a} />
          </Card>
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">Your sessions</h2>
            <p className="mt-1 text-sm text-slate-600">Each browser you are signed in with. A session lasts 12 hours; end any you do not recognise.</p>
            <ul className="mt-4 divide-y divide-slate-100">
              {a.sessions.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-session={s.id}>
                  <div className="min-w-0 text-sm">
                    <p className="break-words font-medium text-slate-900">
                      {s.device}
                      {s.current ? (
                        <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">This browser</span>
                      ) : null}
                    </p>
                    <p className="text-slate-600">
                      Signed in {formatDateTime(s.createdAt)} · ends {formatDateTime(s.expiresAt)}
                    </p>
                  </div>
                  <Button variant="secondary" onClick={() => end(s.id, s.current)} disabled={endSession.isPending}>
                    {s.current ? 'Sign out here' : 'End session'}
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      ) : null}
    </StaffShell>
  );
}
