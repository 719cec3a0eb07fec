import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliverablesFor } from '#shared/orders/deliverables.ts';
import type { StaffDocument, StaffDocuments } from '#shared/orders/documents.schema.ts';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import AppToaster from '../../../components/AppToaster.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { OrderDocumentsPanel } from './OrderDocumentsPanel.tsx';

const ID = '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10';
const BASE = `/api/staff/applications/${ID}`;

type Reply = { status: number; body?: unknown };
let replies: Record<string, Reply | Reply[]>;
let calls: { key: string; init: RequestInit }[];

function fakeFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const key = `${init.method ?? 'GET'} ${url}`;
  calls.push({ key, init });
  const found = replies[key];
  const reply = Array.isArray(found) ? found.shift() : found;
  if (!reply) return Promise.resolve(new Response(JSON.stringify({ error: 'No fake for this call', code: 'test' }), { status: 404 }));
  return Promise.resolve(new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status }));
}

beforeEach(() => {
  replies = {};
  calls = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => vi.unstubAllGlobals());

const doc = (over: Partial<StaffDocument>): StaffDocument => ({
  id: crypto.randomUUID(),
  kind: 'formation',
  title: 'Articles of Organization - Glow LLC',
  createdAt: '2026-11-20T10:00:00.000Z',
  origin: 'generated',
  version: 1,
  size: 13_000,
  ...over,
});

const app = { id: ID, paymentStatus: 'paid', status: 'processing', businessName: 'Glow LLC' } as StaffApplication;

/** The panel; by default a chosen file is recorded at once (no hold), as the hold has its own test. */
function renderPanel(recordHoldMs = 0) {
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <OrderDocumentsPanel app={app} recordHoldMs={recordHoldMs} />
      <AppToaster />
    </QueryClientProvider>,
  );
  return Object.assign(user, { unmount: view.unmount });
}

describe('OrderDocumentsPanel', () => {
  it('says which documents were not generated, and Generate makes them', async () => {
    const made: StaffDocuments = {
      documents: [doc({ kind: 'cover_sheet', title: 'Staff cover sheet - Florida filing' }), doc({})],
      missing: [],
      deliverables: [],
    };
    replies[`GET ${BASE}/documents`] = [
      { status: 200, body: { documents: [], missing: ['cover_sheet', 'formation'], deliverables: [] } },
      { status: 200, body: made },
    ];
    replies[`POST ${BASE}/documents`] = { status: 200, body: made };
    const user = renderPanel();
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Documents not generated: staff cover sheet, formation document.');
    await user.click(within(banner).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('button', { name: 'Download Formation document version 1' })).toBeInTheDocument();
    expect(screen.queryByText(/Documents not generated/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.key === `POST ${BASE}/documents`)).toHaveLength(1);
  });

  it('lists every version with its date, marks the filed one, and regenerates', async () => {
    replies[`GET ${BASE}/documents`] = {
      status: 200,
      body: {
        documents: [
          doc({ version: 2, createdAt: '2026-11-21T10:00:00.000Z' }),
          doc({ version: 1, filed: true }),
          doc({ kind: 'approved_articles', title: 'Approved formation document (state-stamped)', origin: 'uploaded', fileNumber: 'L26000123456' }),
        ],
        missing: [],
        deliverables: [],
      },
    };
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Documents of the order' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByRole('button', { name: 'Download Formation document version 2' })).toBeInTheDocument();
    expect(within(list).getByText('Filed version')).toBeInTheDocument();
    expect(within(list).getByText(/file number L26000123456/)).toBeInTheDocument();
    expect(within(list).getAllByText(/^Generated Nov/)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeEnabled();
  });

  it('refuses a file that is not a PDF without calling the server', async () => {
    replies[`GET ${BASE}/documents`] = { status: 200, body: { documents: [], missing: [], deliverables: [] } };
    const user = userEvent.setup({ applyAccept: false });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <OrderDocumentsPanel app={app} />
      </QueryClientProvider>,
    );
    await user.upload(await screen.findByLabelText('PDF file'), new File(['<html></html>'], 'page.html', { type: 'text/html' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only PDF files can be uploaded');
    expect(calls.some((c) => c.key.includes('/uploads'))).toBe(false);
  });

  it('uploads a PDF when it is chosen: asks for a link, PUTs the file as application/pdf, records it with the file number', async () => {
    const uploadId = crypto.randomUUID();
    const ticketUrl = `/documents/uploads/${ID}/${uploadId}.pdf?X-Amz-Signature=abc`;
    replies[`POST ${BASE}/uploads`] = {
      status: 200,
      body: {
        uploadId,
        url: ticketUrl,
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        maxBytes: 10485760,
        expiresAt: '2026-11-20T10:10:00.000Z',
      },
    };
    replies[`PUT ${ticketUrl}`] = { status: 200 };
    const approved = doc({
      id: uploadId,
      kind: 'approved_articles',
      title: 'Approved formation document (state-stamped)',
      origin: 'uploaded',
      fileNumber: 'L26000123456',
    });
    const after = { documents: [approved, doc({ filed: true })], missing: [], deliverables: [] };
    replies[`POST ${BASE}/uploads/${uploadId}/record`] = { status: 200, body: after };
    // The list is read again after the change: the server then lists the upload too.
    replies[`GET ${BASE}/documents`] = [
      { status: 200, body: { documents: [doc({})], missing: [], deliverables: [] } },
      { status: 200, body: after },
    ];
    const user = renderPanel();
    await user.type(await screen.findByLabelText('File number (on the approved document)'), 'L26000123456');
    const pdf = new File(['%PDF-1.7 stamped'], 'stamped.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('PDF file'), pdf);
    expect(await screen.findByRole('button', { name: 'Download Approved formation document (state-stamped) version 1' })).toBeInTheDocument();
    // No Upload button to press: the result, and a way to replace the file.
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Upload progress' })).toHaveTextContent(
      'stamped.pdf recorded as Approved formation document (state-stamped) v1.',
    );
    expect(screen.getByRole('button', { name: 'Replace with another file' })).toBeEnabled();

    const start = calls.find((c) => c.key === `POST ${BASE}/uploads`);
    expect(JSON.parse(String(start?.init.body))).toEqual({ contentType: 'application/pdf', size: pdf.size });
    const put = calls.find((c) => c.key === `PUT ${ticketUrl}`);
    expect(put?.init.headers).toEqual({ 'content-type': 'application/pdf' });
    expect(put?.init.body).toBe(pdf);
    const recorded = calls.find((c) => c.key === `POST ${BASE}/uploads/${uploadId}/record`);
    expect(JSON.parse(String(recorded?.init.body))).toEqual({ kind: 'approved_articles', fileNumber: 'L26000123456' });
    await waitFor(() => expect(screen.getByText('Document Uploaded')).toBeInTheDocument());
  });

  it('records the EIN letter with its EIN (checked first) when the order bought the EIN', async () => {
    const uploadId = crypto.randomUUID();
    const ticketUrl = `/documents/uploads/${ID}/${uploadId}.pdf?sig`;
    const owed = deliverablesFor({ state: 'FL', pricedOrder: { state: 'FL', feinFiling: true, operatingAgreement: false } });
    replies[`GET ${BASE}/documents`] = { status: 200, body: { documents: [], missing: [], deliverables: owed } };
    replies[`POST ${BASE}/uploads`] = {
      status: 200,
      body: {
        uploadId,
        url: ticketUrl,
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        maxBytes: 10485760,
        expiresAt: '2026-11-20T10:10:00.000Z',
      },
    };
    replies[`PUT ${ticketUrl}`] = { status: 200 };
    const letter = doc({ id: uploadId, kind: 'ein_letter', title: 'EIN confirmation letter (IRS)', origin: 'uploaded' });
    replies[`POST ${BASE}/ein`] = { status: 200, body: { documents: [letter], missing: [], deliverables: owed, ein: '88-1234567' } };
    const user = renderPanel();
    await user.selectOptions(await screen.findByLabelText('Kind'), 'ein_letter');
    await user.upload(screen.getByLabelText('PDF file'), new File(['%PDF-1.7 letter'], 'cp575.pdf', { type: 'application/pdf' }));
    await user.type(screen.getByLabelText('EIN (on the IRS letter)'), '07-1234567');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No EIN starts with 07');
    expect(calls.some((c) => c.key.includes('/uploads'))).toBe(false);
    await user.clear(screen.getByLabelText('EIN (on the IRS letter)'));
    await user.type(screen.getByLabelText('EIN (on the IRS letter)'), '88-1234567');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${BASE}/ein`)).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.key === `POST ${BASE}/ein`)?.init.body))).toEqual({ ein: '88-1234567', uploadId });
    expect(calls.some((c) => c.key.endsWith('/record'))).toBe(false);
  });

  it('offers Generate Sunbiz for a Florida order in processing, and not elsewhere', async () => {
    replies[`GET ${BASE}/documents`] = { status: 200, body: { documents: [], missing: [], deliverables: [] } };
    const made = doc({ version: 2, title: 'Articles of Organization - Glow LLC' });
    replies[`POST /api/staff/sunbiz/${ID}`] = {
      status: 200,
      body: { document: made, link: { url: '/documents/orders/x.pdf?sig', expiresAt: '2026-11-20T10:05:00.000Z' } },
    };
    const user = userEvent.setup();
    const { unmount } = render(
      <QueryClientProvider client={createQueryClient()}>
        <OrderDocumentsPanel app={{ ...app, state: 'TX' }} />
      </QueryClientProvider>,
    );
    await screen.findByText(/Upload a filed document/);
    expect(screen.queryByRole('button', { name: 'Generate Sunbiz' })).toBeNull();
    unmount();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <OrderDocumentsPanel app={{ ...app, state: 'FL' }} />
        <AppToaster />
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Generate Sunbiz' }));
    expect(await screen.findByText('Sunbiz Articles Generated')).toBeInTheDocument();
    expect(calls.some((c) => c.key === `POST /api/staff/sunbiz/${ID}`)).toBe(true);
  });

  it("shows the server's sentence when an upload is refused", async () => {
    const uploadId = crypto.randomUUID();
    const ticketUrl = `/documents/uploads/${ID}/${uploadId}.pdf?sig`;
    replies[`GET ${BASE}/documents`] = { status: 200, body: { documents: [], missing: [], deliverables: [] } };
    replies[`POST ${BASE}/uploads`] = {
      status: 200,
      body: {
        uploadId,
        url: ticketUrl,
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        maxBytes: 10485760,
        expiresAt: '2026-11-20T10:10:00.000Z',
      },
    };
    replies[`PUT ${ticketUrl}`] = { status: 200 };
    replies[`POST ${BASE}/uploads/${uploadId}/record`] = {
      status: 400,
      body: { error: 'The file is not a PDF: upload the PDF the state or the IRS issued', code: 'not_a_pdf' },
    };
    const user = renderPanel();
    await user.upload(await screen.findByLabelText('PDF file'), new File(['<html>'], 'fake.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is not a PDF: upload the PDF the state or the IRS issued');
  });

  describe('the hold before a chosen file is recorded', () => {
    const uploadId = crypto.randomUUID();
    const ticketUrl = `/documents/uploads/${ID}/${uploadId}.pdf?sig`;
    beforeEach(() => {
      replies[`GET ${BASE}/documents`] = { status: 200, body: { documents: [doc({})], missing: [], deliverables: [] } };
      replies[`POST ${BASE}/uploads`] = {
        status: 200,
        body: { uploadId, url: ticketUrl, method: 'PUT', headers: {}, maxBytes: 10485760, expiresAt: '2026-11-20T10:10:00.000Z' },
      };
      replies[`PUT ${ticketUrl}`] = { status: 200 };
      const approved = doc({ id: uploadId, kind: 'approved_articles', title: 'Approved formation document (state-stamped)', origin: 'uploaded' });
      replies[`POST ${BASE}/uploads/${uploadId}/record`] = {
        status: 200,
        body: { documents: [approved, doc({ filed: true })], missing: [], deliverables: [] },
      };
    });
    const pdf = () => new File(['%PDF-1.7 stamped'], 'wrong.pdf', { type: 'application/pdf' });

    it('Undo during the hold records nothing (the file was only sent to the store)', async () => {
      const user = renderPanel(60_000);
      await user.upload(await screen.findByLabelText('PDF file'), pdf());
      const progress = screen.getByRole('status', { name: 'Upload progress' });
      await waitFor(() => expect(progress).toHaveTextContent('wrong.pdf uploaded: recorded on the order in 60 seconds.'));
      expect(calls.some((c) => c.key === `PUT ${ticketUrl}`)).toBe(true);
      await user.click(screen.getByRole('button', { name: 'Undo upload' }));
      expect(await screen.findByText('Upload Undone')).toBeInTheDocument();
      expect(screen.queryByRole('status', { name: 'Upload progress' })).toBeNull();
      expect(calls.some((c) => c.key.endsWith('/record'))).toBe(false);
      expect((screen.getByLabelText('PDF file') as HTMLInputElement).files).toHaveLength(0);
    });

    it('records the held file when the hold ends, or at once when the dialog closes', async () => {
      const user = renderPanel(50);
      await user.upload(await screen.findByLabelText('PDF file'), pdf());
      await waitFor(() => expect(screen.getByRole('status', { name: 'Upload progress' })).toHaveTextContent('wrong.pdf recorded as'));
      expect(calls.filter((c) => c.key.endsWith('/record'))).toHaveLength(1);
      user.unmount();

      calls = [];
      const again = renderPanel(60_000);
      await again.upload(await screen.findByLabelText('PDF file'), pdf());
      await waitFor(() => expect(screen.getByRole('button', { name: 'Undo upload' })).toBeInTheDocument());
      again.unmount();
      await waitFor(() => expect(calls.filter((c) => c.key.endsWith('/record'))).toHaveLength(1));
    });
  });
});
