import { Button } from '../../../components/Button.tsx';

/**
 * The ten recovery codes, shown once (only their hashes are kept): each stands in for the
 * authenticator app's code once, for a lost or broken phone. The person confirms they kept them.
 */
export function RecoveryCodes({ codes, onDone, doneLabel = 'I have saved these codes' }: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const text = `CreatorLLC staff recovery codes (each works once)\n${codes.join('\n')}\n`;
  return (
    <section aria-labelledby="recovery-codes-title" className="mt-6">
      <h2 id="recovery-codes-title" className="text-base font-semibold text-slate-900">
        Your recovery codes
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        If you lose your phone, type one of these instead of the app's code. Each works once. Keep them somewhere safe, apart from your password: they are shown
        only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="mt-3 grid grid-cols-2 gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 font-mono text-base text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="creatorllc-recovery-codes.txt"
          className="inline-flex items-center rounded-xl border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Download as a text file
        </a>
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </section>
  );
}
