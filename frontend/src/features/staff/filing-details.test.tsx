import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatExactCents } from '#shared/money.ts';
import { deliverablesFor } from '#shared/orders/deliverables.ts';
import { formatRefundCents, refundPlan } from '#shared/payments/refunds.ts';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import type { SupportTicket } from '#shared/staff/tickets.schema.ts';
import { writtenDate } from '#shared/written-date.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { STAFF_TOKEN_KEY } from '../../lib/staff-session.ts';
import { ApplicationDetailsModal } from './components/ApplicationDetailsModal.tsx';
import { TicketsTab } from './components/TicketsTab.tsx';

const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
const ADDRESS = { line1: '100 Main St', city: 'Miami', state: 'FL', zip: '33101' };

const DETAILS = {
  principalOffice: ADDRESS,
  registeredAgent: { kind: 'ours', renewalConsent: true },
  organizer: { name: 'Maya Lopez', title: 'Organizer', address: ADDRESS },
  signature: { typedName: 'Maya Lopez', consent: true, signedAt: '2026-11-21T09:00:00.000Z' },
  management: 'member',
  members: [{ name: 'Maya Lopez', address: ADDRESS, ownershipPercent: 100 }],
  purpose: 'Any lawful purpose',
  duration: 'perpetual',
  effectiveDate: 'upon_filing',
  ein: {
    responsibleParty: { name: 'Maya Lopez', taxIdType: 'ssn', taxIdLast4: '6789' },
    businessActivity: 'Video content',
    startDate: '2026-12-01',
    fiscalYearEndMonth: 12,
  },
} as const;

function application(over: Partial<StaffApplication> = {}): StaffApplication {
  return {
    id: ID,
    firstName: 'Maya',
    lastName: 'Lopez',
    email: 'maya@example.com',
    phone: '3055550100',
    state: 'FL',
    businessName: 'Maya Makes LLC',
    annualIncome: 50000,
    contentTypes: ['tech'],
    platforms: ['youtube'],
    notes: '',
    status: 'submitted',
    createdAt: '2026-11-20T09:00:00.000Z',
    expeditedFiling: false,
    feinFiling: true,
    operatingAgreement: false,
    paymentStatus: 'paid',
    amountPaidCents: 35000,
    paidAt: '2026-11-20T10:00:00.000Z',
    deliverables: [],
    ...over,
  } as StaffApplication;
}

type Reply = { status: number; body?: unknown };

/** The signed-in person as GET /api/staff/account answers. */
function account(role: 'owner' | 'processor' | 'support', permissions: string[] = []): Reply {
  return {
    status: 200,
    body: {
      id: 'p-1',
      email: `${role}@example.com`,
      name: 'Sam',
      role,
      permissions,
      soleOwner: false,
      secondFactors: { totp: true, recoveryCodesLeft: 10 },
      secondFactorRequired: false,
      sessions: [],
    },
  };
}
let replies: Record<string, Reply>;
let calls: { key: string; init: RequestInit }[];

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

beforeEach(() => {
  replies = {};
  calls = [];
  localStorage.clear();
  localStorage.setItem(STAFF_TOKEN_KEY, 'token-0123456789abcdef');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      calls.push({ key, init });
      const reply = replies[key];
      if (!reply) return new Response(JSON.stringify({ error: 'No fake for this call' }), { status: 404 });
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** The dashboard's way of showing the modal: open until closed, then gone. */
function ModalHost({ app }: { app: StaffApplication }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <ApplicationDetailsModal application={app} onClose={() => setOpen(false)} />
  ) : (
    <button type="button" onClick={() => setOpen(true)}>
      View details again
    </button>
  );
}

function renderWithClient(ui: React.ReactNode, client = createQueryClient()) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

describe('the filing details in the application modal', () => {
  it('shows the SSN as its last four digits; Reveal shows the whole number (recorded) until the modal closes', async () => {
    replies['GET /api/staff/account'] = account('owner');
    replies[`POST /api/staff/applications/${ID}/tax-id/reveal`] = { status: 200, body: { taxId: '123-45-6789', taxIdType: 'ssn' } };
    const app = application({ detailsCompletedAt: '2026-11-21T09:00:00.000Z', filingDetails: DETAILS as never, taxIdOnFile: true });
    const user = renderWithClient(<ModalHost app={app} />);
    const details = screen.getByRole('region', { name: /Filing details/ });
    expect(within(details).getByText('100 Main St, Miami, Florida 33101')).toBeInTheDocument();
    expect(await within(details).findByText(/Each reveal is recorded in the activity log/)).toBeInTheDocument();
    expect(within(details).getByText('•••-••-6789')).toBeInTheDocument();
    expect(within(details).queryByText('123-45-6789')).toBeNull();
    await user.click(await within(details).findByRole('button', { name: 'Reveal' }));
    expect(await within(details).findByText('123-45-6789')).toBeInTheDocument();
    const reveal = calls.find((c) => c.key === `POST /api/staff/applications/${ID}/tax-id/reveal`);
    expect(reveal?.init.headers).toMatchObject({ 'staff-token': 'token-0123456789abcdef' });

    await user.click(screen.getAllByRole('button', { name: /^Close/ })[0]);
    await user.click(await screen.findByRole('button', { name: 'View details again' }));
    const again = screen.getByRole('region', { name: /Filing details/ });
    expect(within(again).getByText('•••-••-6789')).toBeInTheDocument();
    expect(screen.queryByText('123-45-6789')).toBeNull();
  });

  it('a person whose role may not reveal or refund sees neither button, only the last four digits', async () => {
    replies['GET /api/staff/account'] = account('processor');
    const app = application({ detailsCompletedAt: '2026-11-21T09:00:00.000Z', filingDetails: DETAILS as never, taxIdOnFile: true });
    const client = createQueryClient();
    renderWithClient(<ModalHost app={app} />, client);
    // Once the screen knows the person's role (before that, no refused button shows either).
    await waitFor(() => expect(client.getQueryData(['staff', 'account'])).toMatchObject({ role: 'processor' }));
    // Start Processing (which staff may do) is there; the owner's buttons are not.
    expect(await screen.findByRole('button', { name: 'Start Processing' })).toBeEnabled();
    const details = screen.getByRole('region', { name: /Filing details/ });
    expect(within(details).getByText('•••-••-6789')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reveal' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
  });

  it('a processor the owner let reveal tax ids sees Reveal, and still no Refund', async () => {
    replies['GET /api/staff/account'] = account('processor', ['revealTaxId']);
    const app = application({ detailsCompletedAt: '2026-11-21T09:00:00.000Z', filingDetails: DETAILS as never, taxIdOnFile: true });
    const client = createQueryClient();
    renderWithClient(<ModalHost app={app} />, client);
    expect(await screen.findByRole('button', { name: 'Reveal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
  });

  it('support sees neither Reveal nor Refund', async () => {
    replies['GET /api/staff/account'] = account('support');
    const app = application({ detailsCompletedAt: '2026-11-21T09:00:00.000Z', filingDetails: DETAILS as never, taxIdOnFile: true });
    const client = createQueryClient();
    renderWithClient(<ModalHost app={app} />, client);
    await waitFor(() => expect(client.getQueryData(['staff', 'account'])).toMatchObject({ role: 'support' }));
    expect(screen.queryByRole('button', { name: 'Reveal' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
  });

  it('notes are a history with who and when; a saved note joins it and the box empties', async () => {
    replies['GET /api/staff/account'] = account('processor');
    const first = { text: 'Called the customer.', by: 'sam@example.com', at: '2026-11-21T09:00:00.000Z' };
    const second = { text: 'Name confirmed.', by: 'riley@example.com', at: '2026-11-21T10:00:00.000Z' };
    replies[`PATCH /api/staff/applications/${ID}`] = {
      status: 200,
      body: { ...application({ notes: second.text }), deliverables: [], noteHistory: [first, second] },
    };
    const user = renderWithClient(<ModalHost app={application({ notes: first.text, noteHistory: [first] })} />);
    const history = screen.getByRole('list', { name: 'Note history' });
    expect(within(history).getByText('Called the customer.')).toBeInTheDocument();
    expect(within(history).getByText(/^sam@example.com · /)).toBeInTheDocument();
    // The box is for a new note, not the old one to edit.
    expect(screen.getByLabelText('Notes')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save notes' })).toBeDisabled();
    await user.type(screen.getByLabelText('Notes'), 'Name confirmed.');
    await user.click(screen.getByRole('button', { name: 'Save notes' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Note history' })).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByLabelText('Notes')).toHaveValue('');
    const sent = calls.find((c) => c.key === `PATCH /api/staff/applications/${ID}`);
    expect(JSON.parse(String(sent?.init.body))).toEqual({ notes: 'Name confirmed.' });
  });

  it('the owner sees Refund on a paid order', async () => {
    replies['GET /api/staff/account'] = account('owner');
    renderWithClient(<ModalHost app={application()} />);
    expect(await screen.findByRole('button', { name: 'Refund payment' })).toBeEnabled();
  });

  it('Refund opens an in-page form: the amount leaves out the spent state fee, the email is previewed, and a second step confirms (no native dialog)', async () => {
    replies['GET /api/staff/account'] = account('owner');
    const nativeConfirm = vi.fn(() => true);
    vi.stubGlobal('confirm', nativeConfirm);
    const app = application({
      status: 'processing',
      paymentProvider: 'stripe',
      detailsCompletedAt: '2026-11-21T09:00:00.000Z',
      filingDetails: DETAILS as never,
    });
    const plan = refundPlan(app);
    expect(plan.stateFeeSpent).toBe(true);
    replies[`POST /api/staff/applications/${ID}/refund`] = {
      status: 200,
      body: {
        ...app,
        amountRefundedCents: plan.suggestedCents,
        refunds: [
          { id: 're_1', amountCents: plan.suggestedCents, reason: 'Cancelled', source: 'staff', by: 'owner@example.com', at: '2026-11-22T09:00:00.000Z' },
        ],
      },
    };
    const user = renderWithClient(<ModalHost app={app} />);
    await user.click(await screen.findByRole('button', { name: 'Refund payment' }));
    const form = screen.getByRole('region', { name: 'Refund' });
    expect(within(form).getByText(/state fee is already paid to the state and cannot be recovered/)).toBeInTheDocument();
    expect(within(form).getByLabelText('Amount (US dollars)')).toHaveValue((plan.suggestedCents / 100).toFixed(2));
    // Without a reason nothing can be sent.
    expect(within(form).getByRole('button', { name: 'Review refund' })).toBeDisabled();
    await user.type(within(form).getByLabelText(/^Reason/), 'Cancelled');
    // The customer's email, as it will read.
    expect(
      within(form).getByText(
        `We refunded ${formatExactCents(plan.suggestedCents)} of your payment for Maya Makes LLC on ${writtenDate(new Date().toISOString().slice(0, 10))}. Reason: Cancelled.`,
      ),
    ).toBeInTheDocument();
    // The whole payment needs the state fee included, said out loud.
    await user.clear(within(form).getByLabelText('Amount (US dollars)'));
    await user.type(within(form).getByLabelText('Amount (US dollars)'), '350.00');
    expect(within(form).getByRole('alert')).toHaveTextContent('state fee is already paid');
    expect(within(form).getByRole('button', { name: 'Review refund' })).toBeDisabled();
    await user.click(within(form).getByLabelText(/Include the .* state fee/));
    expect(within(form).getByLabelText('Amount (US dollars)')).toHaveValue('350.00');
    await user.click(within(form).getByLabelText(/Include the .* state fee/));
    expect(within(form).getByLabelText('Amount (US dollars)')).toHaveValue((plan.suggestedCents / 100).toFixed(2));
    // Review, then confirm in the page.
    await user.click(within(form).getByRole('button', { name: 'Review refund' }));
    const confirm = within(form).getByRole('alertdialog');
    expect(confirm).toHaveTextContent(`Send ${formatRefundCents(plan.suggestedCents)} back to the customer? This cannot be undone.`);
    await user.click(within(confirm).getByRole('button', { name: `Refund ${formatRefundCents(plan.suggestedCents)}` }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Refund' })).toBeNull());
    const sent = calls.find((c) => c.key === `POST /api/staff/applications/${ID}/refund`);
    expect(JSON.parse(String(sent?.init.body))).toEqual({ amountCents: plan.suggestedCents, reason: 'Cancelled' });
    expect(screen.getByText(new RegExp(`${formatRefundCents(plan.suggestedCents).replace('$', '\\$')} refunded`))).toBeInTheDocument();
    expect(nativeConfirm).not.toHaveBeenCalled();
  });

  it('a disputed order shows the chargeback (reason, deadline) and Start Processing is paused with the sentence why; no Refund', async () => {
    replies['GET /api/staff/account'] = account('owner');
    const dispute = {
      id: 'dp_1',
      status: 'open' as const,
      reason: 'the cardholder says they did not make the payment',
      amountCents: 35000,
      evidenceDueBy: '2026-12-09',
      filingPaused: true,
    };
    renderWithClient(
      <ModalHost app={application({ paymentStatus: 'disputed', dispute, detailsCompletedAt: '2026-11-21T09:00:00.000Z', filingDetails: DETAILS as never })} />,
    );
    expect(screen.getByText(/the customer's bank opened a chargeback of \$350.00 \(the cardholder says they did not make the payment\)/)).toBeInTheDocument();
    expect(screen.getByText(/Send evidence from the Stripe dashboard by 2026-12-09/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Processing' })).toBeDisabled();
    expect(screen.getByText(/filing is paused until the dispute is closed/)).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/staff/account')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Refund payment' })).toBeNull();
  });

  it('without details: says so, and Start Processing is unavailable with the sentence why', async () => {
    renderWithClient(<ModalHost app={application()} />);
    // Said in the filing details panel (and in the work queue's chase line).
    expect(screen.getAllByText('The customer has not completed the filing details yet.').length).toBeGreaterThan(0);
    const start = screen.getByRole('button', { name: 'Start Processing' });
    expect(start).toBeDisabled();
    expect(screen.getByText(/The customer has not completed the filing details yet: the state filing cannot be prepared without them/)).toBeInTheDocument();
  });

  it('with details: Start Processing is offered', async () => {
    renderWithClient(<ModalHost app={application({ detailsCompletedAt: '2026-11-21T09:00:00.000Z', filingDetails: DETAILS as never })} />);
    expect(screen.getByRole('button', { name: 'Start Processing' })).toBeEnabled();
  });
});

describe('the deliverables in the application modal', () => {
  it('lists what is missing, and Mark Complete says why not until the documents list says everything is delivered', async () => {
    const owed = deliverablesFor({
      state: 'FL',
      pricedOrder: { state: 'FL', feinFiling: true, operatingAgreement: false },
      documents: [{ kind: 'approved_articles', createdAt: '2026-11-24T10:00:00.000Z' }],
    });
    replies[`GET /api/staff/applications/${ID}/documents`] = { status: 200, body: { documents: [], missing: [], deliverables: owed } };
    renderWithClient(<ModalHost app={application({ status: 'filed', detailsCompletedAt: '2026-11-21T09:00:00.000Z', deliverables: owed })} />);
    const checklist = screen.getByRole('list', { name: 'Deliverables' });
    expect(within(checklist).getByText('Missing: the EIN is not recorded and the IRS confirmation letter is not uploaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark Complete' })).toBeDisabled();
    expect(
      screen.getByText('Not everything the order bought is delivered: the EIN is not recorded and the IRS confirmation letter is not uploaded'),
    ).toBeInTheDocument();
  });

  it('enables Mark Complete once the documents list says everything owed is delivered', async () => {
    const delivered = deliverablesFor({ state: 'FL', documents: [{ kind: 'approved_articles', createdAt: '2026-11-24T10:00:00.000Z' }] });
    const missing = deliverablesFor({ state: 'FL' });
    replies[`GET /api/staff/applications/${ID}/documents`] = { status: 200, body: { documents: [], missing: [], deliverables: delivered } };
    renderWithClient(
      <ModalHost app={application({ status: 'filed', feinFiling: false, detailsCompletedAt: '2026-11-21T09:00:00.000Z', deliverables: missing })} />,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark Complete' })).toBeEnabled());
  });
});

describe('support tickets', () => {
  const ticket: SupportTicket = {
    id: 'tk-1',
    subject: 'Change request for Maya Makes LLC',
    status: 'open',
    customerEmail: 'maya@example.com',
    customerName: 'Maya Lopez',
    message: 'Please change the mailing address.',
    priority: 'normal',
    createdAt: '2026-11-21T09:00:00.000Z',
    applicationId: ID,
    replies: [{ message: 'We are on it.', from: 'The CreatorLLC team', at: '2026-11-21T10:00:00.000Z' }],
  };

  it('shows the thread with the order, and sends a reply quoting the customer message it answers', async () => {
    replies['GET /api/staff/tickets'] = { status: 200, body: { items: [ticket], nextCursor: null } };
    replies['POST /api/staff/tickets/tk-1/replies'] = {
      status: 200,
      body: { ...ticket, replies: [...(ticket.replies ?? []), { message: 'Done.', from: 'The CreatorLLC team', at: '2026-11-21T11:00:00.000Z' }] },
    };
    const user = renderWithClient(<TicketsTab />);
    expect(await screen.findByText(ID.slice(0, 8))).toBeInTheDocument();
    const thread = within(screen.getByRole('list', { name: `Thread of ${ticket.subject}` })).getAllByRole('listitem');
    // The customer's first message, then the reply kept before replies had an author (a staff reply).
    expect(thread.map((li) => li.getAttribute('data-author'))).toEqual(['customer', 'staff']);
    expect(thread[0]).toHaveTextContent('Maya Lopez (customer)');
    expect(thread[1]).toHaveTextContent('We are on it.');
    await user.click(screen.getByRole('button', { name: 'Send reply by email' }));
    expect(screen.getByText('Reply is required')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/staff/tickets/tk-1/replies')).toBe(false);
    await user.type(screen.getByLabelText('Reply to Maya Lopez'), 'Done.');
    await user.click(screen.getByRole('button', { name: 'Send reply by email' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/staff/tickets/tk-1/replies')).toBe(true));
    const sent = calls.find((c) => c.key === 'POST /api/staff/tickets/tk-1/replies');
    expect(JSON.parse(String(sent?.init.body))).toEqual({ message: 'Done.', quotes: 'first' });
    await waitFor(() => expect(screen.getByLabelText('Reply to Maya Lopez')).toHaveValue(''));
  });

  it('picks which customer message a reply answers when there are several', async () => {
    const answered: SupportTicket = {
      ...ticket,
      replies: [
        { id: 'r1', message: 'We are on it.', from: 'The CreatorLLC team', at: '2026-11-21T10:00:00.000Z', author: 'staff' },
        { id: 'r2', message: 'Also my phone changed.', from: 'Maya Lopez', at: '2026-11-21T10:30:00.000Z', author: 'customer' },
      ],
    };
    replies['GET /api/staff/tickets'] = { status: 200, body: { items: [answered], nextCursor: null } };
    replies['POST /api/staff/tickets/tk-1/replies'] = { status: 200, body: answered };
    const user = renderWithClient(<TicketsTab />);
    const answering = await screen.findByLabelText('Answering');
    // The latest customer message by default; the first one when picked.
    expect(answering).toHaveValue('r2');
    await user.selectOptions(answering, 'first');
    await user.type(screen.getByLabelText('Reply to Maya Lopez'), 'The address is changed.');
    await user.click(screen.getByRole('button', { name: 'Send reply by email' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/staff/tickets/tk-1/replies')).toBe(true));
    const sent = calls.find((c) => c.key === 'POST /api/staff/tickets/tk-1/replies');
    expect(JSON.parse(String(sent?.init.body))).toEqual({ message: 'The address is changed.', quotes: 'first' });
  });
});
