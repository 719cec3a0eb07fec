import { type FormEvent, useState } from 'react';
import { ROLE_WORDS, STAFF_ROLES, type StaffRole } from '#shared/staff/accounts.ts';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { StaffShell } from '../../components/StaffShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { ApiError, failureMessage } from '../../lib/api.ts';
import type { ResponseOf } from '../../lib/api-client.ts';
import { useStaffAccount } from '../../lib/staff-session.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { useChangePerson, useInvite, usePeople, usePersonAction } from './account-api.ts';
import { INPUT, LABEL } from './components/TotpEnrolment.tsx';
import { formatDateTime } from './format.ts';
import { StaffGuard } from './StaffGuard.tsx';

type Person = ResponseOf<'GET /api/staff/people'>['items'][number];
type Action = 'remove' | 'reset';

const CONFIRM: Record<Action, { question: (p: Person) => string; yes: string; done: string }> = {
  remove: { question: (p) => `Remove ${p.name}? Their sessions end now and they can no longer sign in.`, yes: 'Yes, remove', done: 'Person Removed' },
  reset: {
    question: (p) =>
      `Reset ${p.name}'s sign-in? Their password and authenticator app are cleared, their sessions end, and a new invitation goes to ${p.email}.`,
    yes: 'Yes, reset',
    done: 'Sign-in Reset',
  },
};

/**
 * A person's role and the owner actions granted them, changed by an owner (audited on the server):
 * making another owner is how the business stops depending on one phone. The server refuses the
 * last owner stepping down (409 last_owner), said here.
 */
function RoleControls({ person, you }: { person: Person; you: boolean }) {
  const change = useChangePerson();
  const [error, setError] = useState<string>();
  async function save(body: { role?: StaffRole; permissions?: 'revealTaxId'[] }) {
    setError(undefined);
    try {
      const saved = await change.mutateAsync({ id: person.id, ...body });
      toast('Role Saved', `${saved.name}: ${ROLE_WORDS[saved.role].name.toLowerCase()}${saved.permissions.length ? ', may reveal tax ids' : ''}.`);
    } catch (err) {
      setError(failureMessage(err));
    }
  }
  const reveals = person.permissions.includes('revealTaxId');
  return (
    <div className="mt-3 flex flex-wrap items-end gap-4 text-sm">
      <div>
        <label htmlFor={`role-${person.id}`} className={LABEL}>
          {you ? 'Your role' : 'Role'}
          <span className="sr-only"> of {person.name}</span>
        </label>
        <select
          id={`role-${person.id}`}
          value={person.role}
          disabled={change.isPending}
          onChange={(e) => save({ role: e.target.value as StaffRole })}
          className="mt-1 rounded-lg border border-slate-300 px-2 py-1.5"
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_WORDS[r].name}
            </option>
          ))}
        </select>
      </div>
      {person.role === 'owner' ? null : (
        <label className="flex items-center gap-2 text-slate-800">
          <input
            type="checkbox"
            aria-label={`${person.name} may reveal tax ids`}
            checked={reveals}
            disabled={change.isPending}
            onChange={(e) => save({ permissions: e.target.checked ? ['revealTaxId'] : [] })}
            className="h-4 w-4"
          />
          May reveal tax ids (EIN filings; each reveal is audited)
        </label>
      )}
      {error ? (
        <p role="alert" className="w-full text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Staff management (owner): who is on the staff, invitations, removal, sign-in resets and sessions. */
export default function PeoplePage() {
  usePageMeta({ title: 'Staff | CreatorLLC' });
  return (
    <StaffGuard returnTo={paths.staffPeople}>
      <People />
    </StaffGuard>
  );
}

function People() {
  const account = useStaffAccount();
  const owner = account.data?.role === 'owner';
  const people = usePeople(owner);
  const invite = useInvite();
  const act = usePersonAction();
  const [form, setForm] = useState<{ email: string; name: string; role: StaffRole }>({ email: '', name: '', role: 'processor' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<{ id: string; action: Action }>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      const person = await invite.mutateAsync(form);
      toast('Invitation Sent', `${person.email} has 72 hours to accept.`);
      setForm({ email: '', name: '', role: 'processor' });
    } catch (err) {
      const details = err instanceof ApiError ? err.body?.details : undefined;
      if (details) setErrors(Object.fromEntries(Object.entries(details).map(([k, v]) => [k, v[0]])));
      toast('Invitation Not Sent', failureMessage(err), 'error');
    }
  }

  async function run(person: Person, action: Action) {
    setConfirming(undefined);
    try {
      await act.mutateAsync({ id: person.id, action });
      toast(CONFIRM[action].done, person.email);
    } catch (err) {
      toast('Update Failed', failureMessage(err), 'error');
    }
  }

  if (account.data && !owner)
    return (
      <StaffShell title="Staff">
        <p className="mt-6 text-sm text-slate-700">Only an owner can manage the staff.</p>
      </StaffShell>
    );

  return (
    <StaffShell title="Staff">
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="people-heading">
          <h2 id="people-heading" className="sr-only">
            People
          </h2>
          {people.isPending ? <p className="text-sm text-slate-600">Loading the staff…</p> : null}
          {people.isError ? (
            <p role="alert" className="text-sm text-red-700">
              The staff could not be loaded: {failureMessage(people.error)}
            </p>
          ) : null}
          <ul className="space-y-3">
            {(people.data?.items ?? []).map((p) => (
              <li key={p.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-person={p.email}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">
                      {p.name} <span className="text-sm font-normal text-slate-600">({ROLE_WORDS[p.role].name.toLowerCase()})</span>
                    </p>
                    <p className="break-all text-sm text-slate-700">{p.email}</p>
                    <p className="mt-1 text-sm text-slate-600">
                      {p.status === 'invited'
                        ? `Invited: the link works until ${formatDateTime(p.inviteExpiresAt)}`
                        : `${p.secondFactors.totp ? 'Authenticator app on' : 'No second factor yet'} · ${p.sessions.length} live session${p.sessions.length === 1 ? '' : 's'}`}
                    </p>
                  </div>
                  {account.data?.id !== p.id ? (
                    <div className="flex flex-wrap gap-2">
                      <Button variant="secondary" onClick={() => setConfirming({ id: p.id, action: 'reset' })}>
                        {p.status === 'invited' ? 'Send a new invitation' : 'Reset sign-in'}
                      </Button>
                      <Button variant="secondary" onClick={() => setConfirming({ id: p.id, action: 'remove' })}>
                        Remove
                      </Button>
                    </div>
                  ) : (
                    <span className="text-sm text-slate-600">You</span>
                  )}
                </div>
                <RoleControls person={p} you={account.data?.id === p.id} />
                {confirming?.id === p.id ? (
                  <div role="alertdialog" aria-label={CONFIRM[confirming.action].yes} className="mt-3 rounded-xl bg-slate-50 p-3 text-sm text-slate-800">
                    <p>{CONFIRM[confirming.action].question(p)}</p>
                    <div className="mt-2 flex gap-2">
                      <Button onClick={() => run(p, confirming.action)} disabled={act.isPending}>
                        {CONFIRM[confirming.action].yes}
                      </Button>
                      <Button variant="secondary" onClick={() => setConfirming(undefined)}>
                        Cancel
                      </Button>
                    </div>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
        <Card>
          <form onSubmit={submit} aria-labelledby="invite-heading">
            <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
              Invite a person
            </h2>
            <p className="mt-1 text-sm text-slate-600">They get an email with a link (valid 72 hours) to choose a password and add an authenticator app.</p>
            <label htmlFor="invite-name" className={`mt-4 ${LABEL}`}>
              Name
            </label>
            <input id="invite-name" required value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} className={INPUT} />
            {errors.name ? <p className="mt-1 text-sm text-red-700">{errors.name}</p> : null}
            <label htmlFor="invite-email" className={`mt-3 ${LABEL}`}>
              Email
            </label>
            <input id="invite-email" type="email" required value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} className={INPUT} />
            {errors.email ? <p className="mt-1 text-sm text-red-700">{errors.email}</p> : null}
            <label htmlFor="invite-role" className={`mt-3 ${LABEL}`}>
              Role
            </label>
            <select id="invite-role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as StaffRole })} className={INPUT}>
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_WORDS[r].name}: {ROLE_WORDS[r].duties}
                </option>
              ))}
            </select>
            <Button type="submit" className="mt-5 w-full" disabled={invite.isPending}>
              {invite.isPending ? 'Sending…' : 'Send invitation'}
            </Button>
          </form>
        </Card>
      </div>
    </StaffShell>
  );
}
