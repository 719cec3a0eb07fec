import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_OPERATOR_SETTINGS } from '#shared/operator/facts.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { STAFF_TOKEN_KEY } from '../lib/staff-session.ts';
import { StaffShell } from './StaffShell.tsx';

/**
 * The notices on every staff screen are for who can act on them: the unset operator settings and
 * the states without a registered-agent office are the owner's (the settings are theirs alone).
 */
let role: string;
let calls: string[];

function fakeFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');
  calls.push(`${init.method ?? 'GET'} ${path}`);
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  if (path.endsWith('/api/staff/account'))
    return json({
      id: 'p1',
      email: `${role}@example.com`,
      name: 'Sam',
      role,
      permissions: [],
      soleOwner: false,
      secondFactors: { totp: true },
      secondFactorRequired: true,
      sessions: [],
    });
  if (path.endsWith('/api/operator-settings')) return json({ ...EMPTY_OPERATOR_SETTINGS, version: 1 });
  if (path.endsWith('/api/staff/registered-agent-gaps')) return json({ states: [{ state: 'TX', openOrders: 2, choseOurAgent: 1 }] });
  return Promise.resolve(new Response(JSON.stringify({ error: 'No fake for this call' }), { status: 404 }));
}

beforeEach(() => {
  calls = [];
  localStorage.setItem(STAFF_TOKEN_KEY, 'tok-0123456789abcdef');
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderShell() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <StaffShell title="Staff dashboard">
          <p>Body</p>
        </StaffShell>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the staff notices', () => {
  it('the owner is told of unset settings and of states without an office, with the link to fix them', async () => {
    role = 'owner';
    renderShell();
    expect(await screen.findByText('The operator settings are incomplete')).toBeInTheDocument();
    expect(await screen.findByTestId('agent-office-notice')).toHaveTextContent('Texas (2 open orders, 1 chose our agent and cannot be filed)');
    expect(screen.getByRole('link', { name: 'Add an office in the settings' })).toHaveAttribute('href', '/staff/settings');
  });

  it.each(['processor', 'support'])('a %s, who cannot change the settings, carries neither notice and never asks for the gaps', async (r) => {
    role = r;
    renderShell();
    await screen.findByRole('link', { name: 'Your account' });
    await waitFor(() => expect(calls.some((c) => c.endsWith('/api/staff/account'))).toBe(true));
    // The account is known: the shell has decided what to show.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Your account' })).toHaveAttribute('title', `Signed in as ${r}@example.com`));
    expect(screen.queryByText('The operator settings are incomplete')).toBeNull();
    expect(screen.queryByTestId('agent-office-notice')).toBeNull();
    expect(calls.filter((c) => c.includes('registered-agent-gaps'))).toEqual([]);
  });
});
