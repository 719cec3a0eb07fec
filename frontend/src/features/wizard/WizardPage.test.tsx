import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialWizardData, type WizardData } from '#shared/wizard/data.schema.ts';
import { stubPricingFetch } from '../../../../tests/harness/wizard.tsx';
import { apiUrl } from '../../lib/api-client.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { STORAGE_KEYS } from '../../lib/wizard-storage.ts';
import WizardPage from './WizardPage.tsx';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('../../lib/toast.ts', () => ({ toast: toastMock }));

const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
const complete: WizardData = {
  ...initialWizardData('user-page-0001'),
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '3055550100',
  priority: 'tax',
  residenceState: 'FL',
  contentTypes: ['tech'],
  platforms: ['youtube'],
  businessName: 'Byte Works LLC',
  annualIncome: 50000,
  estimatedSavings: 1200,
  currentStep: 4,
};

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{`${loc.pathname}${loc.search}`}</p>;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/wizard" element={<WizardPage />} />
          <Route path="/wizard/:step" element={<WizardPage />} />
          <Route path="/checkout" element={<Where />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

let calls: { url: string; method: string; body: Record<string, unknown> }[] = [];
let patchAnswer: () => unknown = () => ({ id: ID });
let paymentStatus = 'unpaid';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  calls = [];
  toastMock.mockReset();
  patchAnswer = () => ({ id: ID });
  paymentStatus = 'unpaid';
  window.scrollTo = () => undefined;
  stubPricingFetch((url, init) => {
    const body = JSON.parse(String(init?.body ?? 'null'));
    calls.push({ url, method: String(init?.method), body });
    if (init?.method === 'POST' && url === apiUrl('POST /api/llc-applications')) return { id: ID };
    if (init?.method === 'PATCH') return patchAnswer();
    // The step 3 calculator re-checks the stored income; it answers with the stored estimate.
    if (url === apiUrl('POST /api/calculate-savings')) return { monthlyExpenses: 0, annualExpenses: 0, estimatedSavings: 1200, taxRate: 25 };
    // Review Application checks the typed business name with the server first.
    if (url === apiUrl('POST /api/business-names/check-availability')) return { available: true, name: body.name };
    if (url.startsWith('/api/payment-status/')) return { applicationId: ID, paymentStatus };
    // The first lead write of a session answers the lead's secret.
    if (url === apiUrl('POST /api/webhook/stage1') && !body.leadSecret)
      return { ok: true, stage: 1, crm: 'skipped', leadSecret: 'lead-secret-0123456789abcdef' };
    return { ok: true };
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('WizardPage', () => {
  it('submits with completed: true, keeps the application and goes to checkout with the id in the URL', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify(complete));
    localStorage.setItem(STORAGE_KEYS.applicationId, ID);
    const user = userEvent.setup();
    renderAt('/wizard/4');
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(screen.getAllByTestId('where')[0]).toHaveTextContent(`/checkout?applicationId=${ID}`));
    // One request: the whole wizard data with completed: true.
    expect(calls.filter((c) => c.url.startsWith(apiUrl('POST /api/llc-applications')))).toHaveLength(1);
    const submit = calls.find((c) => c.method === 'PATCH' && c.body.completed === true);
    expect(submit?.url).toBe(apiUrl('PATCH /api/llc-applications/{id}', { params: { id: ID } }));
    expect(submit?.body).toMatchObject({ businessName: 'Byte Works LLC', firstName: 'Ada' });
    expect(toastMock).toHaveBeenCalledWith('Application Complete!', 'Proceeding to secure payment...', 'success');
    // Going back from checkout must find the same application, never a new empty one.
    expect(localStorage.getItem(STORAGE_KEYS.applicationId)).toBe(ID);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.data) ?? '{}')).toMatchObject({ completed: true, businessName: 'Byte Works LLC' });
  });

  it('while the submission is under way the button says Submitting… and cannot be pressed again', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify(complete));
    localStorage.setItem(STORAGE_KEYS.applicationId, ID);
    let answer: (v: unknown) => void = () => undefined;
    patchAnswer = () => new Promise((resolve) => (answer = resolve));
    const user = userEvent.setup();
    renderAt('/wizard/4');
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    const busy = await screen.findByRole('button', { name: 'Submitting…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    answer({ id: ID });
    await waitFor(() => expect(screen.getAllByTestId('where')[0]).toHaveTextContent(`/checkout?applicationId=${ID}`));
  });

  it("the review shows the stored estimate, and the state's own processing time and expedite fee", async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...complete, state: 'ME', priority: 'homestate', residenceState: 'ME' }));
    const user = userEvent.setup();
    renderAt('/wizard/4');
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$325'));
    expect(screen.getByText('Estimated tax savings').nextElementSibling).toHaveTextContent('$1,200 / year');
    expect(screen.getByText('Formation state').nextElementSibling).toHaveTextContent('Maine');
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByTestId('processing-time')).toHaveTextContent('40-55 business days (by mail)');
    expect(within(summary).getByTestId('processing-time')).toHaveTextContent('checked Aug 6, 2026');
    const expedite = screen.getByRole('checkbox', { name: /Expedited filing/ });
    await user.click(expedite);
    expect(expedite).toBeChecked();
    // Our $75 and Maine's $50 for its cheapest faster tier.
    expect(screen.getByTestId('order-total')).toHaveTextContent('$450');
    expect(within(summary).getByText('State expedite fee (24-hour expedited filing (next business day) service)')).toBeInTheDocument();
    expect(within(summary).getByTestId('processing-time')).toHaveTextContent('next business day');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.data) ?? '{}').expeditedFiling).toBe(true);
  });

  it('where the state sells no expedite (Florida), the add-on says so and cannot be chosen', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify(complete));
    renderAt('/wizard/4');
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$275'));
    expect(screen.getByRole('checkbox', { name: /Expedited filing/ })).toBeDisabled();
    expect(screen.getByText('Florida sells no expedited processing for an LLC formation, so this add-on is not available.')).toBeInTheDocument();
    expect(screen.getByTestId('processing-time')).toHaveTextContent('No standard processing time published by Florida that we could find');
  });

  it('after a failed submission autosave works again', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify(complete));
    localStorage.setItem(STORAGE_KEYS.applicationId, ID);
    patchAnswer = () => new Response(JSON.stringify({ error: 'Try later' }), { status: 503 });
    const user = userEvent.setup();
    renderAt('/wizard/4');
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith('Error', 'Try later', 'error'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled());
    calls = [];
    patchAnswer = () => ({});
    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('checkbox', { name: /FEIN/ }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2100);
      });
    } finally {
      vi.useRealTimers();
    }
    const saves = calls.filter((c) => c.url.startsWith(apiUrl('POST /api/llc-applications')));
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ method: 'PATCH', url: apiUrl('PATCH /api/llc-applications/{id}', { params: { id: ID } }), body: { feinFiling: true } });
    expect(saves[0].body.completed).not.toBe(true);
  });

  it('without a saved id the application is created, then submitted', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify(complete));
    const user = userEvent.setup();
    renderAt('/wizard/4');
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(screen.getAllByTestId('where')[0]).toHaveTextContent(`/checkout?applicationId=${ID}`));
    const api = calls.filter((c) => c.url.startsWith(apiUrl('POST /api/llc-applications')));
    expect(api.map((c) => c.method)).toEqual(['POST', 'PATCH']);
    expect(api[0].body).not.toHaveProperty('completed');
    expect(api[1].body.completed).toBe(true);
  });

  it('a stored id the server no longer knows (404) is replaced: the application is created, then submitted', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify(complete));
    localStorage.setItem(STORAGE_KEYS.applicationId, 'gone-application-id');
    const user = userEvent.setup();
    renderAt('/wizard/4');
    const proceed = await screen.findByRole('button', { name: 'Proceed to Payment' });
    const calledBefore = calls.length;
    // The first PATCH (old id) is unknown to the server; later ones succeed.
    patchAnswer = (() => {
      let first = true;
      return () => {
        if (!first) return {};
        first = false;
        return new Response(JSON.stringify({ error: 'Application not found' }), { status: 404 });
      };
    })();
    await user.click(proceed);
    await waitFor(() => expect(screen.getAllByTestId('where')[0]).toHaveTextContent(`/checkout?applicationId=${ID}`));
    const api = calls.slice(calledBefore).filter((c) => c.url.startsWith(apiUrl('POST /api/llc-applications')));
    expect(api.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PATCH /api/llc-applications/gone-application-id',
      'POST /api/llc-applications',
      `PATCH /api/llc-applications/${ID}`,
    ]);
    expect(api[2].body.completed).toBe(true);
    expect(toastMock).not.toHaveBeenCalledWith('Error', expect.anything(), 'error');
  });

  it('a refused submission shows the server sentence', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify(complete));
    localStorage.setItem(STORAGE_KEYS.applicationId, ID);
    patchAnswer = () => new Response(JSON.stringify({ error: 'This application has been paid for and can no longer be changed' }), { status: 409 });
    const user = userEvent.setup();
    renderAt('/wizard/4');
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith('Error', 'This application has been paid for and can no longer be changed', 'error'));
  });

  it('a failed submission (network) shows the generic text and stays on the review', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify(complete));
    localStorage.setItem(STORAGE_KEYS.applicationId, ID);
    patchAnswer = () => {
      throw new Error('boom');
    };
    const user = userEvent.setup();
    renderAt('/wizard/4');
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalled());
    expect(toastMock).toHaveBeenCalledWith('Error', 'Failed to submit your application. Please try again.', 'error');
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
    expect(screen.getAllByTestId('where')[0]).toHaveTextContent('/wizard/4');
  });

  /** What both lead stages send about the visitor (docs/product.md section 7), for the `complete` fixture. */
  const LEAD_CONTACT_AND_PROFILE = {
    userId: 'user-page-0001',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '3055550100',
    state: 'FL',
    contentTypes: ['tech'],
    platforms: ['youtube'],
  };

  it('sends the stage 1 lead after step 2 with the documented payload', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...complete, businessName: '', currentStep: 2 }));
    const user = userEvent.setup();
    renderAt('/wizard/2');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.some((c) => c.url === apiUrl('POST /api/webhook/stage1'))).toBe(true));
    expect(calls.find((c) => c.url === apiUrl('POST /api/webhook/stage1'))?.body).toEqual({
      ...LEAD_CONTACT_AND_PROFILE,
      stepCompleted: 2,
      leadSource: 'wizard_profile_step',
    });
    expect(screen.getAllByTestId('where')[0]).toHaveTextContent('/wizard/3');
  });

  it('sends the stage 2 lead after step 3 with the documented payload, then shows the review', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...complete, currentStep: 3 }));
    const user = userEvent.setup();
    renderAt('/wizard/3');
    await user.click(await screen.findByRole('button', { name: 'Review Application' }));
    await waitFor(() => expect(calls.some((c) => c.url === apiUrl('POST /api/webhook/stage2'))).toBe(true));
    expect(calls.find((c) => c.url === apiUrl('POST /api/webhook/stage2'))?.body).toEqual({
      ...LEAD_CONTACT_AND_PROFILE,
      businessName: 'Byte Works LLC',
      annualIncome: 50000,
      estimatedSavings: 1200,
      stepCompleted: 3,
      leadSource: 'wizard_business_setup',
    });
    expect(calls.some((c) => c.url === apiUrl('POST /api/webhook/stage1'))).toBe(false);
    await waitFor(() => expect(screen.getAllByTestId('where')[0]).toHaveTextContent('/wizard/4'));
  });

  it("a later lead write of the session sends the secret the first one answered (a stranger's write without it is refused by the server)", async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...complete, businessName: 'Byte Works LLC', currentStep: 2 }));
    const user = userEvent.setup();
    renderAt('/wizard/2');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.some((c) => c.url === apiUrl('POST /api/webhook/stage1'))).toBe(true));
    await user.click(await screen.findByRole('button', { name: 'Review Application' }));
    await waitFor(() => expect(calls.some((c) => c.url === apiUrl('POST /api/webhook/stage2'))).toBe(true));
    expect(calls.find((c) => c.url === apiUrl('POST /api/webhook/stage1'))?.body.leadSecret).toBeUndefined();
    expect(calls.find((c) => c.url === apiUrl('POST /api/webhook/stage2'))?.body).toMatchObject({
      userId: 'user-page-0001',
      stepCompleted: 3,
      leadSecret: 'lead-secret-0123456789abcdef',
    });
  });

  it('Back buttons go one step down: review to 3, 3 to 2, 2 to 1', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify(complete));
    const user = userEvent.setup();
    renderAt('/wizard/4');
    // "By proceeding you agree to our Terms of Service" links to the terms themselves (and the refund and privacy policies), in a new tab.
    const agreement = await screen.findByText(/By proceeding you agree/);
    expect(within(agreement).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(agreement).getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund-policy');
    expect(within(agreement).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(agreement).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('target', '_blank');
    expect(agreement.querySelector('a[href^="#"]')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Back to Edit' }));
    expect(screen.getAllByTestId('where')[0]).toHaveTextContent(/^\/wizard\/3$/);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getAllByTestId('where')[0]).toHaveTextContent(/^\/wizard\/2$/);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getAllByTestId('where')[0]).toHaveTextContent(/^\/wizard\/1$/);
    expect(calls.some((c) => [apiUrl('POST /api/webhook/stage1'), apiUrl('POST /api/webhook/stage2')].includes(c.url))).toBe(false);
  });

  it('/wizard/1 resumes the step the visitor left, capped at the first incomplete step', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...complete, currentStep: 3 }));
    localStorage.setItem(STORAGE_KEYS.step, '3');
    renderAt('/wizard/1');
    await waitFor(() => expect(screen.getAllByTestId('where')[0]).toHaveTextContent(/^\/wizard\/3$/));
    expect(screen.getByRole('heading', { name: 'Set up your business' })).toBeInTheDocument();
  });

  it('/wizard/1 with a saved later step but missing platforms resumes at step 2', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...complete, platforms: [], currentStep: 4 }));
    localStorage.setItem(STORAGE_KEYS.step, '4');
    renderAt('/wizard/1');
    await waitFor(() => expect(screen.getAllByTestId('where')[0]).toHaveTextContent(/^\/wizard\/2$/));
  });

  it('a later step than the data allows sends the visitor to the first incomplete step; /wizard keeps ?state', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...complete, platforms: [], currentStep: 2 }));
    renderAt('/wizard/4');
    await waitFor(() => expect(screen.getAllByTestId('where')[0]).toHaveTextContent('/wizard/2'));
  });

  it('/wizard?state=NV pre-selects Nevada', async () => {
    renderAt('/wizard?state=NV');
    await waitFor(() => expect(screen.getByTestId('pricing-banner')).toHaveTextContent('Nevada'));
    expect(screen.getAllByTestId('where')[0]).toHaveTextContent('/wizard/1?state=NV');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.data) ?? '{}').state).toBe('NV');
  });

  it('after Next, focus moves to the new step heading so screen readers announce it', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...complete, currentStep: 1 }));
    const user = userEvent.setup();
    renderAt('/wizard/1');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Tell us about your content' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Set up your business' })));
  });

  it('a state chosen on the pricing page stays when the visitor answers No to inventory, labelled as their choice', async () => {
    const user = userEvent.setup();
    renderAt('/wizard?state=TX');
    await waitFor(() => expect(screen.getByTestId('pricing-banner')).toHaveTextContent('Texas'));
    await user.click(screen.getByText('No'));
    expect(screen.getByTestId('pricing-banner')).toHaveTextContent('Texas');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.data) ?? '{}').state).toBe('TX');
    expect(screen.getByText('Your choice')).toBeInTheDocument();
    expect(screen.queryByText(/^Recommended for/)).toBeNull();
    // The recommendation is offered, not applied.
    await user.click(screen.getByRole('button', { name: 'File in Florida instead' }));
    expect(screen.getByTestId('pricing-banner')).toHaveTextContent('Florida');
    expect(screen.getByText(/Recommended for tax savings/)).toBeInTheDocument();
  });

  it("the landing calculator's figures are carried into step 3", async () => {
    sessionStorage.setItem(
      'calculatorHandoff',
      JSON.stringify({ income: 90000, expenses: { clothing: 500, meals: 0, equipment: 0, travel: 250, entertainment: 0, other: 0 } }),
    );
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...complete, annualIncome: 0, estimatedSavings: 0, currentStep: 3 }));
    localStorage.setItem(STORAGE_KEYS.step, '3');
    renderAt('/wizard/1');
    await waitFor(() => expect(screen.getAllByTestId('where')[0]).toHaveTextContent(/^\/wizard\/3$/));
    expect(await screen.findByLabelText('Annual Income ($)')).toHaveValue('90000');
    expect(screen.getByLabelText('Clothing & Styling')).toHaveValue('500');
    expect(screen.getByLabelText('Travel & Transportation')).toHaveValue('250');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.data) ?? '{}')).toMatchObject({ annualIncome: 90000 });
    expect(sessionStorage.getItem('calculatorHandoff')).toBeNull();
  });

  it('back on the wizard after paying: the same application, read-only, with the way to ask for a change', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...complete, completed: true }));
    localStorage.setItem(STORAGE_KEYS.applicationId, ID);
    paymentStatus = 'paid';
    renderAt('/wizard/4');
    expect(await screen.findByText('This order is paid, so it can no longer be changed here.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'your order page' })).toHaveAttribute('href', `/orders/${ID}`);
    expect(screen.getByText('Byte Works LLC')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.data) ?? '{}').userId).toBe(complete.userId);
  });

  it('before payment the same application stays editable', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...complete, completed: true }));
    localStorage.setItem(STORAGE_KEYS.applicationId, ID);
    renderAt('/wizard/4');
    expect(await screen.findByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
    expect(screen.queryByText('This order is paid, so it can no longer be changed here.')).toBeNull();
  });
});
