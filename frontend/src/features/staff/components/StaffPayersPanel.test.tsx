import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffOrderPayers } from '#shared/payers/payers.schema.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { StaffPayersPanel } from './StaffPayersPanel.tsx';

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

const EXPIRY = {
  expiresOn: '2027-12-31',
  rule: 'YouTube US tax info expires at the end of the third full calendar year after signing.',
  sourceTitle: 'Google AdSense Help',
  sourceUrl: 'https://support.google.com/adsense/',
  expired: false,
};
const JANUARY: StaffOrderPayers = {
  payers: [
    {
      id: 'p1',
      name: 'YouTube',
      kind: 'platform',
      form: 'platform_tax_page',
      how: 'tax_page',
      givenOn: '2024-01-15',
      w9Update: 'needed',
      expiry: EXPIRY,
      forms1099: [],
    },
    {
      id: 'p2',
      name: 'Glow Skincare',
      kind: 'brand',
      form: 'w9',
      how: 'email',
      givenOn: '2026-10-01',
      note: 'Via their agency',
      w9Update: 'done',
      forms1099: [{ year: 2026, received: [{ form: '1099-NEC', amountCents: 720_000, recordedOn: '2027-01-18' }] }],
    },
  ],
  electionEffectiveOn: '2026-09-01',
  w9UpdatesLeft: 1,
  check1099: {
    year: 2026,
    open: true,
    rows: [
      {
        payerId: 'p2',
        name: 'Glow Skincare',
        expectedForms: ['1099-NEC'],
        paidCents: 800_000,
        paidFrom: 'income-map',
        received: [{ form: '1099-NEC', amountCents: 720_000, recordedOn: '2027-01-18' }],
        flags: [
          {
            kind: 'amount-differs',
            recordedCents: 720_000,
            paidCents: 800_000,
            words: "Glow Skincare's form says $7,200, but your income map says $8,000 paid in 2026.",
          },
        ],
        status: 'flagged',
      },
    ],
    notes: [],
  },
};

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StaffPayersPanel applicationId={ID} />
    </QueryClientProvider>,
  );
}

describe('StaffPayersPanel', () => {
  it('shows each payer read-only: form, how and when given, expiry, the W-9 update and the recorded 1099s with the flag', async () => {
    reply = { status: 200, body: JANUARY };
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Payers' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toContain(`/api/staff/applications/${ID}/payers`);
    expect(calls[0]?.init.method ?? 'GET').toBe('GET');

    const [youtube, brand] = within(list).getAllByRole('listitem');
    expect(youtube).toHaveTextContent('YouTube (Platform)');
    expect(youtube).toHaveTextContent('The platform’s own tax page, entered on the platform’s tax page. Last given on January 15, 2024.');
    expect(youtube).toHaveTextContent('Tax info expires on December 31, 2027 (Google AdSense Help).');
    expect(youtube).toHaveTextContent('Update your W-9: not done yet');
    expect(brand).toHaveTextContent('Glow Skincare (Brand)');
    expect(brand).toHaveTextContent('Form W-9, emailed to them. Last given on October 1, 2026.');
    expect(brand).toHaveTextContent('New W-9 given');
    expect(brand).toHaveTextContent('Customer’s note: Via their agency');
    expect(brand).toHaveTextContent('Forms 1099 for 2026: 1099-NEC $7,200 (recorded January 18, 2027)');
    expect(screen.getByText(/S-corporation election in effect since September 1, 2026: 1 payer still needs the new W-9/)).toBeInTheDocument();

    const check = screen.getByTestId('staff-1099-check');
    expect(check).toHaveTextContent('January check of the Forms 1099 for 2026');
    expect(check).toHaveTextContent('Glow Skincare: Flagged. Expected 1099-NEC; paid $8,000 (income map); recorded 1099-NEC $7,200.');
    expect(check).toHaveTextContent('your income map says $8,000');

    // Nothing to change: the list is the customer's.
    const panel = screen.getByTestId('staff-payers');
    expect(within(panel).queryAllByRole('button')).toEqual([]);
    expect(within(panel).queryAllByRole('textbox')).toEqual([]);
    expect(within(panel).queryAllByRole('checkbox')).toEqual([]);
    expect(panel).toHaveTextContent('The customer keeps this list on their order page; staff cannot change it.');
  });

  it('says when there are no payers, and outside January to April shows no check', async () => {
    reply = { status: 200, body: { payers: [], w9UpdatesLeft: 0, check1099: { year: 2026, open: false, rows: [], notes: [] } } };
    renderPanel();
    expect(await screen.findByText('No payers listed.')).toBeInTheDocument();
    expect(screen.queryByTestId('staff-1099-check')).not.toBeInTheDocument();
  });

  it('says plainly when the list cannot be read (a role below processor gets 403)', async () => {
    reply = { status: 403, body: { error: 'Your role cannot do this: it is for processors and owners', code: 'role_not_allowed' } };
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('The payers could not be loaded');
  });
});
