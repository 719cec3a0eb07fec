import { useState } from 'react';
import { failureMessage } from '../lib/api.ts';
import { apiCall } from '../lib/api-client.ts';

/**
 * "Email me a link to continue": the application's own address gets a link that opens it (the
 * wizard for a draft, the checkout once submitted), with everything entered so far, in any
 * browser (a phone now, a laptop later). `applicationId` may be a function that first saves what
 * the wizard holds and answers the id (a draft the server has not seen yet gets one there).
 */
export function ContinueLinkOffer({
  applicationId,
  email,
  where = 'this checkout',
}: {
  applicationId: string | (() => Promise<string>);
  email: string | undefined;
  /** What the link opens, in the sentence after sending. */
  where?: string;
}) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  if (!email) return null;

  async function send() {
    setState('sending');
    setError(null);
    try {
      const id = typeof applicationId === 'string' ? applicationId : await applicationId();
      await apiCall('POST /api/llc-applications/{id}/continue-links', { params: { id }, body: {} });
      setState('sent');
    } catch (err) {
      setError(failureMessage(err));
      setState('idle');
    }
  }

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700 [overflow-wrap:anywhere] sm:p-5">
      <p className="font-semibold text-slate-900">Finish on another device?</p>
      {state === 'sent' ? (
        <p role="status" className="mt-1">
          A link is on its way to {email}. It opens {where} in any browser.
        </p>
      ) : (
        <>
          <p className="mt-1">We can email {email} a link that opens this application in any browser, with everything you entered.</p>
          <button
            type="button"
            onClick={send}
            disabled={state === 'sending'}
            className="mt-3 rounded-lg border border-slate-300 px-3 py-2 font-medium text-slate-900 hover:bg-slate-50 disabled:opacity-60"
          >
            {state === 'sending' ? 'Sending…' : 'Email me a link to continue'}
          </button>
        </>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
