import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMail } from '#shared/mail/mail.schema.ts';
import { mailClock } from '#shared/mail/mail.ts';
import AppToaster from '../../../components/AppToaster.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { MailPanel } from './MailPanel.tsx';

const ID = '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10';
const BASE = `/api/staff/applications/${ID}`;

type Reply = { status: number; body?: unknown };
let replies: Record<string, Reply>;
let calls: { key: string; init: RequestInit }[];

function fakeFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const key = `${init.method ?? 'GET'} ${url}`;
  calls.push({ key, init });
  const reply = replies[key];
  if (!reply) return Promise.resolve(new Response(JSON.stringify({ error: 'No fake for this call', code: 'test' }), { status: 404 }));
  return Promise.resolve(new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status }));
}

beforeEach(() => {
  replies = {};
  calls = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => vi.unstubAllGlobals());

// Friday, January 9, 2026, 16:00 EST: the service of process is due Monday at noon.
const LOGGED = '2026-01-09T21:00:00.000Z';
const sop: StaffMail = {
  id: crypto.randomUUID(),
  sender: 'Superior Court, Laramie County',
  receivedOn: '2026-01-09',
  kind: 'service_of_process',
  answerDeadline: '2026-01-30',
  documentId: crypto.randomUUID(),
  loggedAt: LOGGED,
  loggedBy: 'sam@example.com',
  clock: mailClock({ kind: 'service_of_process', loggedAt: LOGGED }, LOGGED),
};
const notice: StaffMail = {
  id: crypto.randomUUID(),
  sender: 'Wyoming Secretary of State',
  receivedOn: '2026-01-08',
  kind: 'state_notice',
  documentId: crypto.randomUUID(),
  loggedAt: '2026-01-08T15:00:00.000Z',
  handledAt: '2026-01-08T16:00:00.000Z',
  handledBy: 'sam@example.com',
};

function renderPanel(mail: StaffMail[], now = Date.parse(LOGGED)) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MailPanel applicationId={ID} mail={mail} paid now={now} />
      <AppToaster />
    </QueryClientProvider>,
  );
  return user;
}

describe('MailPanel', () => {
  it('shows an unhandled service of process as urgent with its four-business-hour clock, and handled mail without one', () => {
    renderPanel([sop, notice]);
    const rows = within(screen.getByRole('list', { name: 'Mail of the order' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('UrgentService of process from Superior Court, Laramie County');
    expect(rows[0]).toHaveTextContent(/Due Jan 12, 2026.*\(4 business hours\)/);
    expect(within(rows[0]!).getByRole('button', { name: 'Mark handled: Superior Court, Laramie County' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Handled');
    expect(within(rows[1]!).queryByRole('button', { name: /Mark handled/ })).toBeNull();
  });

  it('says overdue once the clock has run out', () => {
    renderPanel([sop], Date.parse('2026-01-12T17:30:00.000Z'));
    expect(screen.getByText(/Overdue/)).toBeInTheDocument();
  });

  it('checks the fields with the route’s schema before uploading anything', async () => {
    const user = renderPanel([]);
    await user.click(screen.getByRole('button', { name: 'Log mail' }));
    expect(await screen.findByText('Sender is required')).toBeInTheDocument();
    expect(screen.getByText('Enter the day the mail arrived as YYYY-MM-DD')).toBeInTheDocument();
    expect(screen.getByText('Choose the scan (a PDF)')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('uploads the scan, then logs the mail with its upload id, and lists what the server answers', async () => {
    const uploadId = crypto.randomUUID();
    const ticketUrl = `/documents/uploads/${ID}/${uploadId}.pdf?sig`;
    replies[`POST ${BASE}/uploads`] = {
      status: 200,
      body: { uploadId, url: ticketUrl, method: 'PUT', headers: { 'content-type': 'application/pdf' }, maxBytes: 10485760, expiresAt: LOGGED },
    };
    replies[`PUT ${ticketUrl}`] = { status: 200 };
    replies[`POST ${BASE}/mail`] = { status: 200, body: { documents: [], missing: [], deliverables: [], mail: [{ ...sop, id: uploadId }] } };
    const user = renderPanel([]);
    await user.type(screen.getByLabelText('Sender'), 'Superior Court, Laramie County');
    fireEvent.change(screen.getByLabelText('Received on'), { target: { value: '2026-01-09' } });
    fireEvent.change(screen.getByLabelText('Answer deadline (if the document names one)'), { target: { value: '2026-01-30' } });
    await user.upload(screen.getByLabelText('Scan (PDF)'), new File(['%PDF-1.7 scan'], 'scan.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Log mail' }));
    await waitFor(() => expect(screen.getByText('Mail Logged')).toBeInTheDocument());
    const logged = calls.find((c) => c.key === `POST ${BASE}/mail`);
    expect(JSON.parse(String(logged?.init.body))).toEqual({
      sender: 'Superior Court, Laramie County',
      receivedOn: '2026-01-09',
      kind: 'service_of_process',
      answerDeadline: '2026-01-30',
      uploadId,
    });
    expect(calls.map((c) => c.key.split('?')[0])).toEqual([`POST ${BASE}/uploads`, `PUT /documents/uploads/${ID}/${uploadId}.pdf`, `POST ${BASE}/mail`]);
  });
});
