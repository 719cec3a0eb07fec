import { useId } from 'react';
import { formatExactCents } from '#shared/money.ts';
import type { StaffOrderPayers } from '#shared/payers/payers.schema.ts';
import { PAYER_FORM_LABELS, PAYER_HOW_LABELS, PAYER_KIND_LABELS } from '#shared/payers/payers.ts';
import { writtenDate } from '#shared/written-date.ts';
import { failureMessage } from '../../../lib/api.ts';
import { useStaffPayers } from '../payers-api.ts';

/**
 * The customer's payers in the application modal (docs/decisions/0437), read-only: the list is
 * theirs, kept on their order page (docs/decisions/0426-w9-switch.md). Each payer with its form,
 * how and when it was given, the expiry where the platform sets one, the "update your W-9" state
 * after the S election, and the Forms 1099 recorded; from January to April the check of last
 * year's forms with the flags the customer sees.
 */

type Payer = StaffOrderPayers['payers'][number];
type Check = NonNullable<StaffOrderPayers['check1099']>;

const W9_STATE: Record<Payer['w9Update'], string> = {
  'not-needed': '',
  needed: 'Update your W-9: not done yet',
  done: 'New W-9 given',
};
const CHECK_STATUS: Record<Check['rows'][number]['status'], string> = {
  ok: 'Matches',
  waiting: 'Waiting for the form',
  flagged: 'Flagged',
  'no-figure': 'No figure for what they paid',
};

function PayerRow({ p }: { p: Payer }) {
  return (
    <li className="py-2 text-sm">
      <p className="font-medium text-slate-900">
        {p.name} <span className="font-normal text-slate-600">({PAYER_KIND_LABELS[p.kind]})</span>
        {p.w9Update === 'needed' ? <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">{W9_STATE.needed}</span> : null}
        {p.w9Update === 'done' ? (
          <span className="ml-2 rounded bg-emerald-50 px-1.5 text-xs text-emerald-900">
            {W9_STATE.done}
            {p.w9UpdatedOn ? ` (ticked on ${writtenDate(p.w9UpdatedOn)})` : ''}
          </span>
        ) : null}
      </p>
      <p className="text-slate-700">
        {PAYER_FORM_LABELS[p.form]}, {PAYER_HOW_LABELS[p.how].toLowerCase()}. {p.givenOn ? `Last given on ${writtenDate(p.givenOn)}.` : 'Not given yet.'}
      </p>
      {p.expiry ? (
        <p className={p.expiry.expired ? 'text-red-700' : 'text-slate-700'}>
          Tax info {p.expiry.expired ? 'expired' : 'expires'} on {writtenDate(p.expiry.expiresOn)} ({p.expiry.sourceTitle}).
        </p>
      ) : null}
      {p.note ? <p className="text-slate-600">Customer’s note: {p.note}</p> : null}
      {p.forms1099.map((y) => (
        <p key={y.year} className="text-slate-700">
          Forms 1099 for {y.year}:{' '}
          {y.received.length
            ? y.received.map((r) => `${r.form} ${formatExactCents(r.amountCents)} (recorded ${writtenDate(r.recordedOn)})`).join('; ')
            : 'none recorded'}
          {y.paidCents !== undefined ? `. Paid, as the customer entered it: ${formatExactCents(y.paidCents)}` : ''}
          {y.expectedForms?.length ? `. Expected: ${y.expectedForms.join(', ')}` : ''}.
        </p>
      ))}
    </li>
  );
}

function CheckRows({ check }: { check: Check }) {
  return (
    <div className="mt-3 rounded-xl border border-slate-200 p-3" data-testid="staff-1099-check">
      <p className="text-sm font-semibold text-slate-900">January check of the Forms 1099 for {check.year}</p>
      {check.rows.length ? (
        <ul className="mt-1 divide-y divide-slate-100" aria-label={`Forms 1099 for ${check.year}`}>
          {check.rows.map((r) => (
            <li key={r.payerId} className="py-2 text-sm">
              <p className="text-slate-900">
                {r.name}: {CHECK_STATUS[r.status]}. Expected {r.expectedForms.join(', ')}
                {r.paidCents !== undefined ? `; paid ${formatExactCents(r.paidCents)} (${r.paidFrom === 'entered' ? 'entered' : 'income map'})` : ''}; recorded{' '}
                {r.received.length ? r.received.map((f) => `${f.form} ${formatExactCents(f.amountCents)}`).join(', ') : 'none'}.
              </p>
              {r.flags.map((f) => (
                <p key={`${f.kind}-${f.form ?? ''}`} className="text-red-700">
                  {f.words}
                </p>
              ))}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-600">No payer should send a Form 1099 by the figures we hold.</p>
      )}
    </div>
  );
}

export function StaffPayersPanel({ applicationId }: { applicationId: string }) {
  const ids = useId();
  const payers = useStaffPayers(applicationId);
  const data = payers.data;
  return (
    <section aria-labelledby={`${ids}-title`} className="mt-6 rounded-xl border border-slate-200 p-4" data-testid="staff-payers">
      <h3 id={`${ids}-title`} className="text-sm font-semibold text-slate-900">
        Payers and their tax forms
      </h3>
      <p className="mt-1 text-xs text-slate-600">The customer keeps this list on their order page; staff cannot change it.</p>
      {payers.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The payers could not be loaded: {failureMessage(payers.error)}
        </p>
      ) : !data ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Loading the payers…
        </p>
      ) : (
        <>
          {data.electionEffectiveOn ? (
            <p className="mt-2 text-sm text-slate-800">
              S-corporation election in effect since {writtenDate(data.electionEffectiveOn)}:{' '}
              {data.w9UpdatesLeft
                ? `${data.w9UpdatesLeft} payer${data.w9UpdatesLeft === 1 ? '' : 's'} still need${data.w9UpdatesLeft === 1 ? 's' : ''} the new W-9.`
                : 'every payer has the new W-9.'}
            </p>
          ) : null}
          {data.payers.length ? (
            <ul className="mt-1 divide-y divide-slate-100" aria-label="Payers">
              {data.payers.map((p) => (
                <PayerRow key={p.id} p={p} />
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-600">No payers listed.</p>
          )}
          {data.check1099?.open ? <CheckRows check={data.check1099} /> : null}
        </>
      )}
    </section>
  );
}
