import { type FormEvent, type ReactNode, useLayoutEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { SecondProof } from '#shared/api/contract/staff-access.schema.ts';
import type { Enrolment, LoginResult, SignedIn } from '#shared/api/staff-responses.schema.ts';
import { Button } from '../../components/Button.tsx';
import { Logo } from '../../components/Logo.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { ApiError } from '../../lib/api.ts';
import { apiCall } from '../../lib/api-client.ts';
import { clockTime } from '../../lib/local-dates.ts';
import { getStaffToken, setStaffToken } from '../../lib/staff-session.ts';
import { toast } from '../../lib/toast.ts';
import { paths, staffReturnPath } from '../../paths.ts';
import { RecoveryCodes } from './components/RecoveryCodes.tsx';
import { CodeField, INPUT, LABEL, TotpEnrolment } from './components/TotpEnrolment.tsx';

/**
 * The sentence for a refused login. A lockout (429) says when to try again, from the answer's
 * `retryAfterSeconds`; otherwise the server's sentence, else "Invalid credentials".
 */
export function loginFailureMessage(err: ApiError, now = Date.now()): string {
  const wait = err.body?.retryAfterSeconds;
  if (err.status === 429 && typeof wait === 'number' && wait > 0) {
    const minutes = Math.max(1, Math.ceil(wait / 60));
    const at = clockTime(new Date(now + wait * 1000).toISOString());
    return `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} (at ${at}).`;
  }
  return err.serverError ?? (err.status === 429 ? 'Too many failed login attempts. Please wait a few minutes and try again.' : 'Invalid credentials');
}

/** A frame shared by the sign-in steps and the invitation page. */
export function SignInFrame({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-indigo-50 via-white to-violet-50 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <Link to={paths.home} aria-label="CreatorLLC home">
            <Logo />
          </Link>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <div className="mt-1 text-sm text-slate-600">{intro}</div>
          {children}
        </div>
      </div>
    </main>
  );
}

const SIGN_IN_TITLE = 'Staff login';
const SIGN_IN_INTRO = 'Sign in to manage applications, tickets and site content.';

/**
 * The sign-in form before the app runs: its labels, grey boxes where the fields go and the button,
 * at the form's size, with nothing to type into (a value typed before the app would be lost).
 */
function SignInSkeleton() {
  return (
    <div role="status" aria-label="Loading the form" aria-busy="true">
      <p className={`mt-6 ${LABEL}`}>Email</p>
      <div className={`${INPUT} min-h-[2.875rem] animate-pulse bg-slate-50`} />
      <p className={`mt-4 ${LABEL}`}>Password</p>
      <div className={`${INPUT} min-h-[2.875rem] animate-pulse bg-slate-50`} />
      <Button type="button" className="mt-6 w-full" disabled>
        Sign in
      </Button>
    </div>
  );
}

type Step =
  | { kind: 'password' }
  | { kind: 'code'; ticket: string; recovery: boolean }
  | { kind: 'proof'; proof: SecondProof; notice: string }
  | { kind: 'enrol'; enrolment: Enrolment }
  | { kind: 'codes'; codes: string[] };

/**
 * Staff login (docs/product.md "Staff login"): email and password, then the code of the person's
 * authenticator app, or, where the stage requires a second factor and they have none yet, adding
 * one. Once too many wrong passwords were tried on the account (401 second_proof_required), the
 * password and a second proof together: the app's code (or a recovery code), or the code emailed
 * to the account. `?next=` returns to the staff screen that sent here.
 */
export default function StaffLoginPage() {
  usePageMeta({ title: 'Staff login | CreatorLLC' });
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = staffReturnPath(search.get('next')) ?? paths.staffDashboard;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [codeError, setCodeError] = useState<string>();
  const [pending, setPending] = useState(false);
  // The first render is the page's frame, as prerendered for everyone (site/pages.ts,
  // docs/decisions/0195); the form and a signed-in browser's redirect come once it has mounted.
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => setMounted(true), []);
  if (!mounted)
    return (
      <SignInFrame title={SIGN_IN_TITLE} intro={SIGN_IN_INTRO}>
        <SignInSkeleton />
      </SignInFrame>
    );
  if (getStaffToken() && step.kind !== 'codes') return <Navigate to={next} replace />;

  function signedIn(result: SignedIn) {
    setStaffToken(result.token);
    // A second factor enrolled just now: its recovery codes are shown before going on.
    if (result.recoveryCodes?.length) return setStep({ kind: 'codes', codes: result.recoveryCodes });
    toast('Login Successful', 'Welcome back.');
    navigate(next, { replace: true });
  }

  async function attempt(call: () => Promise<LoginResult>, onCodeError = false) {
    setPending(true);
    setCodeError(undefined);
    try {
      const result = await call();
      if (result.status === 'signed_in') signedIn(result);
      else if (result.status === 'second_factor') setStep({ kind: 'code', ticket: result.ticket, recovery: result.methods.includes('recovery_code') });
      else setStep({ kind: 'enrol', enrolment: result.enrolment });
    } catch (err) {
      if (!(err instanceof ApiError)) toast('Login Error', 'Failed to connect to server', 'error');
      else if (err.code === 'second_proof_required') {
        const proof: SecondProof = err.body?.proof === 'authenticator' ? 'authenticator' : 'email_code';
        setStep({ kind: 'proof', proof, notice: err.serverError ?? '' });
        setCode('');
        setUseRecovery(false);
      } else if (onCodeError && (err.code === 'invalid_code' || (step.kind === 'proof' && err.code === 'invalid_credentials'))) setCodeError(err.serverError);
      else {
        // An expired step starts again from the password.
        if (err.code === 'sign_in_step_expired') setStep({ kind: 'password' });
        toast('Login Failed', loginFailureMessage(err), 'error');
      }
    } finally {
      setPending(false);
    }
  }

  function submitPassword(e: FormEvent) {
    e.preventDefault();
    if (!email || !password) return;
    void attempt(() => apiCall('POST /api/staff/login', { body: { email, password } }));
  }

  function submitCode(ticket: string, totpCode: string) {
    void attempt(() => apiCall('POST /api/staff/login', { body: { ticket, totpCode } }), true);
  }

  function submitRecoveryCode(ticket: string, recoveryCode: string) {
    void attempt(() => apiCall('POST /api/staff/login', { body: { ticket, recoveryCode } }), true);
  }

  /** The password and the second proof in one request (after too many wrong passwords on the account). */
  function submitWithProof(proof: SecondProof) {
    if (!password || !code.trim()) return;
    const second = proof === 'email_code' ? { emailCode: code } : useRecovery ? { recoveryCode: code } : { totpCode: code };
    void attempt(() => apiCall('POST /api/staff/login', { body: { email, password, ...second } }), true);
  }

  if (step.kind === 'codes')
    return (
      <SignInFrame title="Save your recovery codes" intro="Your authenticator app is added, and you are signed in.">
        <RecoveryCodes
          codes={step.codes}
          doneLabel="I have saved them: continue"
          onDone={() => {
            toast('Login Successful', 'Welcome.');
            navigate(next, { replace: true });
          }}
        />
      </SignInFrame>
    );

  if (step.kind === 'code')
    return (
      <SignInFrame title="Staff login" intro={`Signed in as ${email}: one more step.`}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!code.trim()) return;
            if (useRecovery) submitRecoveryCode(step.ticket, code);
            else submitCode(step.ticket, code);
          }}
        >
          {useRecovery ? (
            <div className="mt-5">
              <label htmlFor="staff-recovery-code" className={LABEL}>
                Recovery code
              </label>
              <input
                id="staff-recovery-code"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={40}
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-describedby={codeError ? 'staff-recovery-code-error' : 'staff-recovery-code-hint'}
                aria-invalid={codeError ? true : undefined}
                className={`${INPUT} font-mono`}
              />
              {codeError ? (
                <p id="staff-recovery-code-error" role="alert" className="mt-1 text-sm text-red-700">
                  {codeError}
                </p>
              ) : (
                <p id="staff-recovery-code-hint" className="mt-1 text-sm text-slate-600">
                  One of the ten codes you saved when you added the app, like k3m9q-x7hta. Each works once.
                </p>
              )}
            </div>
          ) : (
            <CodeField id="staff-code" value={code} onChange={setCode} error={codeError} />
          )}
          <Button type="submit" className="mt-6 w-full" disabled={pending || !code.trim()}>
            {pending ? 'Checking…' : 'Verify'}
          </Button>
        </form>
        {step.recovery ? (
          <Button
            variant="secondary"
            className="mt-3 w-full"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setCode('');
              setCodeError(undefined);
            }}
          >
            {useRecovery ? 'Use the authenticator app instead' : 'Lost your phone? Use a recovery code'}
          </Button>
        ) : null}
        <p className="mt-4 text-sm text-slate-600">No recovery codes left? Ask an owner to reset your sign-in.</p>
      </SignInFrame>
    );

  if (step.kind === 'proof')
    return (
      <SignInFrame title="Staff login" intro={step.notice}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submitWithProof(step.proof);
          }}
        >
          <p className="mt-4 text-sm text-slate-700">
            Signing in as <span className="font-medium">{email}</span>.
          </p>
          <label htmlFor="staff-proof-password" className={`mt-4 ${LABEL}`}>
            Password
          </label>
          <input
            id="staff-proof-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={INPUT}
          />
          {step.proof === 'authenticator' && !useRecovery ? (
            <CodeField id="staff-proof-code" value={code} onChange={setCode} error={codeError} />
          ) : (
            <div className="mt-5">
              <label htmlFor="staff-proof-code" className={LABEL}>
                {step.proof === 'email_code' ? 'Code from the email' : 'Recovery code'}
              </label>
              <input
                id="staff-proof-code"
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={40}
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-describedby={codeError ? 'staff-proof-code-error' : 'staff-proof-code-hint'}
                aria-invalid={codeError ? true : undefined}
                className={`${INPUT} font-mono`}
              />
              {codeError ? (
                <p id="staff-proof-code-error" role="alert" className="mt-1 text-sm text-red-700">
                  {codeError}
                </p>
              ) : (
                <p id="staff-proof-code-hint" className="mt-1 text-sm text-slate-600">
                  {step.proof === 'email_code'
                    ? 'The one-time code in the email sent to your address, like k3m9q-x7hta. Any code from the last 30 minutes works, once.'
                    : 'One of the ten codes you saved when you added the app, like k3m9q-x7hta. Each works once.'}
                </p>
              )}
            </div>
          )}
          <Button type="submit" className="mt-6 w-full" disabled={pending || !password || !code.trim()}>
            {pending ? 'Checking…' : 'Sign in'}
          </Button>
        </form>
        {step.proof === 'authenticator' ? (
          <Button
            variant="secondary"
            className="mt-3 w-full"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setCode('');
              setCodeError(undefined);
            }}
          >
            {useRecovery ? 'Use the authenticator app instead' : 'Lost your phone? Use a recovery code'}
          </Button>
        ) : null}
      </SignInFrame>
    );

  if (step.kind === 'enrol')
    return (
      <SignInFrame title="Add an authenticator app" intro="Every staff sign-in here needs a second factor. Add one now to finish signing in.">
        <TotpEnrolment
          totp={step.enrolment.totp}
          pending={pending}
          error={codeError}
          submitLabel="Verify and sign in"
          onSubmit={(c) => submitCode(step.enrolment.ticket, c)}
        />
      </SignInFrame>
    );

  return (
    <SignInFrame title={SIGN_IN_TITLE} intro={SIGN_IN_INTRO}>
      <form onSubmit={submitPassword}>
        <label htmlFor="staff-email" className={`mt-6 ${LABEL}`}>
          Email
        </label>
        <input id="staff-email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} className={INPUT} />
        <label htmlFor="staff-password" className={`mt-4 ${LABEL}`}>
          Password
        </label>
        <input
          id="staff-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className={INPUT}
        />
        <Button type="submit" className="mt-6 w-full" disabled={pending || !email || !password}>
          {pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </SignInFrame>
  );
}
