import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PurchasesView } from '#shared/orders/purchases.schema.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { rememberResumeSecret } from '../../lib/resume-secrets.ts';
import { AfterPaymentPurchases } from './AfterPaymentPurchases.tsx';

const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
const LIST = `GET /api/orders/${ID}/purchases`;
const BUY = `POST /api/orders/${ID}/purchases`;

const line = (label: string, amount: number) => [{ key: 'x', label, amount }];
const view = (over: Partial<PurchasesView> = {}): PurchasesView => ({
  savedCard: null,
  offers: [
    {
      key: 'feinFiling',
      name: 'FEIN (EIN) filing',
      description: 'We apply for your federal tax ID',
      lines: line('FEIN (EIN) filing', 75),
      totalCents: 7500,
      status: 'bought',
      reason: 'Your order has it already',
    },
    {
      key: 'operatingAgreement',
      name: 'Operating agreement template',
      description: 'Customised for creators',
      lines: line('Operating agreement template', 50),
      totalCents: 5000,
      status: 'available',
    },
  ],
  purchases: [],
  ...over,
});

let replies: Record<string, { status: number; body: unknown }>;
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
      const reply = replies[key];
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
      <AfterPaymentPurchases applicationId={ID} />
    </QueryClientProvider>,
  );

describe('the order page’s add-ons after payment', () => {
  it('offers each add-on at the server’s price, and says why one cannot be bought', async () => {
    replies[LIST] = { status: 200, body: view() };
    show();
    const section = await screen.findByTestId('after-payment-purchases');
    expect(within(section).getByText(/Your order has it already/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Buy for $50' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Buy for $75' })).toBeNull();
  });

  it('buys with the test card: the server’s amount, the card, then the purchase listed as paid', async () => {
    replies[LIST] = { status: 200, body: view() };
    const paid = view({
      offers: view().offers.map((o) => (o.key === 'operatingAgreement' ? { ...o, status: 'bought' as const, reason: 'Your order has it already' } : o)),
      purchases: [
        {
          id: 'p1',
          key: 'operatingAgreement',
          name: 'Operating agreement template',
          lines: line('Operating agreement template', 50),
          totalCents: 5000,
          state: 'paid',
          via: 'new-card',
          createdAt: '2026-12-02T10:00:00.000Z',
          paidAt: '2026-12-02T10:00:00.000Z',
          cardLast4: '4242',
        },
      ],
    });
    replies[BUY] = { status: 200, body: { status: 'paid', purchaseId: 'p1', purchases: paid } };
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Buy for $50' }));
    await userEvent.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry'), '12/34');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.type(screen.getByLabelText('ZIP'), '10001');
    replies[LIST] = { status: 200, body: paid };
    await userEvent.click(screen.getByRole('button', { name: 'Pay $50' }));
    expect(await screen.findByText(/Operating agreement template: \$50/)).toBeInTheDocument();
    expect(calls.find((c) => c.key === BUY)?.body).toEqual({
      addOn: 'operatingAgreement',
      amount: 5000,
      payWith: 'new-card',
      card: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', zip: '10001' },
    });
    expect(screen.getByRole('list', { name: 'Bought after payment' })).toHaveTextContent('Paid, card ending 4242');
    expect(screen.getByRole('list', { name: 'Bought after payment' })).toHaveTextContent('December 2, 2026');
  });

  it('says the server’s refusal beside the form (a changed price)', async () => {
    replies[LIST] = { status: 200, body: view({ savedCard: { last4: '4242' } }) };
    replies[BUY] = {
      status: 409,
      body: {
        error: 'Operating agreement template costs $60: the page has been updated, please review it and buy again',
        code: 'amount_changed',
        amount: 6000,
      },
    };
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Buy for $50' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay $50 with the card ending 4242' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('costs $60');
    expect(calls.find((c) => c.key === BUY)?.body).toEqual({ addOn: 'operatingAgreement', amount: 5000, payWith: 'saved-card' });
  });

  it('a payment left under way can be started again', async () => {
    replies[LIST] = {
      status: 200,
      body: view({
        offers: view().offers.map((o) => (o.key === 'operatingAgreement' ? { ...o, status: 'pending' as const, reason: 'Its payment is under way' } : o)),
      }),
    };
    show();
    expect(await screen.findByText('Its payment is under way')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay again for $50' })).toBeInTheDocument();
  });

  it('shows nothing for an order that cannot buy', async () => {
    replies[LIST] = { status: 200, body: view({ refusal: 'This order was refunded: nothing more can be bought on it' }) };
    show();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('after-payment-purchases')).toBeNull();
  });

  describe('the DBA, which asks the name and the county', () => {
    const dba = (over: Partial<PurchasesView['offers'][number]> = {}): PurchasesView['offers'][number] => ({
      key: 'dbaRegistration',
      name: 'DBA: your creator name registered',
      description: 'We file your handle or channel name as a registered business name of the LLC',
      lines: [
        { key: 'dbaRegistration', label: 'DBA: your creator name registered', amount: 49 },
        { key: 'dbaFee', label: 'Nevada fictitious firm name filing fee', amount: 25 },
      ],
      totalCents: 7400,
      status: 'available',
      fields: [
        { field: 'dbaName', label: 'Creator name to register', hint: 'Your handle or channel name, without the @.' },
        { field: 'dbaCounty', label: 'County where your business is', hint: "Nevada's fictitious firm name is filed with the county clerk." },
      ],
      ...over,
    });

    it('says each field’s problem beside it, with the wizard’s rule, before any request; then sends the name and county', async () => {
      replies[LIST] = { status: 200, body: view({ state: 'NV', savedCard: { last4: '4242' }, offers: [dba()] }) };
      replies[BUY] = {
        status: 200,
        body: { status: 'paid', purchaseId: 'p2', purchases: view({ state: 'NV', offers: [dba({ status: 'bought', reason: 'Your order has it already' })] }) },
      };
      show();
      await userEvent.click(await screen.findByRole('button', { name: 'Buy for $74' }));
      const name = screen.getByLabelText('Creator name to register');
      await userEvent.type(name, 'Pixel Bank');
      await userEvent.click(screen.getByRole('button', { name: 'Pay $74 with the card ending 4242' }));
      const nameError = await screen.findByText(/Names containing "bank" need a state regulator's approval/);
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(name.getAttribute('aria-describedby')).toContain(nameError.id);
      const county = screen.getByLabelText('County where your business is');
      expect(county.getAttribute('aria-describedby')).toContain(
        screen.getByText(/^Enter the county where your business is: Nevada's fictitious firm name is filed with its county clerk/).id,
      );
      expect(calls.some((c) => c.key === BUY)).toBe(false);
      await userEvent.clear(name);
      await userEvent.type(name, '@Pixel Kitchen');
      await userEvent.type(county, 'Clark');
      replies[LIST] = { status: 200, body: view({ state: 'NV', offers: [dba({ status: 'bought', reason: 'Your order has it already' })] }) };
      await userEvent.click(screen.getByRole('button', { name: 'Pay $74 with the card ending 4242' }));
      expect(await screen.findByText('Your order has it already')).toBeInTheDocument();
      expect(calls.find((c) => c.key === BUY)?.body).toEqual({
        addOn: 'dbaRegistration',
        amount: 7400,
        payWith: 'saved-card',
        dbaName: '@Pixel Kitchen',
        dbaCounty: 'Clark',
      });
    });

    it('shows the server’s sentence about a field beside that field', async () => {
      replies[LIST] = { status: 200, body: view({ state: 'FL', savedCard: { last4: '4242' }, offers: [dba({ fields: [dba().fields![0]] })] }) };
      replies[BUY] = {
        status: 400,
        body: {
          error: 'A registered name is limited to 100 characters.',
          code: 'invalid_details',
          details: { dbaName: ['A registered name is limited to 100 characters.'] },
        },
      };
      show();
      await userEvent.click(await screen.findByRole('button', { name: 'Buy for $74' }));
      const name = screen.getByLabelText('Creator name to register');
      await userEvent.type(name, 'Pixel Kitchen');
      await userEvent.click(screen.getByRole('button', { name: 'Pay $74 with the card ending 4242' }));
      const error = await screen.findByText('A registered name is limited to 100 characters.');
      expect(name.getAttribute('aria-describedby')).toContain(error.id);
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('where the state keeps no register, says so and offers no button', async () => {
      replies[LIST] = {
        status: 200,
        body: view({
          state: 'KS',
          offers: [dba({ status: 'unavailable', reason: 'Kansas keeps no register of business names: there is nothing to file', fields: undefined })],
        }),
      };
      show();
      expect(await screen.findByText(/Kansas keeps no register of business names/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Buy for/ })).toBeNull();
    });
  });
});
