import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import AppToaster from '../../components/AppToaster.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { STAFF_TOKEN_KEY } from '../../lib/staff-session.ts';
import { ApplicationsTab } from './components/ApplicationsTab.tsx';
import { WorkQueueTab } from './components/WorkQueueTab.tsx';

type Reply = { status: number; body?: unknown };
let replies: Record<string, Reply>;
let calls: { key: string; url: string; body: unknown }[];

function fakeFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const key = `${init.method ?? 'GET'} ${url.replace(/\?.*$/, '')}`;
  calls.push({ key, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
  const reply = replies[key];
  if (!reply) return Promise.resolve(new Response(JSON.stringify({ error: 'No fake for this call' }), { status: 404 }));
  return Promise.resolve(new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status }));
}

const ME = { id: 'me-0000000001', email: 'ana@staff.example.com', name: 'Ana' };
const BEN = { id: 'ben-000000001', email: 'ben@staff.example.com', name: 'Ben' };

function queued(id: string, businessName: string, over: Partial<StaffApplication> = {}): StaffApplication {
  const at = new Date(Date.now() - 3_600_000).toISOString();
  return {
    id,
    firstName: 'Ava',
    lastName: 'Creator',
    email: 'ava@example.com',
    phone: '3055550100',
    state: 'WY',
    businessName,
    annualIncome: null,
    contentTypes: [],
    platforms: [],
    notes: '',
    status: 'submitted',
    createdAt: at,
    expeditedFiling: false,
    feinFiling: false,
    operatingAgreement: false,
    paymentStatus: 'paid',
    deliverables: [],
    queue: 'ready',
    queueSince: at,
    detailsCompletedAt: at,
    version: 3,
    ...over,
  } as StaffApplication;
}

const READY = queued('aaaaaaaa-0000-4000-8000-000000000001', 'Ready One LLC');
const FILED = queued('bbbbbbbb-0000-4000-8000-000000000002', 'Filed Two LLC', {
  status: 'filed',
  queue: 'filed',
  assignee: { id: BEN.id, email: BEN.email, at: new Date().toISOString() },
});

beforeEach(() => {
  replies = {
    'GET /api/staff/account': { status: 200, body: { ...ME, role: 'processor', secondFactors: { totp: true }, secondFactorRequired: true, sessions: [] } },
    'GET /api/staff/assignees': { status: 200, body: { people: [ME, BEN] } },
    'GET /api/staff/queue': {
      status: 200,
      body: {
        sections: [
          { stage: 'ready', items: [READY], nextCursor: null },
          { stage: 'filed', items: [FILED], nextCursor: null },
        ],
      },
    },
  };
  calls = [];
  localStorage.setItem(STAFF_TOKEN_KEY, 'token-0123456789abcdef');
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderQueue() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <WorkQueueTab />
        <AppToaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

describe('the queue: every paid order, its stage, its age and real counts', () => {
  const WAITING = queued('cccccccc-0000-4000-8000-000000000003', 'Waiting Three LLC', {
    queue: 'details',
    detailsCompletedAt: undefined,
    queueSince: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  });
  const PROCESSING = queued('dddddddd-0000-4000-8000-000000000004', 'Started Four LLC', {
    status: 'processing',
    queue: 'processing',
    queueSince: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    assignee: { id: ME.id, email: ME.email, at: new Date().toISOString() },
  });

  beforeEach(() => {
    replies['GET /api/staff/queue'] = {
      status: 200,
      body: {
        sections: [
          { stage: 'details', items: [WAITING], nextCursor: null, count: 1 },
          // 25 shown of 31: the heading says 31, not "25+".
          {
            stage: 'ready',
            items: Array.from({ length: 25 }, (_, i) => queued(`eeeeeeee-0000-4000-8000-${String(i).padStart(12, '0')}`, `Ready ${i} LLC`)),
            nextCursor: 'next',
            count: 31,
          },
          { stage: 'processing', items: [PROCESSING], nextCursor: null, count: 1 },
        ],
      },
    };
  });

  it('shows the exact count of a stage beyond its first page', async () => {
    renderQueue();
    const ready = await screen.findByRole('region', { name: /Ready to start/ });
    expect(within(ready).getByTestId('stage-count')).toHaveTextContent('(31)');
    expect(ready).not.toHaveTextContent('+)');
  });

  it("lists an order waiting for the customer's details with its age, and chases it", async () => {
    replies[`POST /api/staff/applications/${WAITING.id}/details-chase`] = {
      status: 200,
      body: { ...WAITING, detailsChased: { at: new Date().toISOString(), by: ME.email, times: 1 } },
    };
    const user = renderQueue();
    const details = await screen.findByRole('region', { name: /Waiting for the customer's filing details/ });
    expect(within(details).getByText('waiting 3 d')).toBeInTheDocument();
    expect(within(details).getByTestId('last-chased')).toHaveTextContent('Not chased yet');
    await user.click(within(details).getByRole('button', { name: 'Chase Waiting Three LLC for the filing details' }));
    await waitFor(() => expect(calls.some((c) => c.key.endsWith(`/api/staff/applications/${WAITING.id}/details-chase`))).toBe(true));
    expect(calls.find((c) => c.key.endsWith('/details-chase'))?.body).toEqual({});
    expect(await screen.findByText('Reminder sent')).toBeInTheDocument();
  });

  it('shows when an order was last chased and by whom', async () => {
    const chased = { ...WAITING, detailsChased: { at: '2026-11-20T15:00:00.000Z', by: BEN.email, times: 2 } };
    replies['GET /api/staff/queue'] = { status: 200, body: { sections: [{ stage: 'details', items: [chased], nextCursor: null, count: 1 }] } };
    renderQueue();
    expect(await screen.findByTestId('last-chased')).toHaveTextContent(`by ${BEN.email} (2 times)`);
  });

  it('lists an order in processing from its first hours, under who works it', async () => {
    renderQueue();
    const processing = await screen.findByRole('region', { name: /In processing/ });
    expect(within(processing).getByText('processing 2 h')).toBeInTheDocument();
    expect(within(processing).getByText(ME.email)).toBeInTheDocument();
    expect(within(processing).queryByText(/not filed after/)).toBeNull();
  });
});

describe('the queue: assignment and bulk actions', () => {
  it('shows who works each order', async () => {
    renderQueue();
    const filed = await screen.findByRole('region', { name: /Filed, waiting for documents/ });
    expect(within(filed).getByText(BEN.email)).toBeInTheDocument();
    const ready = screen.getByRole('region', { name: /Ready to start/ });
    expect(within(ready).getByText('Unassigned')).toBeInTheDocument();
  });

  it('starts processing only the ready orders chosen, and lists each one not started with why', async () => {
    replies['POST /api/staff/bulk-actions'] = {
      status: 200,
      body: { done: [], failed: [{ id: READY.id, code: 'status_conflict', error: 'Cannot move this application to processing: it changed meanwhile' }] },
    };
    const user = renderQueue();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose Ready One LLC' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose Filed Two LLC' }));
    await user.click(screen.getByRole('button', { name: 'Start Processing (1 ready)' }));
    await waitFor(() => expect(calls.some((c) => c.key.endsWith('/api/staff/bulk-actions'))).toBe(true));
    expect(calls.find((c) => c.key.endsWith('/api/staff/bulk-actions'))?.body).toEqual({ action: 'start_processing', orders: [{ id: READY.id, version: 3 }] });
    const failed = await screen.findByRole('alert', { name: 'Orders not changed' });
    expect(failed).toHaveTextContent('Ready One LLC: Cannot move this application to processing: it changed meanwhile');
  });

  it('assigns the chosen orders to me, each at the version shown', async () => {
    replies['POST /api/staff/bulk-actions'] = { status: 200, body: { done: [], failed: [] } };
    const user = renderQueue();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose Ready One LLC' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose Filed Two LLC' }));
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(calls.some((c) => c.key.endsWith('/api/staff/bulk-actions'))).toBe(true));
    expect(calls.find((c) => c.key.endsWith('/api/staff/bulk-actions'))?.body).toEqual({
      action: 'assign',
      personId: ME.id,
      orders: [
        { id: READY.id, version: 3 },
        { id: FILED.id, version: 3 },
      ],
    });
  });

  it('"Assign to me" in the order: the assignee shows at once', async () => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    const assigned = { ...READY, assignee: { id: ME.id, email: ME.email, at: new Date().toISOString() }, version: 4 };
    replies[`PUT /api/staff/applications/${READY.id}/assignee`] = { status: 200, body: assigned };
    const user = renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Open Ready One LLC' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Nobody yet')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Assign to me' }));
    expect(await within(dialog).findByText(new RegExp(`^${ME.email} · since`))).toBeInTheDocument();
    expect(calls.find((c) => c.key.endsWith('/assignee'))?.body).toEqual({ personId: ME.id, version: 3 });
    // The state's own pages, opened apart from the back office.
    const search = within(dialog).getByRole('link', { name: 'Wyoming business-entity search' });
    expect(search).toHaveAttribute('href', 'https://wyobiz.wyo.gov/Business/FilingSearch.aspx');
    expect(search).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByRole('link', { name: 'Wyoming annual report online' })).toHaveAttribute(
      'href',
      'https://wyobiz.wyo.gov/Business/AnnualReport.aspx',
    );
  });
});

describe('the applications list: search and filters', () => {
  it('sends the search box and the filters to the list, and says when nothing is found', async () => {
    replies['GET /api/staff/applications'] = { status: 200, body: { items: [], nextCursor: null } };
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ApplicationsTab />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'Ava@Example{Enter}');
    expect(await screen.findByText('Nothing found for "Ava@Example".')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('State'), 'WY');
    await user.selectOptions(screen.getByLabelText('Add-on'), 'feinFiling');
    await waitFor(() => {
      const last = new URL(calls.filter((c) => c.key.endsWith('/api/staff/applications')).at(-1)?.url ?? '', 'http://x');
      expect(Object.fromEntries(last.searchParams)).toEqual({ q: 'Ava@Example', state: 'WY', addOn: 'feinFiling' });
    });
  });
});

describe('exports', () => {
  function renderList() {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ApplicationsTab />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return user;
  }

  it('a processor sees no export', async () => {
    replies['GET /api/staff/applications'] = { status: 200, body: { items: [], nextCursor: null } };
    renderList();
    expect(await screen.findByText('No applications to show.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.key.endsWith('/api/staff/account'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Export these orders' })).toBeNull();
  });

  it('the owner exports the orders the list shows, and gets the link in the page', async () => {
    replies['GET /api/staff/account'] = {
      status: 200,
      body: { ...ME, role: 'owner', secondFactors: { totp: true }, secondFactorRequired: true, sessions: [] },
    };
    replies['GET /api/staff/applications'] = { status: 200, body: { items: [], nextCursor: null } };
    replies['POST /api/staff/exports'] = {
      status: 200,
      body: { url: 'https://example.test/documents/exports/x.csv', expiresAt: '2026-11-27T10:05:00.000Z', fileName: 'orders-2026-11-27.csv', rows: 12 },
    };
    const user = renderList();
    await user.selectOptions(await screen.findByLabelText('State'), 'WY');
    await user.click(await screen.findByRole('button', { name: 'Export these orders' }));
    const link = await screen.findByRole('link', { name: 'Download orders-2026-11-27.csv' });
    expect(link).toHaveAttribute('href', 'https://example.test/documents/exports/x.csv');
    expect(screen.getByRole('status')).toHaveTextContent('12 rows');
    expect(calls.find((c) => c.key.endsWith('/api/staff/exports'))?.body).toEqual({ kind: 'orders', filter: { state: 'WY' } });
  });
});

describe('renewals due', () => {
  it('lists the renewals of the next 60 days with the customer’s choice', async () => {
    replies['GET /api/staff/renewals-due'] = {
      status: 200,
      body: {
        from: '2026-11-27',
        to: '2027-01-26',
        items: [
          {
            applicationId: READY.id,
            businessName: 'Ready One LLC',
            state: 'WY',
            email: 'a@example.com',
            dueOn: '2026-12-10',
            actsOn: '2026-12-10',
            status: 'cancelled',
            priceUsd: 99,
          },
        ],
      },
    };
    const user = renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Renewals due' }));
    const list = await screen.findByRole('region', { name: /Registered agent renewals due by/ });
    expect(within(list).getByText('Ready One LLC')).toBeInTheDocument();
    expect(within(list).getByText('Cancelled by the customer')).toBeInTheDocument();
    expect(within(list).getByText('$99/year')).toBeInTheDocument();
  });
});

describe('unmatched payments', () => {
  it('lists each payment no order recorded, with why', async () => {
    replies['GET /api/staff/unmatched-payments'] = {
      status: 200,
      body: {
        items: [
          {
            provider: 'stripe',
            reference: 'pi_orphan_1',
            amountCents: 27500,
            currency: 'usd',
            at: '2026-11-20T10:00:00.000Z',
            reason: 'no-application',
            eventId: 'evt_1',
          },
        ],
        nextCursor: null,
      },
    };
    const user = renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Unmatched payments' }));
    const list = await screen.findByRole('region', { name: /Payments with no recorded order/ });
    expect(within(list).getByText('stripe pi_orphan_1')).toBeInTheDocument();
    expect(within(list).getByText('The payment names no order')).toBeInTheDocument();
    expect(list).toHaveTextContent(/\$275(\.00)? USD/);
  });
});
