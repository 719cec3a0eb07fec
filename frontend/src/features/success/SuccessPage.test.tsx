import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATE_PRICING } from '#shared/states.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import SuccessPage from './SuccessPage.tsx';

const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
let status: Record<string, unknown>;

beforeEach(() => {
  status = { applicationId: ID, paymentStatus: 'unpaid' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url === `/api/payment-status/${ID}`) return json(status);
      if (url === `/api/llc-applications/${ID}`) {
        const me = STATE_PRICING.find((s) => s.code === 'ME')!;
        return json({
          application: { id: ID, status: 'submitted', paymentStatus: status.paymentStatus, createdAt: '', updatedAt: '', state: 'ME' },
          pricing: me,
          order: { lines: [], total: me.totalCost, totalCents: me.totalCost * 100 },
        });
      }
      if (url === '/api/content') return json([]);
      return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderSuccess() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/success?provider=stripe&applicationId=${ID}`]}>
        <Routes>
          <Route path="/success" element={<SuccessPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SuccessPage says what is true for each payment status', () => {
  it('unpaid: not paid yet, with a way back to checkout (never "no need to pay again")', async () => {
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'This application is not paid yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', `/checkout?applicationId=${ID}`);
    expect(document.body.textContent).not.toMatch(/no need to pay again|Payment successful/);
    expect(screen.queryByRole('link', { name: /View your order/ })).toBeNull();
  });

  it('pending: being confirmed, while the provider confirms', async () => {
    status = { applicationId: ID, paymentStatus: 'pending' };
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'Payment is being confirmed...' })).toBeInTheDocument();
  });

  it('failed: nothing was charged, back to checkout', async () => {
    status = { applicationId: ID, paymentStatus: 'failed' };
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'Your payment did not go through' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to checkout' })).toBeInTheDocument();
  });

  it('refunded: says the payment was refunded, and how to reach us', async () => {
    status = { applicationId: ID, paymentStatus: 'refunded', amountPaidCents: 32500 };
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'This payment was refunded' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(document.body.textContent).not.toMatch(/Payment successful/);
  });

  it('needs_review: our team checks the payment; do not pay again', async () => {
    status = { applicationId: ID, paymentStatus: 'needs_review' };
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'Your payment is being reviewed' })).toBeInTheDocument();
    expect(screen.getByText(/please do not pay again/i)).toBeInTheDocument();
  });

  it("paid: what happens next, with our filing time and the state's own processing time", async () => {
    status = { applicationId: ID, paymentStatus: 'paid', amountPaidCents: 32500 };
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    const next = await screen.findByRole('list', { name: 'What happens next' });
    expect(next).toHaveTextContent(
      'We file within 1-2 business days of receiving your filing details; the state then takes its own time: 40-55 business days (by mail)',
    );
    expect(next).toHaveTextContent('checked Aug 6, 2026');
    expect(screen.getAllByText(/US LLC State Requirements Dataset/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'View your order and add your filing details' })).toHaveAttribute('href', `/orders/${ID}`);
  });
});
