import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { AnnualReportChargesPanel } from './AnnualReportChargesPanel.tsx';

const ID = '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10';
const ME = { id: 'me-0000000001', email: 'ana@staff.example.com', name: 'Ana', secondFactors: { totp: true }, secondFactorRequired: true, sessions: [] };

const APP = {
  id: ID,
  firstName: 'Jordan',
  lastName: 'Lee',
  email: 'jordan@example.com',
  phone: '',
  state: 'FL',
  businessName: 'Bright Pixel Studios LLC',
  annualIncome: null,
  contentTypes: [],
  platforms: [],
  notes: '',
  status: 'completed',
  createdAt: '2026-11-20T15:00:00.000Z',
  deliverables: [],
  annualReportCharges: [
    { dueOn: '2027-05-01', amountCents: 23_775, paidAt: '2027-04-10T16:00:00.000Z' },
    { dueOn: '2028-05-01', amountCents: 23_775, paidAt: '2028-04-10T16:00:00.000Z', filedOn: '2028-04-14' },
  ],
} as unknown as StaffApplication;

let role: 'owner' | 'processor';
let calls: { url: string; method: string; body?: unknown }[];
beforeEach(() => {
  calls = [];
  role = 'owner';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2028-06-01T12:00:00Z'));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const ok = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      if (url === '/api/staff/account') return ok({ ...ME, role });
      if (url.endsWith('/annual-report/refund'))
        return ok({
          ...APP,
          annualReportCharges: [
            { ...APP.annualReportCharges?.[0], refund: { amountCents: 23_775, at: '2028-06-01T12:00:00.000Z', reason: 'Not filed by May 1' } },
            APP.annualReportCharges?.[1],
          ],
        });
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const show = () => {
  const onChanged = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AnnualReportChargesPanel app={APP} onChanged={onChanged} />
    </QueryClientProvider>,
  );
  return onChanged;
};

describe('AnnualReportChargesPanel', () => {
  it('an owner refunds a report not filed by its due date, with a reason and a confirmation; a report filed early is refused in the policy’s words', async () => {
    const user = userEvent.setup();
    const onChanged = show();
    const refund = await screen.findByRole('button', { name: 'Refund this report' });
    // Only the 2027 report (not filed by its due date): the 2028 one was filed before May 1.
    expect(screen.getAllByRole('button', { name: 'Refund this report' })).toHaveLength(1);
    expect(screen.getByText(/the Refund Policy refunds this charge in full/)).toBeInTheDocument();
    expect(screen.getByText(/before its due date: the Refund Policy does not refund a filed report/)).toBeInTheDocument();
    await user.click(refund);
    const review = screen.getByRole('button', { name: 'Review refund' });
    expect(review).toBeDisabled();
    await user.type(screen.getByLabelText("Reason (the customer's email says it)"), 'Not filed by May 1');
    await user.click(review);
    await user.click(screen.getByRole('button', { name: 'Refund $237.75' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls.find((c) => c.url.endsWith('/annual-report/refund'))).toMatchObject({
      method: 'POST',
      body: { dueOn: '2027-05-01', reason: 'Not filed by May 1' },
    });
  });

  it('a processor sees the charges but no refund', async () => {
    role = 'processor';
    show();
    expect(await screen.findByText(/Report due .*2027.*\$237\.75 charged/)).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/staff/account')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Refund this report' })).toBeNull();
  });
});
