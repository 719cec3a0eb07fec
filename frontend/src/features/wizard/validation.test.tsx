import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialWizardData, type WizardData } from '#shared/wizard/data.schema.ts';
import { formatProblems } from '#shared/wizard/steps.ts';
import { renderStep, stubPricingFetch } from '../../../../tests/harness/wizard.tsx';
import { apiUrl } from '../../lib/api-client.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { STORAGE_KEYS } from '../../lib/wizard-storage.ts';
import { BasicInfoStep } from './BasicInfoStep.tsx';
import { BusinessSetupStep } from './BusinessSetupStep.tsx';
import WizardPage from './WizardPage.tsx';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('../../lib/toast.ts', () => ({ toast: toastMock }));

// The sentences a visitor reads; the server answers the same ones (functions/handlers/applications/verdicts.test.ts).
const AVA2 = 'First name can\'t contain "2". Use letters, spaces, apostrophes, hyphens, periods or commas.';
const TRADEMARK = 'Business name can\'t contain "™". A state filing takes letters (accented ones too), digits, spaces and & \' . , ! ? ( ) + @ # : / -';
const TRUST_BANK = 'Names containing "bank", "trust" need approval from a state regulator in Florida, so we can\'t file them as a standard LLC.';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  toastMock.mockReset();
  window.scrollTo = () => undefined;
});
afterEach(() => vi.unstubAllGlobals());

/** The calls a step made, other than the pricing and site-text reads. */
function recordCalls(answer: (url: string, body: any) => unknown = () => ({})) {
  const calls: { url: string; body: any }[] = [];
  stubPricingFetch((url, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url !== apiUrl('GET /api/content')) calls.push({ url, body });
    return answer(url, body);
  });
  return calls;
}

const error = (field: HTMLElement) => field.getAttribute('aria-invalid') === 'true' && field.ownerDocument.getElementById(`${field.id}-error`)?.textContent;

describe('Step 1: each field says what is wrong where it is typed', () => {
  async function fillOthers(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Last name'), 'Rivera');
    await user.type(screen.getByLabelText('Email'), 'ava@example.com');
    await user.type(screen.getByLabelText('Phone'), '305-555-0100');
  }

  it('an untouched empty form marks no field', () => {
    recordCalls();
    renderStep(BasicInfoStep);
    for (const label of ['First name', 'Last name', 'Email', 'Phone']) {
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
      expect(screen.getByLabelText(label)).not.toHaveAccessibleDescription();
    }
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('"Ava2" is refused beside the first name with the sentence the server gives, and Next stays disabled until it is fixed', async () => {
    recordCalls();
    const user = userEvent.setup();
    renderStep(BasicInfoStep, { priority: 'tax', residenceState: 'FL' });
    await fillOthers(user);
    const first = screen.getByLabelText('First name');
    await user.type(first, 'Ava2');
    // A character no name may hold is said at once, before the field is left.
    expect(error(first)).toBe(AVA2);
    await user.tab();
    expect(first).toHaveAccessibleDescription(AVA2);
    expect(formatProblems('firstName', 'Ava2')).toEqual([AVA2]);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.type(first, '{Backspace}');
    expect(first).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('a required field left empty, or an email left unfinished, is said when the visitor leaves it', async () => {
    recordCalls();
    const user = userEvent.setup();
    renderStep(BasicInfoStep);
    await user.click(screen.getByLabelText('First name'));
    await user.tab();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Enter your first name');
    const email = screen.getByLabelText('Email');
    await user.type(email, 'ava@example');
    // Not while typing: an address is unfinished until it is.
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(email).toHaveAccessibleDescription('Enter a complete email address, such as name@example.com');
  });

  it('"+1 (305) 555-0100 ext 12" is accepted and, on leaving the field, written as the server stores it', async () => {
    recordCalls();
    const user = userEvent.setup();
    const { data } = renderStep(BasicInfoStep, { priority: 'tax', residenceState: 'FL' });
    await user.type(screen.getByLabelText('First name'), 'Ava');
    await user.type(screen.getByLabelText('Last name'), 'Rivera');
    await user.type(screen.getByLabelText('Email'), 'ava@example.com');
    const phone = screen.getByLabelText('Phone');
    await user.type(phone, '+1 (305)  555-0100 EXT. 12');
    await user.tab();
    expect(phone).not.toHaveAttribute('aria-invalid');
    expect(data().phone).toBe('+1 (305) 555-0100 ext 12');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await user.clear(phone);
    await user.type(phone, '555-01 ext 12');
    await user.tab();
    expect(phone).toHaveAccessibleDescription('Enter a phone number with at least 7 digits');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});

describe('Step 3: a typed business name is checked on leaving the field', () => {
  it('"Café Crème™": the ™ sign is refused with the sentence the server gives, and the server is not asked', async () => {
    const calls = recordCalls();
    const user = userEvent.setup();
    renderStep(BusinessSetupStep, { contentTypes: ['food'] });
    const name = screen.getByLabelText('Business name');
    await user.type(name, 'Café Crème™');
    await user.tab();
    expect(name).toHaveValue('Café Crème™ LLC');
    expect(error(name)).toBe(TRADEMARK);
    expect(formatProblems('businessName', 'Café Crème™ LLC')).toEqual([TRADEMARK]);
    expect(screen.getByRole('button', { name: 'Review Application' })).toBeDisabled();
    expect(calls.filter((c) => c.url === apiUrl('POST /api/business-names/check-availability'))).toEqual([]);
  });

  it('"Café Crème" (accents) is accepted: LLC is added and the server confirms it for the filing state', async () => {
    const calls = recordCalls((url, body) => (url === apiUrl('POST /api/business-names/check-availability') ? { available: true, name: body.name } : {}));
    const user = userEvent.setup();
    const { onNext } = renderStep(BusinessSetupStep, { contentTypes: ['food'], state: 'WY' });
    const name = screen.getByLabelText('Business name');
    await user.type(name, 'Café Crème');
    await user.tab();
    expect(await screen.findByRole('status')).toHaveTextContent("Café Crème LLC is available with us and meets the state's naming rules.");
    expect(calls).toContainEqual({ url: apiUrl('POST /api/business-names/check-availability'), body: { name: 'Café Crème LLC', state: 'WY' } });
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Review Application' }));
    expect(onNext).toHaveBeenCalledOnce();
    // Already checked: Review Application did not ask again.
    expect(calls.filter((c) => c.url === apiUrl('POST /api/business-names/check-availability'))).toHaveLength(1);
  });

  it('"First Trust Bank": the filing state\'s restricted words are said beside the field', async () => {
    const calls = recordCalls();
    const user = userEvent.setup();
    renderStep(BusinessSetupStep, { contentTypes: ['food'], state: 'FL' });
    const name = screen.getByLabelText('Business name');
    await user.type(name, 'First Trust Bank');
    await user.tab();
    expect(error(name)).toBe(TRUST_BANK);
    expect(screen.getByRole('button', { name: 'Review Application' })).toBeDisabled();
    expect(calls.filter((c) => c.url === apiUrl('POST /api/business-names/check-availability'))).toEqual([]);
  });

  it("a name a paid order holds: the server's reason shows beside the field and Review Application stays disabled", async () => {
    recordCalls((url, body) =>
      url === apiUrl('POST /api/business-names/check-availability')
        ? { available: false, name: body.name, reason: 'Another application with us has already requested this name.' }
        : {},
    );
    const user = userEvent.setup();
    const { onNext } = renderStep(BusinessSetupStep, { contentTypes: ['food'] });
    const name = screen.getByLabelText('Business name');
    await user.type(name, 'Byte Works');
    await user.tab();
    await waitFor(() => expect(error(name)).toBe('Another application with us has already requested this name. Please choose another name.'));
    expect(screen.getByRole('button', { name: 'Review Application' })).toBeDisabled();
    await user.type(name, ' Two');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(onNext).not.toHaveBeenCalled();
  });

  it('Review Application checks a name that was not checked yet, and stays on the step when it is taken', async () => {
    const calls = recordCalls((url, body) =>
      url === apiUrl('POST /api/business-names/check-availability')
        ? { available: false, name: body.name, reason: 'Another application with us has already requested this name.' }
        : {},
    );
    const user = userEvent.setup();
    // A name restored from an earlier visit, never checked in this screen.
    const { onNext } = renderStep(BusinessSetupStep, { contentTypes: ['food'], businessName: 'Byte Works LLC' });
    await user.click(screen.getByRole('button', { name: 'Review Application' }));
    await waitFor(() => expect(error(screen.getByLabelText('Business name'))).toMatch(/already requested this name/));
    expect(calls).toContainEqual({ url: apiUrl('POST /api/business-names/check-availability'), body: { name: 'Byte Works LLC', state: 'FL' } });
    expect(onNext).not.toHaveBeenCalled();
  });
});

// ---- The server's sentences land beside the fields (WizardPage) ----------------------------------

const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
const complete: WizardData = {
  ...initialWizardData('user-valid-0001'),
  firstName: 'Ava',
  lastName: 'Rivera',
  email: 'ava@example.com',
  phone: '305-555-0100',
  priority: 'tax',
  residenceState: 'FL',
  contentTypes: ['food'],
  platforms: ['tiktok'],
  businessName: 'Sunny Bites LLC',
  currentStep: 4,
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/wizard/:step" element={<WizardPage />} />
          <Route path="/checkout" element={<p>checkout</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('a server answer that names fields marks them in the wizard', () => {
  it('autosave sends only what the shared schema accepts, and a field the server still refuses is marked beside it, not toasted', async () => {
    const saves: any[] = [];
    recordCalls((url, body) => {
      if (url !== apiUrl('POST /api/llc-applications')) return {};
      saves.push(body);
      // A server that judges the last name differently (a newer rule): its sentence goes beside the field.
      return json(
        { error: 'Request body is invalid: check lastName', code: 'invalid_request', details: { lastName: ['Last name is on our block list'] } },
        400,
      );
    });
    const user = userEvent.setup();
    renderPage('/wizard/1');
    await user.type(await screen.findByLabelText('First name'), 'Ava2');
    await user.type(screen.getByLabelText('Last name'), 'Rivera');
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 5000 });
    // "Ava2" stays in the browser with its sentence; the save carries the rest.
    expect(saves[0]).toMatchObject({ lastName: 'Rivera' });
    expect(saves[0]).not.toHaveProperty('firstName');
    const last = screen.getByLabelText('Last name');
    await waitFor(() => expect(last).toHaveAccessibleDescription('Last name is on our block list'));
    expect(toastMock).not.toHaveBeenCalled();
    // Changing the field answers the server: its sentence goes.
    await user.type(last, 's');
    expect(last).not.toHaveAttribute('aria-invalid');
  });

  it('a refused submission naming the business name goes back to step 3 and shows the sentence beside the field', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify(complete));
    localStorage.setItem(STORAGE_KEYS.applicationId, ID);
    recordCalls((url, body) => {
      if (url === apiUrl('PATCH /api/llc-applications/{id}', { params: { id: ID } }) && body.completed)
        return json(
          {
            error: 'The application is not complete yet',
            code: 'application_incomplete',
            details: { businessName: ['This name is already being formed by another customer: choose another name'] },
          },
          409,
        );
      return {};
    });
    const user = userEvent.setup();
    renderPage('/wizard/4');
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/wizard/3'));
    const name = await screen.findByLabelText('Business name');
    expect(name).toHaveAccessibleDescription(/This name is already being formed by another customer: choose another name/);
    expect(toastMock).not.toHaveBeenCalledWith('Error', expect.anything(), 'error');
    // The marked field blocks the step until the visitor answers it.
    expect(screen.getByRole('button', { name: 'Review Application' })).toBeDisabled();
    await userEvent.setup().type(name, ' Two');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Review Application' })).toBeEnabled();
  });

  it('Form 2553 asks who owns the LLC: "no" says why it is not sold, with its source, and nothing is submitted until "yes"', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...complete, form2553: true }));
    localStorage.setItem(STORAGE_KEYS.applicationId, ID);
    recordCalls();
    const user = userEvent.setup();
    renderPage('/wizard/4');
    const owners = await screen.findByRole('group', { name: 'Form 2553: who owns the LLC' });
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
    await user.click(within(owners).getByRole('radio', { name: 'No, at least one is not' }));
    expect(within(owners).getByRole('alert')).toHaveTextContent('26 U.S.C. § 1361(b)(1)(C)');
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
    await user.click(within(owners).getByRole('radio', { name: 'Yes, every owner' }));
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
  });

  it('a refused submission naming a step 1 field goes back to step 1 with the sentence beside it', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify(complete));
    localStorage.setItem(STORAGE_KEYS.applicationId, ID);
    recordCalls((_url, body) =>
      body?.completed
        ? json({ error: 'Request body is invalid: check phone', code: 'invalid_request', details: { phone: ['Enter your phone number'] } }, 400)
        : {},
    );
    const user = userEvent.setup();
    renderPage('/wizard/4');
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/wizard/1'));
    expect(await screen.findByLabelText('Phone')).toHaveAccessibleDescription('Enter your phone number');
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('a value the schema refuses survives a reload, with its sentence, and the rest of the wizard with it', async () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...complete, firstName: 'Ava2', currentStep: 1 }));
    recordCalls();
    renderPage('/wizard/1');
    const first = await screen.findByLabelText('First name');
    expect(first).toHaveValue('Ava2');
    expect(first).toHaveAccessibleDescription(AVA2);
    expect(screen.getByLabelText('Last name')).toHaveValue('Rivera');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
