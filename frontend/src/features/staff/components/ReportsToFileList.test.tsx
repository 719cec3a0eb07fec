import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AppToaster from '../../../components/AppToaster.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { ReportsToFileList } from './ReportsToFileList.tsx';

const ID = '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10';
const UPLOAD = 'a1b2c3d4-0000-4000-8000-000000000001';

let calls: { url: string; method: string; body?: unknown }[];

const addr = (line1: string) => ({ line1, city: 'Miami', state: 'FL', zip: '33101' });
/** The order as staff see it (GET /api/staff/applications/{id}): what the report's portal sheet reads. */
const ORDER = {
  id: ID,
  firstName: 'Jordan',
  lastName: 'Lee',
  email: 'jordan@example.com',
  phone: '',
  state: 'FL',
  businessName: 'Bright Pixel Studios LLC',
  annualIncome: null,
  contentTypes: [],
  platforms: [],
  notes: '',
  status: 'completed',
  createdAt: '2026-11-20T15:00:00.000Z',
  fileNumber: 'L26000123456',
  deliverables: [],
  filingDetails: {
    principalOffice: addr('100 Ocean Drive'),
    registeredAgent: { kind: 'own', name: 'Rita Agent', address: addr('300 Agent Way'), consent: true },
    organizer: { name: 'Olive Organizer', title: 'Organizer', address: addr('400 Org Lane') },
    signature: { typedName: 'Olive Organizer', consent: true, signedAt: '2026-11-20T15:00:00Z' },
    management: 'member',
    members: [{ name: 'Mia Member', ownershipPercent: 100, address: addr('1 First St') }],
    purpose: 'Any lawful purpose',
    duration: 'perpetual',
    effectiveDate: 'upon_filing',
  },
};

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
      if (url === `/api/staff/applications/${ID}` && method === 'GET') return ok(ORDER);
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
        <AppToaster />
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

  it("opens the report's portal sheet in its row: the annual report's values from the order, each with a copy button, and what our data does not know", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ReportsToFileList />
      </QueryClientProvider>,
    );
    const open = await screen.findByRole('button', { name: 'Portal sheet: what the report asks' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(calls.some((c) => c.url === `/api/staff/applications/${ID}`)).toBe(false);
    await user.click(open);
    const sheet = await screen.findByRole('region', { name: 'Portal sheet' });
    expect(screen.getByRole('button', { name: 'Hide the portal sheet' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(sheet).getByRole('button', { name: 'Annual report' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(sheet).getByText('Florida annual report')).toBeInTheDocument();
    expect(within(sheet).getByText(/Our data does not hold the state's annual report fields/)).toBeInTheDocument();
    // The sheet's link is the state's page as our data names it (shared/data/state-links.json).
    expect(within(sheet).getByRole('link', { name: "Florida's online annual report" })).toHaveAttribute(
      'href',
      'https://dos.fl.gov/sunbiz/manage-business/efile/annual-report',
    );
    await user.click(within(sheet).getByRole('button', { name: 'Copy File (document) number' }));
    expect(writeText).toHaveBeenCalledWith('L26000123456');
    await user.click(screen.getByRole('button', { name: 'Hide the portal sheet' }));
    expect(screen.queryByRole('region', { name: 'Portal sheet' })).toBeNull();
  });
});
