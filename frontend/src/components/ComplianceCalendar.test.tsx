import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESUME_SECRET_HEADER } from '#shared/api/routes.ts';
import type { OrderCalendar } from '#shared/compliance/api.schema.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { rememberResumeSecret } from '../lib/resume-secrets.ts';
import { ComplianceCalendar } from './ComplianceCalendar.tsx';

const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
const SOURCE = { name: 'Wyoming official fee schedule', url: 'https://sos.wyo.gov/fees', verifiedAt: '2026-08-06' };
const CALENDAR: OrderCalendar = {
  state: 'WY',
  stateName: 'Wyoming',
  formationDate: '2026-11-22',
  formationDateFrom: 'payment',
  events: [
    {
      id: 'state-tax:check',
      kind: 'state-tax',
      title: 'Alabama tax: check with the state',
      date: null,
      description: 'We could not read a date.',
      source: SOURCE,
    },
    {
      id: 'annual-report:2027-11-01',
      kind: 'annual-report',
      title: 'Wyoming annual report and License Fee',
      date: '2027-11-01',
      description: 'File the annual report.',
      source: SOURCE,
    },
    { id: 'annual-report:2099-11-01', kind: 'annual-report', title: 'A report far ahead', date: '2099-11-01', description: 'Later.', source: SOURCE },
  ],
  registeredAgent: { status: 'renews', priceUsd: 125, firstYearEndsOn: '2027-11-22', nextChargeOn: '2027-11-22' },
  remindersUnsubscribed: false,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;
// The service ends in the future whatever day the test runs: the cancellation can be undone.
const CANCELLED = {
  status: 'cancelled',
  priceUsd: 125,
  firstYearEndsOn: '2099-11-22',
  serviceEndsOn: '2099-11-22',
  cancelledAt: '2026-12-01T10:00:00.000Z',
} as const;

beforeEach(() => {
  rememberResumeSecret(ID, 'the-resume-secret');
  let calendar = CALENDAR;
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === `/api/orders/${ID}/calendar`) return json(calendar);
    if (url === `/api/orders/${ID}/calendar.ics`) return new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', { headers: { 'content-type': 'text/calendar' } });
    if (url === `/api/orders/${ID}/registered-agent/cancel-renewal` && init?.method === 'POST') {
      calendar = { ...CALENDAR, registeredAgent: CANCELLED };
      return json({ registeredAgent: CANCELLED });
    }
    if (url === `/api/orders/${ID}/registered-agent/resume-renewal` && init?.method === 'POST') {
      calendar = CALENDAR;
      return json({ registeredAgent: CALENDAR.registeredAgent });
    }
    if (url === `/api/orders/${ID}/reminders` && init?.method === 'PUT') {
      const on = JSON.parse(String(init.body)).on as boolean;
      calendar = { ...calendar, remindersUnsubscribed: !on };
      return json({ remindersUnsubscribed: !on });
    }
    return json({ error: 'not stubbed' }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderCalendar() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ComplianceCalendar applicationId={ID} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ComplianceCalendar', () => {
  it('lists the events with their dates and sources, "Check with the state" where there is no date', async () => {
    renderCalendar();
    const events = await screen.findAllByTestId('calendar-event');
    expect(events).toHaveLength(2);
    expect(events[0]).toHaveTextContent('Check with the state');
    expect(within(events[1]).getByText('Nov 1, 2027')).toHaveAttribute('dateTime', '2027-11-01');
    expect(within(events[1]).getByRole('link', { name: 'Wyoming official fee schedule' })).toHaveAttribute('href', 'https://sos.wyo.gov/fees');
    expect(events[1]).toHaveTextContent('checked Aug 6, 2026');
    expect(screen.getByTestId('compliance-calendar')).toHaveTextContent('dates count from your payment on Nov 22, 2026');
    expect(screen.getByTestId('compliance-calendar')).toHaveTextContent('30, 14 and 3 days before each state deadline');
    // The next 12 months first; the years after on request.
    expect(screen.queryByText('A report far ahead')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show the following two years (1 more)' }));
    expect(screen.getByText('A report far ahead')).toBeInTheDocument();
    // A holder route: the resume secret goes in the header.
    const [, init] = fetchMock.mock.calls.find(([url]) => url === `/api/orders/${ID}/calendar`)!;
    expect((init as RequestInit).headers).toMatchObject({ [RESUME_SECRET_HEADER]: 'the-resume-secret' });
  });

  it('downloads the .ics through fetch (with the resume secret) and a Blob link', async () => {
    const createObjectURL = vi.fn(() => 'blob:calendar');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: 'Add to my calendar (.ics)' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const [, init] = fetchMock.mock.calls.find(([url]) => url === `/api/orders/${ID}/calendar.ics`)!;
    expect((init as RequestInit).headers).toMatchObject({ [RESUME_SECRET_HEADER]: 'the-resume-secret' });
    expect(createObjectURL).toHaveBeenCalledOnce();
    click.mockRestore();
  });

  it('carries the home state: says so, and shows each home-state payment with its amount, kind and source', async () => {
    const ftb = { name: 'Franchise Tax Board, Limited liability company', url: 'https://www.ftb.ca.gov/llc', verifiedAt: '2026-08-07' };
    const withHome: OrderCalendar = {
      ...CALENDAR,
      homeState: 'CA',
      homeStateName: 'California',
      events: [
        {
          id: 'home-state-tax:1',
          kind: 'home-state-tax',
          title: 'California Annual Tax (home state)',
          date: '2027-04-15',
          description: 'Annual Tax due to California: At least $800 a year.',
          source: ftb,
          state: 'CA',
          amountUsd: 800,
        },
      ],
    };
    fetchMock.mockImplementation(async (url: string) => (url === `/api/orders/${ID}/calendar` ? json(withHome) : json({ error: 'not stubbed' }, 500)));
    renderCalendar();
    const [event] = await screen.findAllByTestId('calendar-event');
    expect(event).toHaveAttribute('data-kind', 'home-state-tax');
    expect(event).toHaveTextContent('California Annual Tax (home state) · $800');
    expect(event).toHaveTextContent('Home state tax');
    expect(within(event).getByRole('link', { name: ftb.name })).toHaveAttribute('href', ftb.url);
    expect(screen.getByTestId('home-state-note')).toHaveTextContent('You live in California: the calendar also carries registering the LLC there');
  });

  it('asks once before cancelling the renewal, says a confirmation was emailed, and undoes it', async () => {
    const user = userEvent.setup();
    renderCalendar();
    const box = await screen.findByTestId('registered-agent-renewal');
    expect(box).toHaveTextContent('Renews on Nov 22, 2027 for $125 a year');
    await user.click(within(box).getByRole('button', { name: 'Cancel the $125 renewal' }));
    // Nothing is sent before the question is answered; "Keep the renewal" leaves it.
    const question = within(box).getByRole('group', { name: 'Cancel the renewal?' });
    expect(question).toHaveTextContent('The service ends on Nov 22, 2027 and nothing more is charged');
    await user.click(within(question).getByRole('button', { name: 'Keep the renewal' }));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/cancel-renewal'))).toHaveLength(0);
    await user.click(within(box).getByRole('button', { name: 'Cancel the $125 renewal' }));
    await user.click(within(box).getByRole('button', { name: 'Yes, cancel the renewal' }));
    await waitFor(() => expect(screen.getByTestId('registered-agent-renewal')).toHaveTextContent('You cancelled the renewal on Dec 1, 2026'));
    expect(within(box).getByRole('status')).toHaveTextContent('We emailed you a confirmation; you can undo it here until the service ends');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/cancel-renewal'))).toHaveLength(1);
    await user.click(within(box).getByRole('button', { name: 'Undo the cancellation' }));
    await waitFor(() => expect(screen.getByTestId('registered-agent-renewal')).toHaveTextContent('Renews on Nov 22, 2027 for $125 a year'));
    expect(within(box).getByRole('status')).toHaveTextContent('The renewal stands again');
  });

  it('before cancelling, says when the service ends, the refund and what to file with the state; a refunded cancellation has no undo', async () => {
    const user = userEvent.setup();
    const exit = {
      endsOn: '2099-01-01',
      refundCents: 12_500,
      refund: 'The renewal you paid $125 for is refunded in full, because you cancel within 30 days of the charge.',
      steps: ['Choose who takes over.', "File Wyoming's change of registered agent with the office before January 1, 2099.", 'Until then we keep your mail.'],
      office: { name: 'Wyoming Secretary of State Business Division', url: 'https://sos.wyo.gov/Business/Default.aspx' },
    };
    let refunded = false;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/cancel-renewal') && init?.method === 'POST') {
        refunded = true;
        return json({ registeredAgent: { ...CANCELLED, serviceEndsOn: '2099-01-01', exit } });
      }
      return json({ ...CALENDAR, registeredAgent: refunded ? { ...CANCELLED, serviceEndsOn: '2099-01-01', exit } : { ...CALENDAR.registeredAgent, exit } });
    });
    renderCalendar();
    const box = await screen.findByTestId('registered-agent-renewal');
    await user.click(within(box).getByRole('button', { name: 'Cancel the $125 renewal' }));
    const question = within(box).getByRole('group', { name: 'Cancel the renewal?' });
    expect(question).toHaveTextContent('Our service ends on January 1, 2099 and nothing more is charged. The renewal you paid $125 for is refunded in full');
    const steps = within(question).getByTestId('agent-exit-steps');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(steps).toHaveTextContent("File Wyoming's change of registered agent");
    expect(within(steps).getByRole('link', { name: 'Wyoming Secretary of State Business Division' })).toHaveAttribute('href', exit.office.url);
    expect(question).not.toHaveTextContent('You can undo');
    await user.click(within(box).getByRole('button', { name: 'Yes, cancel the renewal' }));
    await waitFor(() => expect(screen.getByTestId('registered-agent-renewal')).toHaveTextContent('is refunded in full'));
    expect(within(screen.getByTestId('registered-agent-renewal')).getByTestId('agent-exit-steps')).toBeInTheDocument();
    expect(within(screen.getByTestId('registered-agent-renewal')).queryByRole('button', { name: 'Undo the cancellation' })).toBeNull();
  });

  it('turns the deadline reminders back on after an unsubscribe', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementationOnce(async () => json({ ...CALENDAR, remindersUnsubscribed: true }));
    renderCalendar();
    expect(await screen.findByText(/You turned the deadline reminder emails off/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn deadline reminders back on' }));
    expect(await screen.findByText('Deadline reminders are on again.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/reminders') && (init as RequestInit)?.method === 'PUT');
    expect(put).toBeDefined();
    expect(JSON.parse(String((put as [string, RequestInit])[1].body))).toEqual({ on: true });
    expect(screen.getByText(/We email you 30, 14 and 3 days before each state deadline/)).toBeInTheDocument();
  });
});
