import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeRegistrationView } from '#shared/orders/home-registration.schema.ts';
import AppToaster from '../../../components/AppToaster.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { HomeRegistrationPanel } from './HomeRegistrationPanel.tsx';

const ID = '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10';

let calls: { url: string; init: RequestInit }[];
let reply: { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const california: HomeRegistrationView = {
  home: 'CA',
  homeName: 'California',
  formationName: 'Wyoming',
  dataFeeUsd: 70,
  source: { name: 'California Secretary of State', url: 'https://www.sos.ca.gov/', verifiedAt: '2026-08-08' },
  bought: 'no',
  goodStanding: 'Our data does not say whether California asks for a certificate of good standing from Wyoming.',
  steps: ['File Application to Register with California Secretary of State.'],
};

function renderPanel(registration: HomeRegistrationView) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HomeRegistrationPanel applicationId={ID} registration={registration} />
      <AppToaster />
    </QueryClientProvider>,
  );
  return user;
}

describe('HomeRegistrationPanel', () => {
  it("shows the data's fee as a draft and confirms a corrected fee", async () => {
    reply = {
      status: 200,
      body: {
        documents: [],
        missing: [],
        deliverables: [],
        homeRegistration: { ...california, confirmed: { usd: 75, confirmedAt: '2026-12-02T10:00:00.000Z', confirmedBy: 'p@example.com' } },
      },
    };
    const user = renderPanel(california);
    expect(screen.getByText(/Our data: \$70, a draft figure/)).toBeInTheDocument();
    expect(screen.getByText('File Application to Register with California Secretary of State.')).toBeInTheDocument();
    const fee = screen.getByLabelText("California's fee (US dollars)");
    expect(fee).toHaveValue('70');
    await user.clear(fee);
    await user.type(fee, '75');
    await user.type(screen.getByLabelText('Where you checked it'), 'SOS fee page');
    await user.click(screen.getByRole('button', { name: 'Confirm the fee' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toBe(`/api/staff/applications/${ID}/home-state-fee`);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ usd: 75, note: 'SOS fee page' });
    expect(await screen.findByText('Fee Confirmed')).toBeInTheDocument();
  });

  it('refuses a negative fee without calling the server, and offers no form once bought', async () => {
    const user = renderPanel(california);
    const fee = screen.getByLabelText("California's fee (US dollars)");
    await user.clear(fee);
    await user.type(fee, '-5');
    await user.click(screen.getByRole('button', { name: 'Confirm the fee' }));
    expect(await screen.findByText('The fee cannot be negative')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('once bought, shows the steps and no form', () => {
    renderPanel({ ...california, bought: 'paid', confirmed: { usd: 70, confirmedAt: '2026-12-02T10:00:00.000Z', confirmedBy: 'p@example.com' } });
    expect(screen.getByText(/Bought: register the Wyoming LLC in California/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /fee/ })).toBeNull();
  });
});
