import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { electionState } from '#shared/s-corp/election.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { rememberResumeSecret } from '../../lib/resume-secrets.ts';
import { ElectionCard, SentForm } from './ElectionCard.tsx';

/** The order page's election card, from the shared state function on fixed days. */

const fax = (on: string) => ({ sent: { how: 'fax' as const, on, to: '855-214-7520' } });

describe('ElectionCard', () => {
  it('shows a January fax waiting for the IRS with the day its answer is due', () => {
    render(<ElectionCard election={electionState({ formationDate: '2026-01-05', record: fax('2026-01-20'), today: '2026-01-21' })} />);
    expect(screen.getByText('Sent: waiting for the IRS, its answer due by March 20, 2026')).toBeInTheDocument();
    expect(screen.getByText(/Faxed to the IRS on January 20, 2026/)).toBeInTheDocument();
  });

  it('tells the customer whom to call when no CP261 came by mid-year', () => {
    render(<ElectionCard election={electionState({ formationDate: '2026-03-01', record: fax('2026-04-10'), today: '2026-06-11' })} />);
    expect(screen.getByText('No CP261 by June 10, 2026: call the IRS')).toBeInTheDocument();
    expect(screen.getByText(/1-800-829-4933/)).toBeInTheDocument();
  });

  it('lists the Rev. Proc. 2013-30 steps for an election sent late in December, and shows it in effect once accepted', () => {
    const { unmount } = render(<ElectionCard election={electionState({ formationDate: '2026-06-01', record: fax('2026-12-01'), today: '2026-12-02' })} />);
    expect(screen.getByText(/FILED PURSUANT TO REV\. PROC\. 2013-30/)).toBeInTheDocument();
    unmount();
    render(
      <ElectionCard
        election={electionState({ formationDate: '2026-06-01', record: { ...fax('2026-12-01'), effectiveOn: '2026-06-01' }, today: '2026-12-31' })}
      />,
    );
    expect(screen.getByText('S-corporation election in effect from June 1, 2026')).toBeInTheDocument();
  });
});

describe('an election the customer filed themselves (docs/decisions/0432)', () => {
  const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
  const posted: { url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    posted.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify({}), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    posted.length = 0;
  });
  const wrap = (node: React.ReactNode) => render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);

  it('checks the sending with the route’s schema, then posts it', async () => {
    rememberResumeSecret(ID, 'the-resume-secret');
    vi.stubGlobal('fetch', fetchMock);
    wrap(<SentForm orderId={ID} />);
    await userEvent.click(screen.getByRole('button', { name: 'Record it as sent' }));
    expect(screen.getByText('Enter the day it was sent as YYYY-MM-DD')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/The day you sent it/), '2026-10-01');
    await userEvent.type(screen.getByLabelText(/The IRS fax number or address you used/), '855-887-7734');
    await userEvent.click(screen.getByRole('button', { name: 'Record it as sent' }));
    await waitFor(() =>
      expect(posted[0]).toMatchObject({ url: `/api/orders/${ID}/election`, body: { how: 'fax', sentOn: '2026-10-01', sentTo: '855-887-7734' } }),
    );
  });

  it('takes the CP261’s date once sent, and not once in effect', async () => {
    rememberResumeSecret(ID, 'the-resume-secret');
    vi.stubGlobal('fetch', fetchMock);
    const waiting = { ...electionState({ formationDate: '2026-09-03', record: fax('2026-10-01'), today: '2026-10-02' }), selfFiled: true };
    const { unmount } = wrap(<ElectionCard election={waiting} orderId={ID} />);
    await userEvent.type(screen.getByLabelText(/The IRS letter \(CP261\) arrived/), '2026-09-03');
    await userEvent.click(screen.getByRole('button', { name: 'Record the letter' }));
    await waitFor(() => expect(posted[0]).toMatchObject({ url: `/api/orders/${ID}/election/letter`, body: { effectiveOn: '2026-09-03' } }));
    unmount();
    const inEffect = { ...electionState({ formationDate: '2026-09-03', record: { effectiveOn: '2026-09-03' }, today: '2026-12-02' }), selfFiled: true };
    wrap(<ElectionCard election={inEffect} orderId={ID} />);
    expect(screen.getByText(/You told us the IRS accepted the election/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record the letter' })).toBeNull();
  });
});

describe('the CP261 uploaded with the date (docs/decisions/0436)', () => {
  const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
  const UPLOAD = '7d1f0c3a-2b4e-4c6d-8e9f-0a1b2c3d4e5f';
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/election/letter/uploads'))
      return ok({
        uploadId: UPLOAD,
        url: 'https://bucket.example/put',
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        maxBytes: 10485760,
        expiresAt: '2026-12-02T10:10:00Z',
      });
    if (url === 'https://bucket.example/put') return new Response('', { status: 200 });
    return ok({});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    calls.length = 0;
  });
  const wrap = (node: React.ReactNode) => render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
  const pdf = () => new File(['%PDF-1.7 letter'], 'cp261.pdf', { type: 'application/pdf' });
  const waiting = () => ({ ...electionState({ formationDate: '2026-09-03', record: fax('2026-10-01'), today: '2026-10-02' }), selfFiled: true });

  it('says why to upload it, then sends the PDF to the upload link and records it with the date', async () => {
    rememberResumeSecret(ID, 'the-resume-secret');
    vi.stubGlobal('fetch', fetchMock);
    wrap(<ElectionCard election={waiting()} orderId={ID} />);
    expect(screen.getByText(/the CP261 is the IRS’s proof that it accepted the election/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/The IRS letter \(CP261\) arrived/), '2026-09-03');
    await userEvent.upload(screen.getByLabelText(/The letter as a PDF \(optional\)/), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Record and upload the letter' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[0]).toMatchObject({ url: `/api/orders/${ID}/election/letter/uploads`, method: 'POST', body: { contentType: 'application/pdf', size: 15 } });
    expect(calls[1]).toMatchObject({ url: 'https://bucket.example/put', method: 'PUT' });
    expect(calls[2]).toMatchObject({ url: `/api/orders/${ID}/election/letter/uploads/${UPLOAD}/record`, method: 'POST', body: { effectiveOn: '2026-09-03' } });
    expect(calls.some((c) => c.url === `/api/orders/${ID}/election/letter`)).toBe(false);
  });

  it('refuses a file that is not a PDF before sending anything', async () => {
    rememberResumeSecret(ID, 'the-resume-secret');
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ applyAccept: false });
    wrap(<ElectionCard election={waiting()} orderId={ID} />);
    await user.type(screen.getByLabelText(/The IRS letter \(CP261\) arrived/), '2026-09-03');
    await user.upload(screen.getByLabelText(/The letter as a PDF \(optional\)/), new File(['<html>'], 'letter.html', { type: 'text/html' }));
    await user.click(screen.getByRole('button', { name: 'Record and upload the letter' }));
    expect(await screen.findByText('Only PDF files can be uploaded')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('once in effect, takes the PDF for the recorded date, and offers a clearer scan once it is in the vault', async () => {
    rememberResumeSecret(ID, 'the-resume-secret');
    vi.stubGlobal('fetch', fetchMock);
    const inEffect = { ...electionState({ formationDate: '2026-09-03', record: { effectiveOn: '2026-09-03' }, today: '2026-12-02' }), selfFiled: true };
    const { unmount } = wrap(<ElectionCard election={inEffect} orderId={ID} />);
    expect(screen.queryByLabelText(/arrived: the date/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Upload the letter' }));
    expect(screen.getByText('Choose the letter’s PDF')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText(/The IRS letter \(CP261\) as a PDF/), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Upload the letter' }));
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ url: `/api/orders/${ID}/election/letter/uploads/${UPLOAD}/record`, body: { effectiveOn: '2026-09-03' } }),
    );
    unmount();
    wrap(<ElectionCard election={{ ...inEffect, letterOnFile: true }} orderId={ID} />);
    expect(screen.getByText('Replace the letter in your vault with another scan')).toBeInTheDocument();
  });
});
