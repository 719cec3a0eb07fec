import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ElectionView } from '#shared/s-corp/election.schema.ts';
import { electionState } from '#shared/s-corp/election.ts';
import AppToaster from '../../../components/AppToaster.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { ElectionPanel } from './ElectionPanel.tsx';

const ID = '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10';
const SEND_TO = 'The IRS address or fax number that the Form 2553 instructions give for Florida, where the LLC\'s principal office is ("Where To File")';

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

function renderPanel(election: ElectionView) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ElectionPanel applicationId={ID} election={election} />
      <AppToaster />
    </QueryClientProvider>,
  );
  return user;
}

const notStarted: ElectionView = { ...electionState({ formationDate: '2026-11-23', today: '2026-12-01' }), sendTo: SEND_TO };

describe('ElectionPanel', () => {
  it('prefills where the worksheet says to send the form, and records the fax date', async () => {
    const waiting = electionState({ formationDate: '2026-11-23', record: { sent: { how: 'fax', on: '2026-12-01', to: '855-214-7520' } }, today: '2026-12-02' });
    reply = { status: 200, body: { documents: [], missing: [], deliverables: [], election: waiting } };
    const user = renderPanel(notStarted);
    expect(screen.getByText('Form 2553 not sent yet')).toBeInTheDocument();
    const to = screen.getByLabelText('Fax number or address used');
    expect(to).toHaveValue(SEND_TO);
    await user.clear(to);
    await user.type(to, '855-214-7520');
    await user.type(screen.getByLabelText('Sent on'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Record as sent' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toBe(`/api/staff/applications/${ID}/election`);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ how: 'fax', sentOn: '2026-12-01', sentTo: '855-214-7520' });
    expect(await screen.findByText('Election Recorded')).toBeInTheDocument();
  });

  it('refuses a missing date without calling the server', async () => {
    const user = renderPanel(notStarted);
    await user.click(screen.getByRole('button', { name: 'Record as sent' }));
    expect(screen.getByLabelText(/^Sent on/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('shows an election in effect without the form', () => {
    renderPanel(electionState({ formationDate: '2026-11-23', record: { effectiveOn: '2026-11-23' }, today: '2026-12-31' }));
    expect(screen.getByText('S-corporation election in effect from November 23, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Record Form 2553 as sent' })).toBeNull();
  });
});
