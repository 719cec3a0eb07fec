import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { OrderCalendar, RenewalView } from '#shared/compliance/api.schema.ts';
import { longDate } from '#shared/compliance/dates.ts';
import { formatUsd } from '#shared/money.ts';
import { failureMessage } from '../lib/api.ts';
import { api } from '../lib/api-client.ts';
import { saveBlob } from '../lib/download.ts';
import { calendarQueryKey } from '../lib/order-queries.ts';
import { formatIsoDate } from '../lib/processing.ts';
import { toast } from '../lib/toast.ts';
import { paths } from '../paths.ts';
import { Button } from './Button.tsx';
import { Card } from './Card.tsx';
import { NoWrap } from './NoWrap.tsx';
import { CostDataCredit } from './ThreeYearCostView.tsx';

/**
 * The order's compliance calendar (docs/product.md "The compliance calendar"): every date the LLC
 * must meet to stay in good standing, each with its source; the same events as an .ics file for any
 * calendar app; and the registered agent renewal with its one-step cancel. Rendered by the order
 * page; holder routes only (the resume secret travels in a header, so the file is fetched, not linked).
 */

const KIND_LABELS: Record<OrderCalendar['events'][number]['kind'], string> = {
  'annual-report': 'State filing',
  'state-tax': 'State tax',
  'registered-agent-renewal': 'Registered agent',
  'operating-agreement': 'State requirement',
  publication: 'State requirement',
  'estimated-tax': 'Federal tax',
  's-corp-election': 'Federal tax',
  'home-registration': 'Home state',
  'home-annual-report': 'Home state filing',
  'home-state-tax': 'Home state tax',
  'dba-renewal': 'Business name (DBA)',
  'payer-tax-form': 'Platform tax form',
  'forms-1099': 'Forms 1099',
};

async function downloadIcs(applicationId: string): Promise<void> {
  const blob = await api.blob('GET /api/orders/{id}/calendar.ics', { params: { id: applicationId } });
  saveBlob(new Blob([blob], { type: 'text/calendar' }), 'llc-compliance-calendar.ics');
}

function RenewalBox({ applicationId, renewal }: { applicationId: string; renewal: RenewalView }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const show = (answer: { registeredAgent: RenewalView }) => {
    queryClient.setQueryData<OrderCalendar>(calendarQueryKey(applicationId), (old) => (old ? { ...old, registeredAgent: answer.registeredAgent } : old));
    void queryClient.invalidateQueries({ queryKey: calendarQueryKey(applicationId) });
  };
  const cancel = useMutation({
    mutationFn: () => api.call('POST /api/orders/{id}/registered-agent/cancel-renewal', { params: { id: applicationId } }),
    onSuccess: (answer) => {
      show(answer);
      setConfirming(false);
      setSaid('Renewal cancelled. We emailed you a confirmation; you can undo it here until the service ends.');
    },
    onError: (err) => toast('Not cancelled', failureMessage(err), 'error'),
  });
  const undo = useMutation({
    mutationFn: () => api.call('POST /api/orders/{id}/registered-agent/resume-renewal', { params: { id: applicationId } }),
    onSuccess: (answer) => {
      show(answer);
      setSaid('The renewal stands again, as you agreed.');
    },
    onError: (err) => toast('Not restored', failureMessage(err), 'error'),
  });
  const endsOn = renewal.serviceEndsOn ?? renewal.firstYearEndsOn;
  const exit = renewal.exit;
  const refunded = renewal.status === 'cancelled' && (exit?.refundCents ?? 0) > 0;
  const undoable = renewal.status === 'cancelled' && !refunded && endsOn !== undefined && endsOn > new Date().toISOString().slice(0, 10);
  const price = formatUsd(renewal.priceUsd);
  const ends = renewal.firstYearEndsOn ? formatIsoDate(renewal.firstYearEndsOn) : undefined;
  let text: string;
  switch (renewal.status) {
    case 'renews':
      text = `Renews on ${formatIsoDate(renewal.nextChargeOn ?? renewal.firstYearEndsOn ?? '')} for ${price} a year, as you agreed. We email you 30 and 7 days before it is charged.`;
      break;
    case 'cancelled':
      text = `You cancelled the renewal${renewal.cancelledAt ? ` on ${formatIsoDate(renewal.cancelledAt)}` : ''}: the service ends${endsOn ? ` on ${formatIsoDate(endsOn)}` : ''} and nothing more is charged.${refunded && exit ? ` ${exit.refund}` : ''} Name another registered agent with the state before then${undoable ? ', or undo the cancellation below' : ''}.`;
      break;
    case 'ends':
      text = `Ends${ends ? ` on ${ends}` : ''}, after its free first year: you did not agree to a renewal (${price} a year). Name another registered agent with the state before then.`;
      break;
    case 'own-agent':
      text = 'You named your own registered agent: we charge nothing for one.';
      break;
    case 'lapsed':
      text =
        'The renewal was not paid within the grace period, so the service has ended and nothing more is charged. Name another registered agent with the state.';
      break;
    default:
      text = `The first year is included. Whether it renews after that (${price} a year) is your choice when you give your filing details.`;
  }
  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700" data-testid="registered-agent-renewal">
      <p className="font-semibold text-slate-900">Registered agent: a yearly charge only if you agreed</p>
      <p className="mt-1">{text}</p>
      {said ? (
        <p role="status" className="mt-2 font-medium text-slate-900">
          {said}
        </p>
      ) : null}
      {renewal.status === 'renews' && !confirming ? (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            setSaid(null);
            setConfirming(true);
          }}
        >
          Cancel the {price} renewal
        </Button>
      ) : null}
      {renewal.status === 'renews' && confirming ? (
        <fieldset className="mt-3 min-w-0 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <legend className="sr-only">Cancel the renewal?</legend>
          <p className="font-semibold text-slate-900" aria-hidden="true">
            Cancel the renewal?
          </p>
          {exit ? (
            <>
              <p className="mt-1">
                Our service ends on <NoWrap>{longDate(exit.endsOn)}</NoWrap> and nothing more is charged. {exit.refund}
              </p>
              <ExitSteps exit={exit} />
              {exit.refundCents > 0 ? null : <p className="mt-2">You can undo the cancellation here until the service ends.</p>}
            </>
          ) : (
            <p className="mt-1">
              The service ends{ends ? ` on ${ends}` : ' after the year under way'} and nothing more is charged. The LLC then needs another registered agent. You
              can undo this here until then.
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelling…' : 'Yes, cancel the renewal'}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
              Keep the renewal
            </Button>
          </div>
        </fieldset>
      ) : null}
      {renewal.status === 'cancelled' && exit ? <ExitSteps exit={exit} /> : null}
      {undoable ? (
        <Button variant="secondary" className="mt-3" onClick={() => undo.mutate()} disabled={undo.isPending}>
          {undo.isPending ? 'Restoring…' : 'Undo the cancellation'}
        </Button>
      ) : null}
    </div>
  );
}

/** What the customer files to name another agent, and the state's filing office (shared/compliance/agent-exit.ts). */
function ExitSteps({ exit }: { exit: NonNullable<RenewalView['exit']> }) {
  return (
    <div className="mt-2" data-testid="agent-exit-steps">
      <p className="font-medium text-slate-900">To move to another registered agent</p>
      <ol className="mt-1 list-decimal space-y-1 pl-5">
        {exit.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {exit.office ? (
        <p className="mt-1">
          <a className="break-words text-indigo-700 underline" href={exit.office.url} target="_blank" rel="noreferrer">
            {exit.office.name}
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** Turns the deadline reminder emails back on (or off) from the order page. */
function RemindersSwitch({ applicationId, off }: { applicationId: string; off: boolean }) {
  const queryClient = useQueryClient();
  const [said, setSaid] = useState<string | null>(null);
  const set = useMutation({
    mutationFn: (on: boolean) => api.call('PUT /api/orders/{id}/reminders', { params: { id: applicationId }, body: { on } }),
    onSuccess: (answer) => {
      queryClient.setQueryData<OrderCalendar>(calendarQueryKey(applicationId), (old) =>
        old ? { ...old, remindersUnsubscribed: answer.remindersUnsubscribed } : old,
      );
      setSaid(answer.remindersUnsubscribed ? 'Deadline reminders are off.' : 'Deadline reminders are on again.');
    },
    onError: (err) => toast('Not changed', failureMessage(err), 'error'),
  });
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={() => set.mutate(off)} disabled={set.isPending}>
        {off ? 'Turn deadline reminders back on' : 'Turn deadline reminders off'}
      </Button>
      {said ? (
        <p role="status" className="text-sm text-slate-700">
          {said}
        </p>
      ) : null}
    </div>
  );
}

export function ComplianceCalendar({ applicationId }: { applicationId: string }) {
  const titleId = useId();
  const [downloading, setDownloading] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const { data, isPending, isError, error } = useQuery<OrderCalendar>({
    queryKey: calendarQueryKey(applicationId),
    queryFn: () => api.call('GET /api/orders/{id}/calendar', { params: { id: applicationId } }),
  });

  // The next 12 months first (and anything undated); the two years after on request.
  const yearAhead = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const events = data?.events ?? [];
  const later = events.filter((e) => e.date !== null && e.date > yearAhead);
  const shown = showAll ? events : events.filter((e) => e.date === null || e.date <= yearAhead);

  async function download() {
    setDownloading(true);
    try {
      await downloadIcs(applicationId);
    } catch (err) {
      toast('Download failed', failureMessage(err), 'error');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card aria-labelledby={titleId} role="region" data-testid="compliance-calendar">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Compliance calendar
          </h2>
          <p className="mt-1 text-sm text-slate-600">The dates that keep your LLC in good standing, for the next three years.</p>
        </div>
        {data ? (
          <Button variant="secondary" onClick={download} disabled={downloading}>
            {downloading ? 'Preparing…' : 'Add to my calendar (.ics)'}
          </Button>
        ) : null}
      </div>

      {isPending ? <p className="mt-4 text-sm text-slate-600">Loading your calendar…</p> : null}
      {isError ? (
        <p className="mt-4 text-sm text-rose-800" role="alert">
          We could not load your calendar: {failureMessage(error)}
        </p>
      ) : null}
      {data ? (
        <>
          <p className="mt-3 text-sm text-slate-700">
            {data.formationDateFrom === 'filing'
              ? `Dates count from ${formatIsoDate(data.formationDate)}, when ${data.stateName} filed your LLC.`
              : `Until ${data.stateName} files your LLC, dates count from your payment on ${formatIsoDate(data.formationDate)}; they move to the filing date once it is filed.`}{' '}
            {data.remindersUnsubscribed
              ? 'You turned the deadline reminder emails off.'
              : 'We email you 30, 14 and 3 days before each state deadline (each email has a one-click unsubscribe).'}
          </p>
          <RemindersSwitch applicationId={applicationId} off={data.remindersUnsubscribed} />
          {data.homeStateName ? (
            <p className="mt-2 text-sm text-slate-700" data-testid="home-state-note">
              You live in {data.homeStateName}: the calendar also carries registering the LLC there and {data.homeStateName}'s yearly filings and taxes, as the
              three-year cost counted them before you paid.
            </p>
          ) : null}
          <RenewalBox applicationId={applicationId} renewal={data.registeredAgent} />
          <ol className="mt-4 divide-y divide-slate-200" aria-label="Deadlines and dates">
            {shown.map((event) => (
              <li key={event.id} className="py-3" data-testid="calendar-event" data-kind={event.kind}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p className="min-w-0 font-semibold text-slate-900">
                    {event.title}
                    {event.amountUsd && !event.title.includes(formatUsd(event.amountUsd)) ? (
                      <span className="font-normal text-slate-700"> · {formatUsd(event.amountUsd)}</span>
                    ) : null}
                  </p>
                  <p className={`shrink-0 text-sm font-semibold ${event.date ? 'text-slate-900' : 'text-amber-800'}`}>
                    {event.date ? <time dateTime={event.date}>{formatIsoDate(event.date)}</time> : 'Check with the state'}
                  </p>
                </div>
                <p className="mt-0.5 text-xs text-slate-600">
                  <span className="font-medium tracking-wide text-slate-500 uppercase">{KIND_LABELS[event.kind]}</span> · Source:{' '}
                  {event.source.url.startsWith('/') ? (
                    <span>{event.source.name}</span>
                  ) : (
                    <a href={event.source.url} className="underline underline-offset-2" rel="noopener noreferrer">
                      {event.source.name}
                    </a>
                  )}
                  , checked {formatIsoDate(event.source.verifiedAt)}
                </p>
                <details className="mt-1 text-sm text-slate-700" open={event.date === null}>
                  <summary className="cursor-pointer text-sm font-medium text-indigo-700">What to do</summary>
                  <p className="mt-1">{event.description}</p>
                  {event.kind === 'estimated-tax' ? (
                    <p className="mt-1">
                      <Link to={paths.orderTaxPlan(applicationId)} className="font-semibold text-indigo-700 underline underline-offset-2">
                        {event.amountUsd ? 'Change your tax plan' : 'Open the tax planner and save your plan'}
                      </Link>
                    </p>
                  ) : null}
                </details>
              </li>
            ))}
          </ol>
          {later.length ? (
            <button
              type="button"
              className="mt-2 text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline"
              onClick={() => setShowAll((v) => !v)}
              aria-expanded={showAll}
            >
              {showAll ? 'Show the next 12 months only' : `Show the following two years (${later.length} more)`}
            </button>
          ) : null}
          <CostDataCredit className="mt-3 text-xs text-slate-600" />
          <p className="mt-1 text-xs text-slate-600">We are not a law firm or an accounting firm: these dates are reminders, not tax or legal advice.</p>
        </>
      ) : null}
    </Card>
  );
}
