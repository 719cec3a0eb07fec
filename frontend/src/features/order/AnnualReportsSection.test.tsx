import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { rememberResumeSecret } from '../../lib/resume-secrets.ts';
import { AnnualReportsSection } from './AnnualReportsSection.tsx';

const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
const VIEW = `GET /api/orders/${ID}/annual-reports`;
const AGREE = `POST /api/orders/${ID}/annual-reports`;
const CANCEL = `POST /api/orders/${ID}/annual-reports/cancel`;
const RESUME = `POST /api/orders/${ID}/annual-reports/resume`;

const notAgreed = { available: true, status: 'not-agreed', history: [], filings: [] };
const active = { ...notAgreed, status: 'active', priceCents: 23_775, nextDueOn: '2027-05-01', chargeOn: '2027-04-10', cardLast4: '4242' };

let replies: Record<string, { status: number; body: unknown }>;
let calls: { key: string; body?: unknown }[];

beforeEach(() => {
  calls = [];
  replies = {};
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
      <AnnualReportsSection applicationId={ID} />
    </QueryClientProvider>,
  );

describe('the order page’s annual reports filed for you', () => {
  it('agrees only with the consent ticked, then shows the agreed price and the charge day', async () => {
    replies[VIEW] = { status: 200, body: notAgreed };
    replies[AGREE] = { status: 200, body: active };
    show();
    const button = await screen.findByRole('button', { name: 'File my annual reports' });
    expect(button).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to be charged for each annual report/ }));
    await userEvent.click(button);
    const section = await screen.findByTestId('annual-reports');
    expect(await screen.findByText(/\$237\.75 a report, as you agreed/)).toBeInTheDocument();
    expect(section).toHaveTextContent('we charge it on');
    expect(section).toHaveTextContent('We charge the card ending 4242.');
    expect(calls.find((c) => c.key === AGREE)?.body).toEqual({ consent: true });
  });

  it('cancels in one step and undoes it', async () => {
    replies[VIEW] = { status: 200, body: active };
    replies[CANCEL] = { status: 200, body: { ...active, status: 'cancelled' } };
    replies[RESUME] = { status: 200, body: active };
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel annual reports' }));
    expect(await screen.findByText(/nothing more is charged/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Undo/ }));
    expect(await screen.findByRole('button', { name: 'Cancel annual reports' })).toBeInTheDocument();
    expect(calls.filter((c) => c.key === CANCEL)).toHaveLength(1);
    expect(calls.filter((c) => c.key === RESUME)).toHaveLength(1);
  });

  it('says so where the report is free, with nothing to buy', async () => {
    replies[VIEW] = {
      status: 200,
      body: { available: false, reason: "Texas's annual report is free to file (due: May 15)", status: 'not-agreed', history: [], filings: [] },
    };
    show();
    expect(await screen.findByText(/free to file/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'File my annual reports' })).toBeNull();
  });
});
