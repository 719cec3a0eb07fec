import { type FormEvent, useState } from 'react';
import type { Enrolment, StaffAccount } from '#shared/api/staff-responses.schema.ts';
import { Button } from '../../../components/Button.tsx';
import { ApiError, failureMessage } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddFactor, useNewRecoveryCodes, useRemoveFactor, useStartFactor } from '../account-api.ts';
import { formatDateTime } from '../format.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { INPUT, LABEL, TotpEnrolment } from './TotpEnrolment.tsx';

type Change = 'add' | 'replace' | 'remove' | 'codes';

const ASK: Record<Change, { title: string; submit: string }> = {
  add: { title: 'Type your password to add an authenticator app', submit: 'Continue' },
  replace: { title: 'Type your password to move the app to another phone', submit: 'Continue' },
  remove: { title: 'Type your password to remove the authenticator app', submit: 'Remove the app' },
  codes: { title: 'Type your password to get new recovery codes', submit: 'Get new codes' },
};

const recoveryLeft = (n: number | undefined) =>
  n === undefined ? '' : n === 0 ? 'No recovery codes left: get new ones.' : `${n} recovery code${n === 1 ? '' : 's'} left.`;

/**
 * The account's second factor: adding an authenticator app, replacing it (a new phone) or removing
 * it (where the stage allows none) each starts with the password typed again; the server refuses
 * any of them without it, so a stolen session alone cannot change the factor.
 */
export function SecondFactorCard({ account }: { account: StaffAccount }) {
  const start = useStartFactor();
  const add = useAddFactor();
  const remove = useRemoveFactor();
  const newCodes = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[]>();
  const [asking, setAsking] = useState<Change>();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [codeError, setCodeError] = useState<string>();
  const has = account.secondFactors.totp;

  function ask(change: Change) {
    setAsking(change);
    setPassword('');
    setPasswordError(undefined);
  }

  async function submitPassword(e: FormEvent) {
    e.preventDefault();
    if (!asking) return;
    setPasswordError(undefined);
    try {
      if (asking === 'remove') {
        await remove.mutateAsync({ password });
        toast('Authenticator app removed', 'Signing in now asks for your password only.');
      } else if (asking === 'codes') {
        setCodes((await newCodes.mutateAsync({ password })).recoveryCodes);
      } else {
        setEnrolment(await start.mutateAsync({ password }));
      }
      setAsking(undefined);
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'wrong_password' || err.code === 'password_required' || err.code === 'login_locked'))
        setPasswordError(err.serverError);
      else toast('Could not continue', failureMessage(err), 'error');
    } finally {
      setPassword('');
    }
  }

  async function confirm(totpCode: string) {
    if (!enrolment) return;
    setCodeError(undefined);
    try {
      const added = await add.mutateAsync({ ticket: enrolment.ticket, totpCode });
      setEnrolment(undefined);
      if ('recoveryCodes' in added && added.recoveryCodes) setCodes(added.recoveryCodes);
      toast(has ? 'Authenticator app replaced' : 'Authenticator app added', 'Signing in now asks for its code.');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid_code') setCodeError(err.serverError);
      else toast('Could not add the app', failureMessage(err), 'error');
    }
  }

  if (codes)
    return (
      <>
        <h3 className="mt-6 text-base font-semibold text-slate-900">Second factor</h3>
        <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />
      </>
    );

  if (enrolment)
    return (
      <>
        <h3 className="mt-6 text-base font-semibold text-slate-900">Second factor</h3>
        <TotpEnrolment totp={enrolment.totp} pending={add.isPending} error={codeError} submitLabel={has ? 'Use this app' : 'Add the app'} onSubmit={confirm} />
        <Button variant="secondary" className="mt-3 w-full" onClick={() => setEnrolment(undefined)}>
          Cancel
        </Button>
      </>
    );

  return (
    <>
      <h3 className="mt-6 text-base font-semibold text-slate-900">Second factor</h3>
      <p className="mt-1 text-sm text-slate-700">
        {has
          ? `Authenticator app, added ${account.secondFactors.totpAddedAt ? formatDateTime(account.secondFactors.totpAddedAt) : ''}. ${recoveryLeft(account.secondFactors.recoveryCodesLeft)}`
          : account.secondFactorRequired
            ? 'None yet. Signing in here requires one: add an authenticator app.'
            : 'None yet. Add an authenticator app so a stolen password alone cannot open your account.'}
      </p>
      {asking ? (
        <form onSubmit={submitPassword} aria-label="Confirm with your password" className="mt-3">
          <label htmlFor="factor-password" className={LABEL}>
            {ASK[asking].title}
          </label>
          <input
            id="factor-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? 'factor-password-error' : undefined}
            className={INPUT}
          />
          {passwordError ? (
            <p id="factor-password-error" role="alert" className="mt-1 text-sm text-red-700">
              {passwordError}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="submit" disabled={!password || start.isPending || remove.isPending || newCodes.isPending}>
              {ASK[asking].submit}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(undefined)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : has ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => ask('replace')}>
            Move to another phone
          </Button>
          <Button variant="secondary" onClick={() => ask('codes')}>
            New recovery codes
          </Button>
          {account.secondFactorRequired ? null : (
            <Button variant="secondary" onClick={() => ask('remove')}>
              Remove the app
            </Button>
          )}
        </div>
      ) : (
        <Button className="mt-3" onClick={() => ask('add')}>
          Add an authenticator app
        </Button>
      )}
    </>
  );
}
