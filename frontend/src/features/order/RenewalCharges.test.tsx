import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RenewalView } from '#shared/compliance/api.schema.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { rememberResumeSecret } from '../../lib/resume-secrets.ts';
import { RenewalCharges } from './RenewalCharges.tsx';

const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
const CALENDAR = `GET /api/orders/${ID}/calendar`;
const PAY = `POST /api/orders/${ID}/registered-agent/renewal-payment`;

const renewal = (over: Partial<RenewalView> = {}): RenewalView => ({
  status: 'renews',
  priceUsd: 125,
  firstYearEndsOn: '2027-11-22',
  nextChargeOn: '2027-11-22',
  graceDays: 14,
  history: [],
  ...over,
});
const calendarWith = (registeredAgent: RenewalView) => ({
  state: 'WY',
  stateName: 'Wyoming',
  formationDate: '2026-11-22',
  formationDateFrom: 'filing',
  events: [],
  registeredAgent,
  remindersUnsubscribed: false,
});

let replies: Record<string, { status: number; body: unknown } | ((init: RequestInit) => { status: number; body: unknown })>;
let calls: { key: string; body?: unknown }[];

beforeEach(() => {
  calls = [];
  replies = { 'GET /api/payment-methods': { status: 200, body: { card: { mode: 'test' }, amazonPay: false, klarna: false, applePay: false, cashApp: false } } };
  rememberResumeSecret(ID, 'secret-of-this-browser-abcdefghijk');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      calls.push({ key, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const found = replies[key];
      const reply = typeof found === 'function' ? found(init) : found;
      if (!reply) return new Response(JSON.stringify({ error: 'Not found', code: 'not_found' }), { status: 404 });
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RenewalCharges applicationId={ID} />
    </QueryClientProvider>,
  );

describe('the order page’s renewal payments', () => {
  it('says which card is charged the agreed price, and the grace period', async () => {
    replies[CALENDAR] = { status: 200, body: calendarWith(renewal({ cardLast4: '4242' })) };
    show();
    const section = await screen.findByTestId('renewal-charges');
    expect(section).toHaveTextContent('We charge the $125 you agreed to the card ending 4242 on the renewal date.');
    expect(section).toHaveTextContent('you have 14 days to pay from the link we email you');
  });

  it('takes the payment a failed charge left due, at the agreed amount, and shows it paid', async () => {
    const due = renewal({
      cardLast4: '3184',
      charge: { period: '2027-11-22', state: 'payment-due', amountCents: 12_500, graceEndsOn: '2027-12-06', failure: 'Your card was declined.' },
      history: [{ kind: 'charge-failed', period: '2027-11-22', amountCents: 12_500, at: '2027-11-22T15:00:00.000Z', detail: 'Your card was declined.' }],
    });
    const paid = renewal({
      cardLast4: '3184',
      charge: { period: '2027-11-22', state: 'paid', amountCents: 12_500 },
      history: [...(due.history ?? []), { kind: 'paid-by-link', period: '2027-11-22', amountCents: 12_500, at: '2027-11-23T10:00:00.000Z' }],
    });
    replies[CALENDAR] = { status: 200, body: calendarWith(due) };
    replies[PAY] = () => {
      replies[CALENDAR] = { status: 200, body: calendarWith(paid) };
      return { status: 200, body: { status: 'paid', registeredAgent: paid } };
    };
    const user = userEvent.setup();
    show();
    const region = await screen.findByRole('region', { name: /Payment due: \$125 by Dec/ });
    expect(region).toHaveTextContent('failed: Your card was declined.');
    await user.type(await within(region).findByLabelText(/Card number/i), '4242 4242 4242 4242');
    await user.type(within(region).getByLabelText(/Expiry/i), '12/40');
    await user.type(within(region).getByLabelText(/CVC|Security code/i), '123');
    await user.type(within(region).getByLabelText(/ZIP/i), '10001');
    await user.click(within(region).getByRole('button', { name: 'Pay $125' }));
    expect(await screen.findByText(/Paid from the payment link: \$125/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Payment due/ })).toBeNull();
    expect(calls.find((c) => c.key === PAY)?.body).toEqual({ card: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', zip: '10001' } });
  });

  it('says the service ended when the renewal lapsed, with its history', async () => {
    replies[CALENDAR] = {
      status: 200,
      body: calendarWith(
        renewal({
          status: 'lapsed',
          charge: { period: '2027-11-22', state: 'lapsed', amountCents: 12_500 },
          history: [
            { kind: 'charge-failed', period: '2027-11-22', amountCents: 12_500, at: '2027-11-22T15:00:00.000Z', detail: 'Your card was declined.' },
            { kind: 'lapsed', period: '2027-11-22', amountCents: 12_500, at: '2027-12-07T15:00:00.000Z' },
          ],
        }),
      ),
    };
    show();
    const section = await screen.findByTestId('renewal-charges');
    expect(section).toHaveTextContent('was not paid within 14 days, so our registered agent service has ended');
    const items = within(screen.getByRole('list', { name: 'Renewal history' })).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-kind'))).toEqual(['charge-failed', 'lapsed']);
  });
});
