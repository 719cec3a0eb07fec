import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { formatCents } from '#shared/money.ts';
import { type PurchaseBody, type PurchasesView, purchaseBodySchema } from '#shared/orders/purchases.schema.ts';
import { type PurchaseState, purchaseDetails } from '#shared/orders/purchases.ts';
import type { TestCard } from '#shared/payments/test-cards.ts';
import { writtenDate } from '#shared/written-date.ts';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { TestCardForm } from '../../components/payments/TestCardForm.tsx';
import { ApiError, failureMessage } from '../../lib/api.ts';
import { api } from '../../lib/api-client.ts';
import { orderQueryKey } from '../../lib/order-queries.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { FieldError, INPUT, INPUT_INVALID, LABEL } from './filing-form/fields.tsx';

// Stripe.js is downloaded only when the customer pays for an add-on with a new card through Stripe.
const StripeCardForm = lazy(() => import('../../components/payments/StripeCardForm.tsx'));

type Offer = PurchasesView['offers'][number];
type AskedField = NonNullable<Offer['fields']>[number]['field'];
type Typed = Partial<Record<AskedField, string>>;

/** A sentence the request's checks gave one of the offer's fields, thrown so it is shown beside that field. */
class FieldProblems extends Error {
  constructor(readonly problems: Typed) {
    super(Object.values(problems)[0] ?? 'Check the fields above');
  }
}

const purchasesKey = (id: string) => [api.url('GET /api/orders/{id}/purchases', { params: { id } })];

const STATE_WORDS: Record<PurchaseState, string> = {
  pending: 'Payment under way',
  paid: 'Paid',
  failed: 'Not paid',
  refunded: 'Refunded',
};

/**
 * The order page's add-ons bought after payment (docs/decisions/0424): each add-on the catalog
 * sells after payment, at the server's price, with why it cannot be bought where it cannot; buying
 * pays with the card kept at checkout, the offline test card (local test mode) or Stripe's card
 * form; and every purchase made, with its state and date. Paid, the add-on joins what the order
 * is owed (the checklist above reads the order again).
 */
export function AfterPaymentPurchases({ applicationId }: { applicationId: string }) {
  const queryClient = useQueryClient();
  const [buying, setBuying] = useState<Offer['key'] | null>(null);
  const titleId = useId();
  const { data } = useQuery({
    queryKey: purchasesKey(applicationId),
    queryFn: () => api.call('GET /api/orders/{id}/purchases', { params: { id: applicationId } }),
    // A Stripe payment is recorded by its webhook: the list is read again until it is.
    refetchInterval: (query) => (query.state.data?.purchases.some((p) => p.state === 'pending') ? 3000 : false),
  });
  if (!data || data.refusal || data.offers.length === 0) return null;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: purchasesKey(applicationId) });
    void queryClient.invalidateQueries({ queryKey: orderQueryKey(applicationId) });
  };
  return (
    <Card>
      <section aria-labelledby={titleId} data-testid="after-payment-purchases">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Add to your order
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Add-ons you did not choose at checkout, at today&apos;s price. Each is a payment of its own, and becomes part of what we deliver, like one bought at
          checkout. Our Refund Policy says what can be refunded once we have started.
        </p>
        <ul className="mt-4 divide-y divide-slate-200">
          {data.offers.map((offer) => (
            <li key={offer.key} className="py-3" data-addon={offer.key}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">
                    {offer.name} <span className="font-normal text-slate-700">{formatCents(offer.totalCents)}</span>
                  </p>
                  <p className="text-sm text-slate-600">{offer.description}</p>
                  {offer.status !== 'available' ? <p className="mt-1 text-sm text-slate-700">{offer.reason}</p> : null}
                </div>
                {/* A payment left under way (a card form left, a declined card) can be started again: the server cancels the earlier one first. */}
                {(offer.status === 'available' || offer.status === 'pending') && buying !== offer.key ? (
                  <Button type="button" variant="secondary" onClick={() => setBuying(offer.key)}>
                    {offer.status === 'pending' ? 'Pay again' : 'Buy'} for {formatCents(offer.totalCents)}
                  </Button>
                ) : null}
              </div>
              {buying === offer.key ? (
                <BuyPanel
                  applicationId={applicationId}
                  offer={offer}
                  state={data.state ?? ''}
                  savedCard={data.savedCard}
                  onDone={() => {
                    setBuying(null);
                    refresh();
                  }}
                  onCancel={() => setBuying(null)}
                  onStale={refresh}
                />
              ) : null}
            </li>
          ))}
        </ul>
        {data.purchases.length ? (
          <>
            <h3 className="mt-4 text-sm font-semibold text-slate-900">Bought after payment</h3>
            <ol className="mt-2 divide-y divide-slate-200 text-sm" aria-label="Bought after payment">
              {data.purchases.map((p) => (
                <li key={p.id} className="flex flex-wrap justify-between gap-x-3 py-2" data-state={p.state}>
                  <span className="font-medium text-slate-900">
                    {p.name}
                    {p.dbaName ? ` ("${p.dbaName}"${p.dbaCounty ? `, ${p.dbaCounty} County` : ''})` : ''}: {formatCents(p.totalCents)}{' '}
                    <span className="font-normal text-slate-700">
                      ({STATE_WORDS[p.state]}
                      {p.cardLast4 && p.state === 'paid' ? `, card ending ${p.cardLast4}` : ''}
                      {p.refundedCents && p.state !== 'refunded' ? `, ${formatCents(p.refundedCents)} refunded` : ''})
                    </span>
                  </span>
                  <time className="text-slate-600" dateTime={p.paidAt ?? p.createdAt}>
                    {writtenDate(p.paidAt ?? p.createdAt)}
                  </time>
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </section>
    </Card>
  );
}

function BuyPanel({
  applicationId,
  offer,
  state,
  savedCard,
  onDone,
  onCancel,
  onStale,
}: {
  applicationId: string;
  offer: Offer;
  /** The order's filing state: its rules check what the offer asks (the DBA's name and county). */
  state: string;
  savedCard: PurchasesView['savedCard'];
  onDone: () => void;
  onCancel: () => void;
  onStale: () => void;
}) {
  const [payWith, setPayWith] = useState<PurchaseBody['payWith']>(savedCard ? 'saved-card' : 'new-card');
  const [error, setError] = useState<string | null>(null);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [typed, setTyped] = useState<Typed>({});
  const [fieldErrors, setFieldErrors] = useState<Typed>({});
  const errorId = useId();
  const fieldsId = useId();
  const asked = offer.fields ?? [];
  const methods = useQuery<{ card?: { mode: 'test' | 'stripe'; publishableKey?: string } | null }>({
    queryKey: [api.url('GET /api/payment-methods')],
    queryFn: () => api.call('GET /api/payment-methods'),
  });
  const mode = methods.data?.card?.mode;
  const buy = useMutation({
    mutationFn: (card?: TestCard) => {
      const answers = Object.fromEntries(asked.map(({ field }) => [field, typed[field] ?? ''])) as Typed;
      // The same schema as the server's: a bad field is said here, beside it or the form, before any request.
      const parsed = purchaseBodySchema.safeParse({ addOn: offer.key, amount: offer.totalCents, payWith, ...(card ? { card } : {}), ...answers });
      if (!parsed.success) {
        const onFields = Object.fromEntries(
          parsed.error.issues.flatMap((i) => (asked.some((a) => a.field === i.path[0]) ? [[String(i.path[0]), i.message]] : [])).reverse(),
        ) as Typed;
        if (Object.keys(onFields).length) throw new FieldProblems(onFields);
        throw new Error(parsed.error.issues[0]?.message ?? 'Check the card details');
      }
      // And what the filing state needs of them (the wizard's rule), as the server checks it.
      const details = purchaseDetails(offer.key, state, parsed.data);
      if (!details.ok) throw new FieldProblems(details.problems);
      return api.call('POST /api/orders/{id}/purchases', { params: { id: applicationId }, body: parsed.data });
    },
    onSuccess: (answer) => {
      setError(null);
      setFieldErrors({});
      if (answer.status === 'requires_payment' && answer.clientSecret) {
        setClientSecret(answer.clientSecret);
        return;
      }
      toast('Added to your order', `${offer.name}: ${formatCents(offer.totalCents)} paid. Your receipt is on its way by email.`, 'success');
      onDone();
    },
    onError: (err) => {
      // A field's sentence, from the page's check or the server's 400 details, is shown beside that field.
      const serverDetails = err instanceof ApiError && err.status === 400 ? (err.body?.details as Record<string, string[]> | undefined) : undefined;
      const onFields =
        err instanceof FieldProblems
          ? err.problems
          : (Object.fromEntries(asked.flatMap(({ field }) => (serverDetails?.[field]?.[0] ? [[field, serverDetails[field][0]]] : []))) as Typed);
      setFieldErrors(onFields);
      if (Object.keys(onFields).length) {
        setError(null);
        return;
      }
      setError(err instanceof ApiError || !(err instanceof Error) ? failureMessage(err) : err.message);
      // The price or what the order has changed: the list is read again.
      if (err instanceof ApiError && (err.code === 'amount_changed' || err.code === 'already_bought')) onStale();
    },
  });
  const total = offer.totalCents / 100;
  return (
    <div className="mt-3 max-w-md rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
      {asked.length ? (
        <div className="mb-3 grid gap-3">
          {asked.map(({ field, label, hint, placeholder }) => {
            const id = `${fieldsId}-${field}`;
            const problem = fieldErrors[field];
            return (
              <div key={field}>
                <label htmlFor={id} className={LABEL}>
                  {label}
                </label>
                <input
                  id={id}
                  name={field}
                  className={problem ? INPUT_INVALID : INPUT}
                  value={typed[field] ?? ''}
                  placeholder={placeholder}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={[`${id}-hint`, problem ? `${id}-error` : ''].filter(Boolean).join(' ')}
                  onChange={(e) => {
                    setTyped((t) => ({ ...t, [field]: e.target.value }));
                    setFieldErrors(({ [field]: _, ...rest }) => rest);
                  }}
                />
                <FieldError id={`${id}-error`}>{problem}</FieldError>
                <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
                  {hint}
                </p>
              </div>
            );
          })}
        </div>
      ) : null}
      {savedCard ? (
        <fieldset className="mb-3">
          <legend className="font-medium text-slate-900">Pay with</legend>
          <label className="mt-1 flex items-center gap-2">
            <input type="radio" name={`${offer.key}-pay-with`} checked={payWith === 'saved-card'} onChange={() => setPayWith('saved-card')} />
            The card ending {savedCard.last4}, kept at checkout
          </label>
          <label className="mt-1 flex items-center gap-2">
            <input
              type="radio"
              name={`${offer.key}-pay-with`}
              checked={payWith === 'new-card'}
              onChange={() => {
                setPayWith('new-card');
                setClientSecret(null);
              }}
            />
            Another card
          </label>
        </fieldset>
      ) : null}
      {payWith === 'saved-card' ? (
        <Button type="button" className="w-full" disabled={buy.isPending} onClick={() => buy.mutate(undefined)}>
          {buy.isPending ? 'Processing…' : `Pay ${formatCents(offer.totalCents)} with the card ending ${savedCard?.last4 ?? ''}`}
        </Button>
      ) : null}
      {payWith === 'new-card' && mode === 'test' ? <TestCardForm total={total} busy={buy.isPending} onPay={(card) => buy.mutate(card)} /> : null}
      {payWith === 'new-card' && mode === 'stripe' && !clientSecret ? (
        <Button type="button" className="w-full" disabled={buy.isPending} onClick={() => buy.mutate(undefined)}>
          {buy.isPending ? 'Preparing…' : `Continue to pay ${formatCents(offer.totalCents)}`}
        </Button>
      ) : null}
      {payWith === 'new-card' && mode === 'stripe' && clientSecret && methods.data?.card?.publishableKey ? (
        <Suspense fallback={<div className="h-48 animate-pulse rounded-xl bg-slate-100" />}>
          <StripeCardForm
            publishableKey={methods.data.card.publishableKey}
            clientSecret={clientSecret}
            total={total}
            returnUrl={paths.order(applicationId)}
            onUnexpected={() => setError('An unexpected error occurred. Please try again.')}
          />
        </Suspense>
      ) : null}
      {methods.isError || (payWith === 'new-card' && methods.data && !mode) ? (
        <p role="alert" className="mt-2 text-red-700">
          Card payment could not be set up here. Please refresh the page, or contact us.
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-red-700">
          {error}
        </p>
      ) : null}
      <button type="button" className="mt-3 text-sm text-slate-700 underline" onClick={onCancel}>
        Not now
      </button>
    </div>
  );
}
