import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliverablesFor } from '#shared/orders/deliverables.ts';
import type { OrderView } from '#shared/orders/view.schema.ts';
import { storedFilingDetails } from '../../../../tests/fakes/filing-details.ts';
import { type ApiCall, headerOf, OPERATOR, ORDER_ID, orderView, RESUME_SECRET, type Replies, stubApi } from '../../../../tests/harness/order.ts';
import { startOrderRead } from '../../lib/order-first-read.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { rememberResumeSecret } from '../../lib/resume-secrets.ts';
import OrderPage from './OrderPage.tsx';

const ID = ORDER_ID;
const SECRET = RESUME_SECRET;
const PUT = `PUT /api/orders/${ID}/filing-details`;

let replies: Replies;
let calls: ApiCall[];

// The order's sections after its first screen load on demand (OrderPage.tsx): load them once for
// the file, so that no test's time includes compiling them.
beforeAll(() => import('./OrderSections.tsx'));

beforeEach(() => {
  replies = { 'GET /api/operator-settings': { status: 200, body: OPERATOR } };
  calls = stubApi(replies);
  localStorage.clear();
  sessionStorage.clear();
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

/** The page as the browser that placed the order sees it, once its sections are there. */
async function openAsHolder(view: OrderView = orderView()) {
  rememberResumeSecret(ID, SECRET);
  replies[`GET /api/orders/${ID}`] = { status: 200, body: view };
  const user = renderAt(`/orders/${ID}`);
  await screen.findByRole('heading', { name: 'Filing details' });
  return user;
}

/**
 * The filing details section: the form itself is tested on its own
 * (filing-form/FilingDetailsForm.test.tsx); here, what the page does around it.
 */
describe('the filing details section', () => {
  /** Saved details the customer may still change: the page shows them read-only. */
  const savedView = (value: Record<string, unknown> = storedFilingDetails()) => orderView({}, { complete: true, value: value as never });

  /** Opens the saved details for a change and ticks the box that signs them again. */
  async function changeSavedDetails(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Change the details' }));
    await user.click(screen.getByRole('checkbox', { name: /typing my name is my electronic signature/ }));
  }

  it('shows the form, with what the state needs it for, while the details are due', async () => {
    await openAsHolder();
    expect(screen.getByRole('form', { name: 'Filing details' })).toBeInTheDocument();
    expect(screen.getByText(/Florida needs these on your formation document/)).toBeInTheDocument();
    // The operator's settings, read by the page, offer our registered agent in Florida.
    expect(await screen.findByRole('radio', { name: /Use CreatorLLC as the registered agent/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change the details' })).toBeNull();
  });

  it('after Save, says so and shows the saved details read-only, with a way to change them', async () => {
    const user = await openAsHolder(savedView());
    expect(screen.queryByRole('form', { name: 'Filing details' })).toBeNull();
    await changeSavedDetails(user);
    const office = { line1: '200 Ocean Dr', city: 'Miami', state: 'FL', zip: '33139' };
    replies[PUT] = { status: 200, body: savedView(storedFilingDetails({ principalOffice: office })) };
    await user.click(screen.getByRole('button', { name: 'Save filing details' }));
    expect(await screen.findByText(/Your filing details are saved/)).toBeInTheDocument();
    // What the server answered, not what the page had before.
    expect(document.querySelector('dl[aria-label="Filing details"]')).toHaveTextContent('200 Ocean Dr, Miami, Florida 33139');
    expect(screen.getByText('Same as the principal office')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Filing details' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change the details' }));
    expect(await screen.findByRole('form', { name: 'Filing details' })).toBeInTheDocument();
  });

  it('a 409 is said plainly, and the order is read again', async () => {
    const user = await openAsHolder(savedView());
    await changeSavedDetails(user);
    replies[PUT] = {
      status: 409,
      body: {
        error: 'We have started filing your LLC, so the details can no longer be changed here: send us a change request from this page instead',
        code: 'details_locked',
      },
    };
    await user.click(screen.getByRole('button', { name: 'Save filing details' }));
    const sentence = await screen.findByText(/We have started filing your LLC, so the details can no longer be changed here/);
    expect(sentence.closest('[role="alert"]')).not.toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.key === `GET /api/orders/${ID}`)).toHaveLength(2));
  });
});

describe('the rest of the order page', () => {
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

describe('opening the order from an email link', () => {
  it('exchanges the token, removes it from the address bar and opens the order with the new secret', async () => {
    replies[`POST /api/orders/${ID}/access`] = { status: 200, body: { resumeSecret: 'fresh-secret-from-the-link-0123456789', order: orderView() } };
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
    expect(items[0]).toHaveTextContent('State-approved formation document: deliveredIn your vault since November 25, 2026');
    expect(items[1]).toHaveTextContent('EIN 88-1234567, letter in your vault since November 26, 2026');
    expect(items[2]).toHaveTextContent('Operating agreement: not delivered yet');
    expect(items[3]).toHaveTextContent('Registration in California, your home state: your task');
    // Staff-only wording never reaches the customer.
    expect(section).not.toHaveTextContent('Missing:');
  });

  it('lists New York publication as the customer’s task, with its deadline from the filing date and what the data says of its cost', async () => {
    const deliverables = deliverablesFor({ state: 'NY', pricedOrder: { state: 'NY', feinFiling: false, operatingAgreement: false }, filedOn: '2026-12-01' });
    rememberResumeSecret(ID, SECRET);
    replies[`GET /api/orders/${ID}`] = {
      status: 200,
      body: orderView({ status: 'filed', state: 'NY', stateName: 'New York', deliverables }, { complete: true, editable: false }),
    };
    renderAt(`/orders/${ID}`);
    const section = await screen.findByRole('region', { name: 'What your order includes' });
    const task = within(section)
      .getAllByRole('listitem')
      .find((li) => li.getAttribute('data-deliverable') === 'publication')!;
    expect(task).toHaveTextContent('Publish in two newspapers within 120 days (New York publication): your task');
    expect(task).toHaveTextContent('Your task, by March 31, 2027');
    expect(task).toHaveTextContent('varies by county in New York');
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

  it("an emailed link: exchanges its token at the start, and the exchange's answer opens the order; the page asks again for nothing", async () => {
    const TOKEN = '1790000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
    const exchanges = () => calls.filter((c) => c.key === `POST /api/orders/${ID}/access`);
    replies[`POST /api/orders/${ID}/access`] = { status: 200, body: { resumeSecret: 'fresh-secret-from-the-link-0123456789', order: orderView() } };
    startOrderRead(`/orders/${ID}`, `#access=${TOKEN}`);
    expect(exchanges()).toHaveLength(1);
    expect(JSON.parse(String(exchanges()[0].init.body))).toEqual({ token: TOKEN });
    renderAt(`/orders/${ID}#access=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Maya Makes LLC' })).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(JSON.parse(localStorage.getItem('applicationSecrets') ?? '{}')).toEqual({ [ID]: 'fresh-secret-from-the-link-0123456789' });
    expect(exchanges()).toHaveLength(1);
    expect(orderReads()).toEqual([]);
  });

  it('an emailed link that has expired: the read started with it still opens the order this browser holds', async () => {
    rememberResumeSecret(ID, SECRET);
    replies[`POST /api/orders/${ID}/access`] = { status: 403, body: { error: 'This link has expired', code: 'link_expired' } };
    replies[`GET /api/orders/${ID}`] = { status: 200, body: orderView() };
    startOrderRead(`/orders/${ID}`, '#access=1.old');
    await waitFor(() => expect(orderReads()).toHaveLength(1));
    expect(headerOf(orderReads()[0].init, 'x-resume-secret')).toBe(SECRET);
    renderAt(`/orders/${ID}#access=1.old`);
    expect(await screen.findByRole('heading', { name: 'Maya Makes LLC' })).toBeInTheDocument();
    expect(calls.filter((c) => c.key === `POST /api/orders/${ID}/access`)).toHaveLength(1);
    expect(orderReads()).toHaveLength(1);
  });

  it('an emailed link that has expired, in a browser that holds nothing: the page says the link expired, from the exchange started at the start', async () => {
    replies[`POST /api/orders/${ID}/access`] = {
      status: 403,
      body: { error: 'This link has expired: ask for a new one below and we will email it to you', code: 'link_expired' },
    };
    replies[`GET /api/orders/${ID}`] = { status: 404, body: { error: 'Not found', code: 'not_found' } };
    startOrderRead(`/orders/${ID}`, '#access=1.old');
    renderAt(`/orders/${ID}#access=1.old`);
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    expect(calls.filter((c) => c.key === `POST /api/orders/${ID}/access`)).toHaveLength(1);
  });

  it('reads nothing at the start on another screen', () => {
    startOrderRead('/checkout', '');
    startOrderRead(`/staff/orders/${ID}/details`, '');
    expect(calls).toEqual([]);
  });
});

describe('a change of the order’s email address (docs/decisions/0409)', () => {
  const CHANGE = { id: '0b6f3a52-7d0e-4b8e-9a51-2f4c8d1e6a77', email: 'maya.new@example.com', requestedAt: '2026-12-01T10:00:00.000Z' };

  it('asks the holder to confirm or stop it; confirming keeps this browser in with its new secret', async () => {
    replies[`POST /api/orders/${ID}/email-change`] = { status: 200, body: { decision: 'confirm', resumeSecret: 'secret-after-the-change-0123456789' } };
    const user = await openAsHolder({ ...orderView(), emailChange: CHANGE });
    const notice = screen.getByRole('region', { name: 'Change your order’s email address?'.replace('’', "'") });
    expect(within(notice).getByText('maya.new@example.com')).toBeInTheDocument();
    replies[`GET /api/orders/${ID}`] = { status: 200, body: { ...orderView(), email: 'maya.new@example.com' } };
    await user.click(within(notice).getByRole('button', { name: 'Yes, use the new address' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Change your order/ })).not.toBeInTheDocument());
    const post = calls.find((c) => c.key === `POST /api/orders/${ID}/email-change`);
    expect(JSON.parse(String(post?.init.body))).toEqual({ decision: 'confirm', changeId: CHANGE.id });
    expect(JSON.parse(localStorage.getItem('applicationSecrets') ?? '{}')).toEqual({ [ID]: 'secret-after-the-change-0123456789' });
  });

  it('a browser whose access the change ended, and a link mailed before it, say why and offer a new link', async () => {
    rememberResumeSecret(ID, SECRET);
    replies[`GET /api/orders/${ID}`] = { status: 403, body: { error: 'ended', code: 'access_ended' } };
    renderAt(`/orders/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Open your order from your newest email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me a new link' })).toBeInTheDocument();
  });

  it('a link mailed before the change says it no longer opens the order', async () => {
    replies[`POST /api/orders/${ID}/access`] = { status: 403, body: { error: 'superseded', code: 'link_superseded' } };
    renderAt(`/orders/${ID}#access=1.old`);
    expect(await screen.findByRole('heading', { name: 'This link no longer opens the order' })).toBeInTheDocument();
  });
});
