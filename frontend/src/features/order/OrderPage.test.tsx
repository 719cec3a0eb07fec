import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliverablesFor } from '#shared/orders/deliverables.ts';
import type { OrderView } from '#shared/orders/view.schema.ts';
import { startOrderRead } from '../../lib/order-first-read.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { rememberResumeSecret } from '../../lib/resume-secrets.ts';
import OrderPage from './OrderPage.tsx';

const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
const SECRET = 'secret-of-this-browser-abcdefghijk';

function orderView(over: Partial<OrderView> = {}, details: Partial<OrderView['details']> = {}): OrderView {
  return {
    id: ID,
    businessName: 'Maya Makes LLC',
    state: 'FL',
    stateName: 'Florida',
    status: 'submitted',
    paymentStatus: 'paid',
    email: 'maya@example.com',
    timeline: [
      { step: 'paid', label: 'Payment received', done: true, current: false, at: '2026-11-20T10:00:00.000Z' },
      { step: 'details', label: 'Filing details complete', done: false, current: true },
      { step: 'processing', label: 'Filing with the state', done: false, current: false },
      { step: 'filed', label: 'Filed by the state', done: false, current: false },
      { step: 'completed', label: 'Completed: documents ready', done: false, current: false },
    ],
    receipt: {
      lines: [
        { label: 'Florida filing fee', amount: 125 },
        { label: 'Service fee', amount: 150 },
      ],
      total: 275,
      provider: 'test card',
      paidAt: '2026-11-20T10:00:00.000Z',
    },
    details: { ein: false, complete: false, editable: true, taxIdOnFile: false, ownersOffRecord: false, value: null, ...details },
    nextSteps: ['Complete the filing details below: Florida needs them on your formation document, and we cannot file without them.'],
    processingTime: '5-7 business days',
    documents: [],
    deliverables: [],
    version: 3,
    ...over,
  };
}

type Reply = { status: number; body?: unknown };
let replies: Record<string, Reply | ((init: RequestInit) => Reply)>;
let calls: { key: string; init: RequestInit }[];

/** The operator acts as registered agent in Florida only (its office there). */
const OPERATOR = {
  legalName: 'Creator Filings LLC',
  address: null,
  supportEmail: null,
  supportPhone: null,
  registeredAgentRenewalUsd: null,
  refundTerms: null,
  liveChatUrl: null,
  socialLinks: {},
  registeredAgentOffices: [{ line1: '100 Biscayne Blvd', city: 'Miami', state: 'FL', zip: '33132' }],
  version: 1,
};

beforeEach(() => {
  replies = { 'GET /api/operator-settings': { status: 200, body: OPERATOR } };
  calls = [];
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      calls.push({ key, init });
      const found = replies[key];
      const reply = typeof found === 'function' ? found(init) : found;
      if (!reply) return new Response(JSON.stringify({ error: 'Not found', code: 'not_found' }), { status: 404 });
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BrowserRouter>
        <Routes>
          <Route path="/orders/:id" element={<OrderPage />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>,
  );
  return user;
}

/** The page as the browser that placed the order sees it. */
async function openAsHolder(view: OrderView = orderView()) {
  rememberResumeSecret(ID, SECRET);
  replies[`GET /api/orders/${ID}`] = { status: 200, body: view };
  const user = renderAt(`/orders/${ID}`);
  await screen.findByRole('form', { name: 'Filing details' });
  return user;
}

const group = (name: string | RegExp) => screen.getByRole('group', { name });
const headerOf = (init: RequestInit, name: string) => (init.headers as Record<string, string> | undefined)?.[name];

async function fillAddress(user: ReturnType<typeof userEvent.setup>, name: string, line1 = '100 Main St') {
  const g = group(name);
  await user.type(within(g).getByLabelText('Street address'), line1);
  await user.type(within(g).getByLabelText('City'), 'Miami');
  await user.type(within(g).getByLabelText('ZIP code'), '33101');
}

/** Everything a Florida order without the EIN add-on needs. */
async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await fillAddress(user, 'Principal office');
  await user.click(screen.getByRole('radio', { name: /Yes, renew it each year/ }));
  await user.type(screen.getByLabelText("Organizer's full name"), 'Maya Lopez');
  // The signature and the first member are the organizer unless unticked.
  await user.click(screen.getByRole('checkbox', { name: /typing my name is my electronic signature/ }));
}

describe('the filing details form', { timeout: 20_000 }, () => {
  it('says beside the principal office that a PO box is not a street address, once the field is left', async () => {
    const user = await openAsHolder();
    const street = within(group('Principal office')).getByLabelText('Street address');
    await user.type(street, 'PO Box 12');
    expect(screen.queryByText(/A PO box is not a street address/)).toBeNull();
    await user.tab();
    const sentence = screen.getByText('A PO box is not a street address: enter where the business is located');
    expect(street).toHaveAttribute('aria-invalid', 'true');
    expect(street.getAttribute('aria-describedby')).toContain(sentence.id);
    // The mailing address may be a PO box.
    await user.click(screen.getByRole('checkbox', { name: 'The mailing address is the same as the principal office' }));
    const mailing = within(group('Mailing address')).getByLabelText('Street address');
    await user.type(mailing, 'PO Box 12');
    await user.tab();
    expect(mailing).not.toHaveAttribute('aria-invalid');
  });

  it('adds members with a live ownership total that must reach 100%', async () => {
    const user = await openAsHolder();
    const total = screen.getByTestId('ownership-total');
    expect(total).toHaveTextContent('Total ownership: 100% of 100%');
    await user.click(screen.getByRole('button', { name: 'Add a member' }));
    expect(screen.getByRole('group', { name: 'Member 2' })).toBeInTheDocument();
    const first = within(group('Member 1')).getByLabelText('Ownership %');
    await user.clear(first);
    await user.type(first, '60');
    await user.type(within(group('Member 2')).getByLabelText('Ownership %'), '30');
    expect(total).toHaveTextContent('Total ownership: 90% of 100%');
    await user.tab();
    expect(screen.getByText('Ownership must add up to 100% (now 90%)')).toBeInTheDocument();
    await user.type(within(group('Member 2')).getByLabelText('Ownership %'), '{backspace}{backspace}40');
    expect(total).toHaveTextContent('Total ownership: 100% of 100%');
    expect(screen.queryByText(/Ownership must add up to 100%/)).toBeNull();
    await user.click(screen.getByRole('button', { name: /Remove member 2/ }));
    expect(screen.queryByRole('group', { name: 'Member 2' })).toBeNull();
  });

  it('asks no EIN questions of an order without the EIN add-on', async () => {
    await openAsHolder();
    expect(screen.queryByLabelText('SSN or ITIN')).toBeNull();
    expect(screen.queryByRole('group', { name: 'For your EIN application' })).toBeNull();
  });

  it('for an EIN order: the SSN input hides its digits until asked, and goes in the PUT body only', async () => {
    const user = await openAsHolder(orderView({}, { ein: true }));
    const taxId = screen.getByLabelText('SSN or ITIN');
    expect(taxId).toHaveAttribute('type', 'password');
    expect(taxId).toHaveAttribute('autocomplete', 'off');
    await user.type(taxId, '123-45-6789');
    await user.click(screen.getByRole('button', { name: 'Show the number' }));
    expect(taxId).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide the number' }));
    expect(taxId).toHaveAttribute('type', 'password');

    await fillValidForm(user);
    // The responsible party is someone else here.
    await user.click(screen.getByRole('checkbox', { name: 'The responsible party is the organizer (Maya Lopez)' }));
    await user.type(screen.getByLabelText("Responsible party's full name"), 'Ana Lopez');
    await user.click(screen.getByRole('radio', { name: /Social Security number/ }));
    await user.type(screen.getByLabelText('What the business does'), 'Video content');
    await user.type(screen.getByLabelText('Business start date'), '2026-12-01');
    let sent: unknown;
    replies[`PUT /api/orders/${ID}/filing-details`] = (init) => {
      sent = JSON.parse(String(init.body));
      return { status: 200, body: orderView({}, { ein: true, complete: true, taxIdOnFile: true, value: null }) };
    };
    await user.click(screen.getByRole('button', { name: 'Save filing details' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({
      ein: { responsibleParty: { name: 'Ana Lopez', taxIdType: 'ssn', taxId: '123-45-6789' }, businessActivity: 'Video content', fiscalYearEndMonth: 12 },
    });
    const put = calls.find((c) => c.key.startsWith('PUT'));
    expect(headerOf(put!.init, 'x-resume-secret')).toBe(SECRET);
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(stored).not.toMatch(/45-?6789/);
  });

  it('says beside the ZIP code, once it is left, when it is not in the chosen state', async () => {
    const user = await openAsHolder();
    const zip = within(group('Principal office')).getByLabelText('ZIP code');
    await user.type(zip, '10001');
    await user.tab();
    const sentence = screen.getByText('ZIP code 10001 is in New York, not Florida: check the ZIP code or the state');
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip.getAttribute('aria-describedby')).toContain(sentence.id);
    await user.selectOptions(within(group('Principal office')).getByLabelText('State'), 'NY');
    expect(screen.queryByText(/ZIP code 10001 is in New York/)).toBeNull();
  });

  it('on Save, shows every sentence and moves the focus to the first field that needs attention', async () => {
    const user = await openAsHolder();
    await user.click(screen.getByRole('button', { name: 'Save filing details' }));
    const street = within(group('Principal office')).getByLabelText('Street address');
    await waitFor(() => expect(street).toHaveFocus());
    expect(screen.getByText('Enter street address')).toBeInTheDocument();
    expect(screen.getByText('Say whether we may renew the registered agent service after the first year')).toBeInTheDocument();
    expect(screen.getByText('Tick the box to sign electronically')).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);
  });

  it("puts the server's 400 sentences beside the fields they name, and focuses the first", async () => {
    const user = await openAsHolder();
    await fillValidForm(user);
    await user.click(within(group('Member 1')).getByRole('checkbox', { name: 'Same as the organizer (Maya Lopez)' }));
    await user.type(within(group('Member 1')).getByLabelText('Full name'), 'Maya Lopez');
    replies[`PUT /api/orders/${ID}/filing-details`] = {
      status: 400,
      body: {
        error: 'Request body is invalid: check principalOffice.zip, members.0.name',
        code: 'invalid_request',
        details: { 'principalOffice.zip': ['This ZIP code is not in Florida'], 'members.0.name': ['Member name is not accepted by the state'] },
      },
    };
    await user.click(screen.getByRole('button', { name: 'Save filing details' }));
    const zip = within(group('Principal office')).getByLabelText('ZIP code');
    await waitFor(() => expect(zip).toHaveFocus());
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('This ZIP code is not in Florida').id).toBe(zip.getAttribute('aria-describedby'));
    const memberName = within(group('Member 1')).getByLabelText('Full name');
    expect(memberName.getAttribute('aria-describedby')).toBe(screen.getByText('Member name is not accepted by the state').id);
    // Changing the field clears the server's sentence about it.
    await user.type(zip, '4');
    expect(screen.queryByText('This ZIP code is not in Florida')).toBeNull();
  });

  it('saves, then shows the details read-only with a way to change them', async () => {
    const user = await openAsHolder();
    await fillValidForm(user);
    let sent: Record<string, unknown> | undefined;
    replies[`PUT /api/orders/${ID}/filing-details`] = (init) => {
      sent = JSON.parse(String(init.body));
      const value = {
        ...(sent as object),
        purpose: 'Any lawful purpose',
        duration: 'perpetual',
        effectiveDate: 'upon_filing',
        signature: { typedName: 'Maya Lopez', consent: true, signedAt: '2026-11-21T09:00:00.000Z' },
      };
      return { status: 200, body: orderView({}, { complete: true, value: value as never }) };
    };
    await user.click(screen.getByRole('button', { name: 'Save filing details' }));
    expect(await screen.findByText(/Your filing details are saved/)).toBeInTheDocument();
    expect(sent).toMatchObject({
      principalOffice: { line1: '100 Main St', city: 'Miami', state: 'FL', zip: '33101' },
      registeredAgent: { kind: 'ours', renewalConsent: true },
      management: 'member',
      members: [{ name: 'Maya Lopez', ownershipPercent: 100, address: { line1: '100 Main St' } }],
    });
    expect(sent).not.toHaveProperty('mailingAddress');
    expect(sent).not.toHaveProperty('ein');
    expect(document.querySelector('dl[aria-label="Filing details"]')).toHaveTextContent('100 Main St, Miami, Florida 33101');
    expect(screen.getByText('Same as the principal office')).toBeInTheDocument();
    // Changing the saved details: the consent box is not silently emptied, the form says it is signed again.
    await user.click(screen.getByRole('button', { name: 'Change the details' }));
    const consent = await screen.findByRole('checkbox', { name: /typing my name is my electronic signature/ });
    expect(consent).not.toBeChecked();
    expect(consent).toHaveAccessibleDescription(/Changed details are signed again: tick the box to sign them/);
    expect(screen.getByRole('checkbox', { name: "Sign with the organizer's name (Maya Lopez)" })).toBeChecked();
  });

  it('starts from what the wizard was told: the creator as organizer, signature, member and responsible party; the office in their state', async () => {
    const user = await openAsHolder(
      orderView(
        { applicant: { firstName: 'Maya', lastName: 'Lopez', phone: '305-555-0147', residenceState: 'CA', platforms: ['YouTube'] } },
        { ein: true, operatingAgreement: true },
      ),
    );
    expect(screen.getByLabelText("Organizer's full name")).toHaveValue('Maya Lopez');
    expect(within(group('Principal office')).getByLabelText('State')).toHaveValue('CA');
    expect(within(group('Member 1')).getByRole('checkbox', { name: 'Same as the organizer (Maya Lopez)' })).toBeChecked();
    expect(within(group('Member 1')).queryByLabelText('Full name')).toBeNull();
    expect(screen.getByRole('checkbox', { name: "Sign with the organizer's name (Maya Lopez)" })).toBeChecked();
    expect(screen.queryByLabelText(/Electronic signature/)).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'The responsible party is the organizer (Maya Lopez)' })).toBeChecked();
    // The email and phone the wizard took are the filing's contact, shown and not asked again.
    const contact = screen.getByText('Contact for the filing').parentElement!;
    expect(contact).toHaveTextContent(`${orderView({}).email} · 305-555-0147`);
    expect(contact).toHaveTextContent('the EIN application gives the IRS this phone number');
    expect(screen.queryByRole('textbox', { name: /phone/i })).toBeNull();
    // A changed organizer name is everyone's who is "the same".
    const organizer = screen.getByLabelText("Organizer's full name");
    await user.clear(organizer);
    await user.type(organizer, 'Maya R. Lopez');
    let sent: Record<string, unknown> | undefined;
    replies[`PUT /api/orders/${ID}/filing-details`] = (init) => {
      sent = JSON.parse(String(init.body));
      return { status: 200, body: orderView({}, { complete: true, ein: true, value: null }) };
    };
    await fillAddress(user, 'Principal office');
    await user.selectOptions(within(group('Principal office')).getByLabelText('State'), 'FL');
    await user.click(screen.getByRole('radio', { name: /Yes, renew it each year/ }));
    await user.click(screen.getByRole('checkbox', { name: /typing my name is my electronic signature/ }));
    await user.click(screen.getByRole('radio', { name: /Social Security number/ }));
    await user.type(screen.getByLabelText('SSN or ITIN'), '123-45-6789');
    await user.type(screen.getByLabelText('What the business does'), 'Video content');
    await user.type(screen.getByLabelText('Business start date'), '2026-12-01');
    // The operating agreement's Schedule A: the wizard's platforms, with the handle; the member's contribution.
    expect(screen.getByLabelText('Platform')).toHaveValue('YouTube');
    await user.type(screen.getByLabelText('YouTube handle or address'), '@mayamakes');
    await user.type(within(group('Member 1')).getByLabelText('Initial contribution (optional)'), '$500 cash');
    await user.click(screen.getByRole('button', { name: 'Save filing details' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({
      organizer: { name: 'Maya R. Lopez' },
      signature: { typedName: 'Maya R. Lopez', consent: true },
      members: [{ name: 'Maya R. Lopez', contribution: '$500 cash' }],
      companyAccounts: [{ platform: 'YouTube', handle: '@mayamakes' }],
      ein: { responsibleParty: { name: 'Maya R. Lopez' } },
    });
  });

  it('a 409 is said plainly', async () => {
    const user = await openAsHolder();
    await fillValidForm(user);
    replies[`PUT /api/orders/${ID}/filing-details`] = {
      status: 409,
      body: {
        error: 'We have started filing your LLC, so the details can no longer be changed here: send us a change request from this page instead',
        code: 'details_locked',
      },
    };
    await user.click(screen.getByRole('button', { name: 'Save filing details' }));
    const sentence = await screen.findByText(/We have started filing your LLC, so the details can no longer be changed here/);
    expect(sentence.closest('[role="alert"]')).not.toBeNull();
  });

  it('says next to the members when the state keeps owners off the public record', async () => {
    await openAsHolder(orderView({ state: 'WY', stateName: 'Wyoming' }, { ownersOffRecord: true }));
    expect(screen.getByTestId('owners-off-record')).toHaveTextContent("Wyoming keeps owners' names off the public record");
  });

  it('tells a New York order its registered agent is optional, and no other state’s', async () => {
    await openAsHolder(orderView({ state: 'NY', stateName: 'New York' }));
    expect(screen.getByTestId('agent-optional')).toHaveTextContent(
      'In New York a registered agent is optional: the Secretary of State is the LLC’s agent for service of process',
    );
    expect(screen.queryByText(/Every LLC needs an agent/)).toBeNull();
  });

  it('tells other states’ orders that an agent is needed', async () => {
    await openAsHolder(orderView({ state: 'WY', stateName: 'Wyoming' }));
    expect(screen.getByText(/Every LLC needs an agent with a street address in Wyoming/)).toBeInTheDocument();
    expect(screen.queryByTestId('agent-optional')).toBeNull();
  });
});

describe('the rest of the order page', { timeout: 20_000 }, () => {
  it('lists the documents; Download asks for a short-lived link as the holder and starts it', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    const documents = [{ id: 'doc-1', kind: 'formation', title: 'Formation document', createdAt: '2026-11-22T10:00:00.000Z', origin: 'generated' as const }];
    replies[`GET /api/orders/${ID}/documents/doc-1`] = {
      status: 200,
      body: { url: 'https://files.example/doc-1.pdf?sig=1', expiresAt: '2026-11-22T10:05:00.000Z' },
    };
    const user = await openAsHolder(orderView({ documents }));
    const list = screen.getByRole('list', { name: 'Documents' });
    expect(within(list).getByText('Formation document')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Download Formation document' }));
    await waitFor(() => expect(clicked).toEqual(['https://files.example/doc-1.pdf?sig=1']));
    const call = calls.find((c) => c.key === `GET /api/orders/${ID}/documents/doc-1`);
    expect(headerOf(call!.init, 'x-resume-secret')).toBe(SECRET);
    vi.restoreAllMocks();
  });

  it('shows the receipt with the figures of checkout, and the timeline with the current step', async () => {
    await openAsHolder();
    expect(screen.getByTestId('receipt-total')).toHaveTextContent('$275');
    expect(screen.getByText('Florida filing fee')).toBeInTheDocument();
    const current = screen.getByRole('list', { name: 'Order progress' }).querySelector('[aria-current="step"]');
    expect(current).toHaveTextContent('Filing details complete');
  });

  it('shows the conversation in order, with who wrote, when and what a reply answers, and sends the next message', async () => {
    let thread = {
      reference: '0b7e4a52',
      full: false,
      messages: [
        { id: 't/first', author: 'customer', from: 'Maya Lopez', at: '2026-11-21T10:00:00.000Z', message: 'Please spell the name Maya Makes' },
        {
          id: 't/r1',
          author: 'staff',
          from: 'The CreatorLLC team',
          at: '2026-11-21T12:00:00.000Z',
          message: 'Done.',
          quote: { from: 'Maya Lopez', at: '2026-11-21T10:00:00.000Z', message: 'Please spell the name Maya Makes' },
        },
      ],
    };
    replies[`GET /api/orders/${ID}/conversation`] = () => ({ status: 200, body: thread });
    replies[`POST /api/orders/${ID}/change-requests`] = (init) => {
      const { message } = JSON.parse(String(init.body)) as { message: string };
      thread = {
        ...thread,
        messages: [...thread.messages, { id: 't/r2', author: 'customer', from: 'Maya Lopez', at: '2026-11-21T13:00:00.000Z', message }],
      };
      return { status: 201, body: { ticketId: 'order-x', reference: '0b7e4a52' } };
    };
    const user = await openAsHolder();
    const list = await screen.findByRole('list', { name: 'Conversation' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Maya Lopez (you)');
    expect(items[0]).toHaveTextContent('November 21, 2026');
    expect(items[1]).toHaveTextContent('The CreatorLLC team');
    expect(items[1].querySelector('blockquote')).toHaveTextContent('Please spell the name Maya Makes');
    expect(screen.getByText(/Reference 0b7e4a52/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send the reply' }));
    expect(screen.getByText('Your request is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your reply'), 'Thank you!');
    await user.click(screen.getByRole('button', { name: 'Send the reply' }));
    expect(await screen.findByText(/We received your message \(reference 0b7e4a52\) and emailed you a copy at maya@example.com/)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Conversation' })).getAllByRole('listitem')).toHaveLength(3));
    const call = calls.find((c) => c.key === `POST /api/orders/${ID}/change-requests`);
    expect(JSON.parse(String(call?.init.body))).toEqual({ message: 'Thank you!' });
  });

  it('offers "Request a change" while there is no conversation yet', async () => {
    replies[`GET /api/orders/${ID}/conversation`] = { status: 200, body: { reference: '0b7e4a52', full: false, messages: [] } };
    await openAsHolder();
    expect(await screen.findByRole('form', { name: 'Request a change' })).toBeInTheDocument();
    expect(screen.getByLabelText('What should we change?')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Conversation' })).not.toBeInTheDocument();
  });
});

describe('opening the order from an email link', { timeout: 20_000 }, () => {
  it('exchanges the token, removes it from the address bar and opens the order with the new secret', async () => {
    replies[`POST /api/orders/${ID}/access`] = { status: 200, body: { resumeSecret: 'fresh-secret-from-the-link-0123456789' } };
    replies[`GET /api/orders/${ID}`] = { status: 200, body: orderView() };
    renderAt(`/orders/${ID}#access=1790000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ`);
    expect(await screen.findByRole('heading', { name: 'Maya Makes LLC' })).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe(`/orders/${ID}`);
    const access = calls.find((c) => c.key === `POST /api/orders/${ID}/access`);
    expect(JSON.parse(String(access?.init.body))).toEqual({ token: '1790000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ' });
    const get = calls.find((c) => c.key === `GET /api/orders/${ID}`);
    expect(headerOf(get!.init, 'x-resume-secret')).toBe('fresh-secret-from-the-link-0123456789');
    expect(JSON.parse(localStorage.getItem('applicationSecrets') ?? '{}')).toEqual({ [ID]: 'fresh-secret-from-the-link-0123456789' });
    expect(screen.getByRole('list', { name: 'Order progress' })).toBeInTheDocument();
  });

  it('an expired link says so and offers a new one by email', async () => {
    replies[`POST /api/orders/${ID}/access`] = {
      status: 403,
      body: { error: 'This link has expired: ask for a new one below and we will email it to you', code: 'link_expired' },
    };
    replies[`POST /api/orders/${ID}/links`] = { status: 200, body: { sent: true } };
    const user = renderAt(`/orders/${ID}#access=1.old`);
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    await user.click(screen.getByRole('button', { name: 'Email me a new link' }));
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(calls.some((c) => c.key === `POST /api/orders/${ID}/links`)).toBe(true);
  });

  it('an order this browser cannot open offers the same new link', async () => {
    const user = renderAt(`/orders/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Open your order from your email' })).toBeInTheDocument();
    replies[`POST /api/orders/${ID}/links`] = { status: 200, body: { sent: true } };
    await user.click(screen.getByRole('button', { name: 'Email me a new link' }));
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
  });
});

describe('our registered agent', () => {
  it('is offered only where the operator has an office: elsewhere the form asks for the customer’s own agent', async () => {
    await openAsHolder(orderView({ state: 'MT', stateName: 'Montana' }));
    expect(await screen.findByTestId('agent-not-offered')).toHaveTextContent('We do not have a registered agent office in Montana');
    expect(screen.queryByRole('radio', { name: /Use CreatorLLC as the registered agent/ })).toBeNull();
    expect(screen.getByRole('radio', { name: /I have my own registered agent/ })).toBeChecked();
    expect(screen.queryByRole('group', { name: /may we renew/ })).toBeNull();
  });

  it('is offered in Florida, where the office is', async () => {
    await openAsHolder();
    expect(await screen.findByRole('radio', { name: /Use CreatorLLC as the registered agent/ })).toBeInTheDocument();
    expect(screen.queryByTestId('agent-not-offered')).toBeNull();
  });
});

describe('the deliverables checklist', () => {
  it('shows what the order bought, what is delivered with its date, and the EIN once recorded', async () => {
    const deliverables = deliverablesFor({
      state: 'WY',
      residenceState: 'CA',
      pricedOrder: { state: 'WY', feinFiling: true, operatingAgreement: true },
      ein: '88-1234567',
      einRecordedAt: '2026-11-26T10:00:00.000Z',
      documents: [
        { kind: 'approved_articles', createdAt: '2026-11-25T10:00:00.000Z' },
        { kind: 'ein_letter', createdAt: '2026-11-26T10:00:00.000Z' },
      ],
    });
    rememberResumeSecret(ID, SECRET);
    replies[`GET /api/orders/${ID}`] = {
      status: 200,
      body: orderView({ status: 'filed', state: 'WY', stateName: 'Wyoming', deliverables, ein: '88-1234567' }, { complete: true, editable: false }),
    };
    renderAt(`/orders/${ID}`);
    const section = await screen.findByRole('region', { name: 'What your order includes' });
    expect(within(section).getByText('88-1234567')).toBeInTheDocument();
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-deliverable'))).toEqual(['formation', 'ein', 'operating_agreement', 'home_registration']);
    expect(items[0]).toHaveTextContent('State-approved formation document: deliveredIn your vault since 2026-11-25');
    expect(items[1]).toHaveTextContent('EIN 88-1234567, letter in your vault since 2026-11-26');
    expect(items[2]).toHaveTextContent('Operating agreement: not delivered yet');
    expect(items[3]).toHaveTextContent('Registration in California, your home state: your task');
    // Staff-only wording never reaches the customer.
    expect(section).not.toHaveTextContent('Missing:');
  });
});

describe('the first read, started with the app (docs/decisions/0393)', () => {
  const orderReads = () => calls.filter((c) => c.key === `GET /api/orders/${ID}`);

  it('asks for the order before the page renders, and the page shows that answer without asking again', async () => {
    rememberResumeSecret(ID, SECRET);
    replies[`GET /api/orders/${ID}`] = { status: 200, body: orderView() };
    startOrderRead(`/orders/${ID}`, '');
    expect(orderReads()).toHaveLength(1);
    expect(headerOf(orderReads()[0].init, 'x-resume-secret')).toBe(SECRET);
    renderAt(`/orders/${ID}`);
    await screen.findByRole('form', { name: 'Filing details' });
    expect(orderReads()).toHaveLength(1);
  });

  it('reads nothing at the start for an emailed link (its token is exchanged first) or another screen', () => {
    startOrderRead(`/orders/${ID}`, '#access=123.abc');
    startOrderRead('/checkout', '');
    startOrderRead(`/staff/orders/${ID}/details`, '');
    expect(calls).toEqual([]);
  });
});
