import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { RenewalView } from '#shared/compliance/api.schema.ts';
import type { RenewalEventKind } from '#shared/compliance/renewal-charges.ts';
import { formatCents } from '#shared/money.ts';
import type { TestCard } from '#shared/payments/test-cards.ts';
import { Card } from '../../components/Card.tsx';
import { failureMessage } from '../../lib/api.ts';
import { api } from '../../lib/api-client.ts';
import { formatIsoDate } from '../../lib/processing.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { DueCardPayment } from './DueCardPayment.tsx';

const calendarKey = (applicationId: string) => [api.url('GET /api/orders/{id}/calendar', { params: { id: applicationId } })];

const EVENT_LABELS: Record<RenewalEventKind, string> = {
  charged: 'Charged',
  'charge-failed': 'Charge failed',
  'paid-by-link': 'Paid from the payment link',
  refunded: 'Refunded when you cancelled',
  lapsed: 'Lapsed: the service ended',
};

/**
 * The order page's registered agent renewal charges (docs/product.md "Recurring charges"): the
 * card kept for it, the grace period, the payment a failed charge left due (paid here, at the
 * agreed price: the emailed payment link opens this page) and every charge, failure and lapse.
 * Reads the calendar's answer the compliance calendar already fetched.
 */
export function RenewalCharges({ applicationId }: { applicationId: string }) {
  const { data } = useQuery<{ registeredAgent: RenewalView }>({
    queryKey: calendarKey(applicationId),
    queryFn: () => api.call('GET /api/orders/{id}/calendar', { params: { id: applicationId } }),
  });
  const renewal = data?.registeredAgent;
  if (!renewal || renewal.status === 'own-agent' || renewal.status === 'undecided') return null;
  const history = renewal.history ?? [];
  const due = renewal.charge?.state === 'payment-due' ? renewal.charge : undefined;
  if (renewal.status !== 'renews' && renewal.status !== 'lapsed' && history.length === 0) return null;
  const graceDays = renewal.graceDays ?? 0;
  return (
    <Card>
      <section aria-labelledby={`${applicationId}-renewal-charges`} data-testid="renewal-charges">
        <h2 id={`${applicationId}-renewal-charges`} className="text-lg font-semibold text-slate-900">
          Registered agent renewal: payments
        </h2>
        {renewal.status === 'renews' && !due ? (
          <p className="mt-2 text-sm text-slate-700">
            {renewal.cardLast4
              ? `We charge the ${formatCents(renewal.priceUsd * 100)} you agreed to the card ending ${renewal.cardLast4} on the renewal date.`
              : `No card is kept for the renewal: on the renewal date we email you a link to pay the ${formatCents(renewal.priceUsd * 100)} you agreed to.`}{' '}
            If a charge fails, you have {graceDays} days to pay from the link we email you before the service ends.
          </p>
        ) : null}
        {due ? <RenewalPaymentDue applicationId={applicationId} due={due} /> : null}
        {renewal.status === 'lapsed' ? (
          <p className="mt-2 text-sm text-slate-700" role="status">
            The renewal was not paid within {graceDays} days, so our registered agent service has ended. Name another registered agent with the state.
          </p>
        ) : null}
        {history.length ? (
          <ol className="mt-4 divide-y divide-slate-200 text-sm" aria-label="Renewal history">
            {history.map((event) => (
              <li key={`${event.at}-${event.kind}`} className="flex flex-wrap justify-between gap-x-3 py-2" data-kind={event.kind}>
                <span className="font-medium text-slate-900">
                  {EVENT_LABELS[event.kind]}: {formatCents(event.amountCents)} for the year from {formatIsoDate(event.period)}
                  {event.detail ? <span className="font-normal text-slate-700"> ({event.detail})</span> : null}
                </span>
                <time className="text-slate-600" dateTime={event.at}>
                  {formatIsoDate(event.at.slice(0, 10))}
                </time>
              </li>
            ))}
          </ol>
        ) : null}
      </section>
    </Card>
  );
}

function RenewalPaymentDue({ applicationId, due }: { applicationId: string; due: NonNullable<RenewalView['charge']> }) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const methods = useQuery<{ card?: { mode: 'test' | 'stripe'; publishableKey?: string } | null }>({
    queryKey: [api.url('GET /api/payment-methods')],
    queryFn: () => api.call('GET /api/payment-methods'),
  });
  const mode = methods.data?.card?.mode;
  const pay = useMutation({
    mutationFn: (card?: TestCard) =>
      api.call('POST /api/orders/{id}/registered-agent/renewal-payment', { params: { id: applicationId }, body: card ? { card } : {} }),
    onSuccess: (answer) => {
      if (answer.status !== 'paid') return;
      queryClient.setQueryData<{ registeredAgent: RenewalView }>(calendarKey(applicationId), (old) =>
        old ? { ...old, registeredAgent: answer.registeredAgent } : old,
      );
      void queryClient.invalidateQueries({ queryKey: calendarKey(applicationId) });
      toast('Renewal paid', `Thank you: ${formatCents(due.amountCents)} paid, and the registered agent service continues.`, 'success');
    },
    onError: (err) => toast('Payment Failed', failureMessage(err), 'error'),
  });
  // With Stripe the page confirms the intent the server made for the agreed amount.
  const intent = useQuery({
    queryKey: ['renewal-intent', applicationId, due.period],
    queryFn: () => api.call('POST /api/orders/{id}/registered-agent/renewal-payment', { params: { id: applicationId }, body: {} }),
    enabled: mode === 'stripe',
  });
  const total = due.amountCents / 100;
  return (
    <section className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-slate-800" aria-labelledby={titleId}>
      <p id={titleId} className="font-semibold text-slate-900">
        Payment due: {formatCents(due.amountCents)} by {due.graceEndsOn ? formatIsoDate(due.graceEndsOn) : 'the end of the grace period'}
      </p>
      <p className="mt-1">
        The renewal charge for the year from {formatIsoDate(due.period)} failed{due.failure ? `: ${due.failure}` : '.'} Pay the {formatCents(due.amountCents)}{' '}
        you agreed to here and the service continues; if it is not paid by then, the service ends.
      </p>
      <DueCardPayment
        mode={mode}
        publishableKey={methods.data?.card?.publishableKey}
        clientSecret={intent.data?.clientSecret}
        setupFailed={methods.isError || intent.isError}
        total={total}
        busy={pay.isPending}
        onTestPay={(card) => pay.mutate(card)}
        returnUrl={paths.order(applicationId)}
      />
    </section>
  );
}
