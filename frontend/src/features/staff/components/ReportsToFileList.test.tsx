import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { ReportsToFileList } from './ReportsToFileList.tsx';

const ID = '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10';
const UPLOAD = 'a1b2c3d4-0000-4000-8000-000000000001';

let calls: { url: string; method: string; body?: unknown }[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const ok = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      if (url === '/api/staff/annual-reports')
        return ok({
          reports: [
            {
              applicationId: ID,
              dueOn: '2027-05-01',
              state: 'FL',
              businessName: 'Bright Pixel Studios LLC',
              annualReportUrl: 'https://dos.fl.gov/sunbiz/manage-e-file/annual-report/',
            },
          ],
        });
      if (url.endsWith('/uploads') && method === 'POST')
        return ok({ uploadId: UPLOAD, url: 'https://bucket.example/put', method: 'PUT', headers: {}, expiresAt: '2027-04-14T10:10:00Z' });
      if (url === 'https://bucket.example/put') return Promise.resolve(new Response('', { status: 200 }));
      if (url.endsWith('/record')) return ok({ documents: [], missing: [], deliverables: [] });
      if (url.endsWith('/annual-report')) return ok({ dueOn: '2027-05-01', confirmation: 'L26000123456', receiptDocumentId: UPLOAD, filedOn: '2027-04-14' });
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ReportsToFileList', () => {
  it("lists a paid report with the state's page and records it with the receipt and the confirmation number", async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ReportsToFileList />
        <Toaster />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('link', { name: "The state's annual report page" })).toHaveAttribute(
      'href',
      'https://dos.fl.gov/sunbiz/manage-e-file/annual-report/',
    );
    const submit = screen.getByRole('button', { name: 'Record filed' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Confirmation number'), 'L26000123456');
    await user.upload(screen.getByLabelText("The state's receipt (PDF)"), new File(['%PDF-1.7'], 'receipt.pdf', { type: 'application/pdf' }));
    await user.click(submit);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/annual-report'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/record'))?.body).toEqual({ kind: 'annual_report_receipt' });
    expect(calls.find((c) => c.url.endsWith('/annual-report'))?.body).toEqual({ dueOn: '2027-05-01', confirmation: 'L26000123456', receiptDocumentId: UPLOAD });
  });
});
