import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../components/Button.tsx';

export interface TotpSetup {
  secret: string;
  uri: string;
  qrSvg: string;
}

export const INPUT =
  'mt-2 block w-full rounded-xl border border-slate-300 px-3 py-2.5 text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';
export const LABEL = 'block text-sm font-medium text-slate-800';

/** "JBSWY3DPEHPK3PXP" -> "JBSW Y3DP EHPK 3PXP": easier to type into an app by hand. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The 6-digit code field every second-factor step uses (the browser may fill it from an app). */
export function CodeField({ id, value, onChange, error }: { id: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <div className="mt-5">
      <label htmlFor={id} className={LABEL}>
        Authentication code
      </label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        className={`${INPUT} tracking-widest`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          The 6-digit code your authenticator app shows for CreatorLLC staff.
        </p>
      )}
    </div>
  );
}

/**
 * Adding an authenticator app: the QR code to scan (or the secret to type), then the first code it
 * shows, which proves the app has the secret. Used when accepting an invitation, at a sign-in that
 * requires a second factor, and on the account page.
 */
export function TotpEnrolment({
  totp,
  onSubmit,
  pending,
  submitLabel,
  error,
  children,
}: {
  totp: TotpSetup;
  onSubmit: (code: string) => void;
  pending: boolean;
  submitLabel: string;
  error?: string;
  children?: ReactNode;
}) {
  const [code, setCode] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    if (code.trim()) onSubmit(code);
  }
  return (
    <form onSubmit={submit} aria-label="Add an authenticator app">
      {children}
      <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).</li>
        <li>Scan this QR code, or add the key below by hand.</li>
        <li>Type the 6-digit code it shows.</li>
      </ol>
      <div className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(totp.qrSvg)}`}
          alt="QR code to add CreatorLLC staff to an authenticator app"
          width={160}
          height={160}
          className="h-40 w-40 shrink-0 rounded-lg border border-slate-200 bg-white p-1"
        />
        <div className="min-w-0 text-sm text-slate-700">
          <p className="font-medium text-slate-800">Key (if you cannot scan)</p>
          <p className="mt-1 break-all font-mono text-base text-slate-900" data-testid="totp-secret">
            {groupSecret(totp.secret)}
          </p>
          <p className="mt-2 text-slate-600">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <CodeField id="enrol-code" value={code} onChange={setCode} error={error} />
      <Button type="submit" className="mt-6 w-full" disabled={pending || !code.trim()}>
        {pending ? 'Checking…' : submitLabel}
      </Button>
    </form>
  );
}
