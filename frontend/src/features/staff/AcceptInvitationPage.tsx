import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OpenedInvitation } from '#shared/api/staff-responses.schema.ts';
import { PASSWORD_MIN, roleWithArticle } from '#shared/staff/accounts.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { ApiError, failureMessage } from '../../lib/api.ts';
import { apiCall } from '../../lib/api-client.ts';
import { setStaffToken } from '../../lib/staff-session.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { RecoveryCodes } from './components/RecoveryCodes.tsx';
import { INPUT, LABEL, TotpEnrolment } from './components/TotpEnrolment.tsx';
import { SignInFrame } from './StaffLoginPage.tsx';

/** The invitation's token from the link's fragment (`#invite=...`), which never reaches a server log. */
function inviteFromHash(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('invite') ?? '';
}

/**
 * Accepting a staff invitation (docs/product.md "Staff accounts"): the link from the email opens
 * this page; the person chooses a password and adds an authenticator app, and is signed in.
 */
export default function AcceptInvitationPage() {
  usePageMeta({ title: 'Join the staff | CreatorLLC' });
  const navigate = useNavigate();
  const [invite] = useState(inviteFromHash);
  const [opened, setOpened] = useState<OpenedInvitation>();
  const [failure, setFailure] = useState<string>();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [codes, setCodes] = useState<string[]>();

  useEffect(() => {
    if (!invite) {
      setFailure('This page opens from the link in your invitation email. Open that link again.');
      return;
    }
    // The token stays out of the browser's history once read.
    window.history.replaceState(null, '', window.location.pathname);
    apiCall('POST /api/staff/invitations', { body: { invite } }).then(
      (result) => ('enrolment' in result ? setOpened(result) : setFailure('This invitation was already accepted: sign in instead.')),
      (err: unknown) => setFailure(failureMessage(err)),
    );
  }, [invite]);

  async function accept(totpCode: string) {
    if (!opened) return;
    setPasswordError(undefined);
    setCodeError(undefined);
    if (password.length < PASSWORD_MIN) return setPasswordError(`Use at least ${PASSWORD_MIN} characters`);
    if (password !== repeat) return setPasswordError('The two passwords are not the same');
    setPending(true);
    try {
      const result = await apiCall('POST /api/staff/invitations', { body: { invite, ticket: opened.enrolment.ticket, password, totpCode } });
      if (!('token' in result)) throw new Error('The invitation was not accepted');
      setStaffToken(result.token);
      toast('Welcome to the staff', `Signed in as ${result.person.email}.`);
      if (result.recoveryCodes?.length) setCodes(result.recoveryCodes);
      else navigate(paths.staffDashboard, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid_code') setCodeError(err.serverError);
      else if (err instanceof ApiError && err.body?.details?.password) setPasswordError(err.body.details.password[0]);
      else if (err instanceof ApiError && err.code === 'weak_password') setPasswordError(err.serverError);
      else toast('Could not accept the invitation', failureMessage(err), 'error');
    } finally {
      setPending(false);
    }
  }

  if (codes)
    return (
      <SignInFrame title="Save your recovery codes" intro="You are on the staff and signed in.">
        <RecoveryCodes codes={codes} doneLabel="I have saved them: continue" onDone={() => navigate(paths.staffDashboard, { replace: true })} />
      </SignInFrame>
    );
  if (failure)
    return (
      <SignInFrame title="This invitation cannot be used" intro={failure}>
        <ButtonLink to={paths.staffLogin} variant="secondary" className="mt-6 w-full">
          Go to the staff login
        </ButtonLink>
      </SignInFrame>
    );
  if (!opened)
    return (
      <SignInFrame title="Join the staff" intro="Opening your invitation…">
        <span />
      </SignInFrame>
    );
  return (
    <SignInFrame
      title="Join the staff"
      intro={`Welcome, ${opened.name}. You are invited as ${roleWithArticle(opened.role)}; you will sign in as ${opened.email}.`}
    >
      <TotpEnrolment totp={opened.enrolment.totp} pending={pending} error={codeError} submitLabel="Accept and sign in" onSubmit={accept}>
        <fieldset className="mt-6">
          <legend className="text-sm font-semibold text-slate-900">Choose a password</legend>
          <label htmlFor="new-password" className={`mt-2 ${LABEL}`}>
            New password
          </label>
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby="new-password-hint"
            className={INPUT}
          />
          <p id="new-password-hint" className="mt-1 text-sm text-slate-600">
            At least {PASSWORD_MIN} characters; a few unrelated words make a good one.
          </p>
          <label htmlFor="repeat-password" className={`mt-3 ${LABEL}`}>
            Repeat the password
          </label>
          <input
            id="repeat-password"
            type="password"
            autoComplete="new-password"
            required
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? 'password-error' : undefined}
            className={INPUT}
          />
          {passwordError ? (
            <p id="password-error" role="alert" className="mt-1 text-sm text-red-700">
              {passwordError}
            </p>
          ) : null}
        </fieldset>
        <p className="mt-6 text-sm font-semibold text-slate-900">Add an authenticator app</p>
      </TotpEnrolment>
    </SignInFrame>
  );
}
