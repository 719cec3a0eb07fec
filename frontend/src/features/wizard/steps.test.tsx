import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialWizardData } from '#shared/wizard/data.schema.ts';
import { PRIORITY_LABELS } from '#shared/wizard/options.ts';
import { renderStep, stubPricingFetch } from '../../../../tests/harness/wizard.tsx';
import { apiUrl } from '../../lib/api-client.ts';
import { BasicInfoStep, stateOptions } from './BasicInfoStep.tsx';
import { BusinessSetupStep } from './BusinessSetupStep.tsx';
import { CreatorProfileStep } from './CreatorProfileStep.tsx';
import { ProgressIndicator } from './ProgressIndicator.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Phone'), '3055550100');
}

describe('Step 1: Basic Info', () => {
  it('Next stays disabled until the four fields and the filing question are complete (no inventory + priority)', async () => {
    stubPricingFetch();
    const user = userEvent.setup();
    const { onNext, data } = renderStep(BasicInfoStep);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    await fillContact(user);
    expect(next).toBeDisabled();
    await user.click(screen.getByText('No'));
    // Answering no: Florida for tax savings.
    expect(data()).toMatchObject({ hasInventory: false, priority: 'tax', state: 'FL' });
    // Every visitor is asked where they live.
    expect(next).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Which state do you live in?'), 'FL');
    expect(next).toBeEnabled();
    await user.click(screen.getByText('Privacy'));
    expect(data().state).toBe('WY');
    expect(screen.getByText('File in Wyoming')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Phone'));
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('Phone'), '3055550100');
    await user.click(next);
    expect(onNext).toHaveBeenCalledOnce();
  });

  it('with inventory, Next needs the residence state, which becomes the filing state', async () => {
    stubPricingFetch();
    const user = userEvent.setup();
    const { data } = renderStep(BasicInfoStep);
    await fillContact(user);
    await user.click(screen.getByText('Yes'));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByText('What matters most to you?')).not.toBeInTheDocument();
    const residence = await screen.findByLabelText('Which state do you live in?');
    await waitFor(() => expect(residence.querySelectorAll('option').length).toBe(52));
    await user.selectOptions(residence, 'CA');
    expect(data()).toMatchObject({ hasInventory: true, residenceState: 'CA', state: 'CA', priority: '' });
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByText(/additional \$800 a year franchise tax/)).toBeInTheDocument();
  });

  it("shows the state's own price from the bundled data until live pricing loads, then the live split", async () => {
    stubPricingFetch();
    renderStep(BasicInfoStep, { state: 'TX' });
    expect(screen.getByTestId('pricing-banner')).toHaveTextContent('$450 total ($300 filing + $150 service)');
    await waitFor(() => expect(screen.getByTestId('pricing-banner')).toHaveTextContent('$450 total ($300 filing + $150 service)'));
    expect(screen.getByTestId('pricing-banner')).toHaveTextContent('Texas');
  });

  it("with the pricing API down: each state's bundled price, the full residence list, and a note that live pricing failed", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'Service unavailable' }), { status: 503 })),
    );
    const user = userEvent.setup();
    renderStep(BasicInfoStep);
    await user.click(screen.getByText('No'));
    await user.click(screen.getByText('Privacy'));
    const banner = screen.getByTestId('pricing-banner');
    await waitFor(() => expect(banner).toHaveTextContent('Live pricing could not be loaded'));
    expect(banner).toHaveTextContent('Wyoming');
    expect(banner).toHaveTextContent('$250 total ($100 filing + $150 service)');
    expect(banner).not.toHaveTextContent('$275');
    await user.click(screen.getByText('Yes'));
    const residence = screen.getByLabelText('Which state do you live in?');
    expect(residence.querySelectorAll('option').length).toBe(52);
  });

  it('home-state priority asks where the visitor lives and files there', async () => {
    stubPricingFetch();
    const user = userEvent.setup();
    const { data } = renderStep(BasicInfoStep);
    await fillContact(user);
    await user.click(screen.getByText('No'));
    await user.click(screen.getByText(PRIORITY_LABELS.homestate.label));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText(/Choose the state you live in/)).toBeInTheDocument();
    const residence = screen.getByLabelText('Which state do you live in?');
    await waitFor(() => expect(residence.querySelectorAll('option').length).toBe(52));
    await user.selectOptions(residence, 'NY');
    expect(data()).toMatchObject({ hasInventory: false, priority: 'homestate', residenceState: 'NY', state: 'NY' });
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByRole('note')).toHaveTextContent('Heads up about New York');
    await waitFor(() => expect(screen.getByTestId('pricing-banner')).toHaveTextContent('New York'));
  });

  it('neither inventory answer is shown as chosen before the visitor answers', async () => {
    stubPricingFetch();
    renderStep(BasicInfoStep);
    await waitFor(() => expect(screen.getByTestId('pricing-banner')).toHaveTextContent('Florida'));
    const radios = screen.getAllByRole('radio');
    expect(radios.filter((r) => r.getAttribute('name')?.endsWith('-inventory')).map((r) => (r as HTMLInputElement).checked)).toEqual([false, false]);
  });

  it('the different-state selector is collapsible and allows any state', async () => {
    stubPricingFetch();
    const user = userEvent.setup();
    const { data } = renderStep(BasicInfoStep, { priority: 'protection', state: 'DE' });
    const toggle = screen.getByRole('button', { name: 'Want to file in a different state?' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const select = screen.getByLabelText('Filing state');
    await waitFor(() => expect(select.querySelectorAll('option').length).toBe(52));
    await user.selectOptions(select, 'NM');
    expect(data().state).toBe('NM');
  });

  it('state list is de-duplicated and sorted by name', () => {
    const list = stateOptions([
      {
        code: 'WY',
        name: 'Wyoming',
        filingFee: 100,
        serviceFee: 150,
        totalCost: 250,
        processingTime: '',
        processingTimePublished: false,
        processingTimeCheckedOn: '2026-08-08',
      },
      {
        code: 'AL',
        name: 'Alabama',
        filingFee: 200,
        serviceFee: 150,
        totalCost: 350,
        processingTime: '',
        processingTimePublished: false,
        processingTimeCheckedOn: '2026-08-08',
      },
      {
        code: 'WY',
        name: 'Wyoming',
        filingFee: 100,
        serviceFee: 150,
        totalCost: 250,
        processingTime: '',
        processingTimePublished: false,
        processingTimeCheckedOn: '2026-08-08',
      },
    ]);
    expect(list.map((s) => s.code)).toEqual(['AL', 'WY']);
  });
});

describe('Step 2: Creator Profile', () => {
  it('Next needs at least one content type and one platform', async () => {
    const user = userEvent.setup();
    const { onNext, onBack, data } = renderStep(CreatorProfileStep);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(20);
    expect(next).toBeDisabled();
    await user.click(screen.getByText('Gaming'));
    expect(next).toBeDisabled();
    await user.click(screen.getByText('Twitch'));
    expect(next).toBeEnabled();
    await user.click(screen.getByText('Food'));
    expect(data().contentTypes).toEqual(['food', 'gaming']);
    await user.click(screen.getByText('Twitch'));
    expect(next).toBeDisabled();
    await user.click(screen.getByText('Twitch'));
    await user.click(next);
    expect(onNext).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});

describe('Step 3: Business Setup', () => {
  it('Review Application needs a business name; blur appends LLC without doubling', async () => {
    stubPricingFetch((url, init) =>
      url === apiUrl('POST /api/business-names/check-availability')
        ? { available: true, name: JSON.parse(String(init?.body)).name }
        : { monthlyExpenses: 0, annualExpenses: 0, estimatedSavings: 0, taxRate: 25 },
    );
    const user = userEvent.setup();
    const { data, onNext } = renderStep(BusinessSetupStep, { contentTypes: ['food'] });
    const review = screen.getByRole('button', { name: 'Review Application' });
    expect(review).toBeDisabled();
    const name = screen.getByLabelText('Business name');
    await user.type(name, 'Sunny Bites');
    expect(review).toBeEnabled();
    await user.tab();
    expect(data().businessName).toBe('Sunny Bites LLC');
    await user.clear(name);
    await user.type(name, 'Sunny Bites L.L.C.');
    await user.tab();
    expect(data().businessName).toBe('Sunny Bites L.L.C.');
    await user.click(review);
    await waitFor(() => expect(onNext).toHaveBeenCalledOnce());
  });

  it('picking a suggestion checks it and selects it with LLC, even when the check fails', async () => {
    const calls: { url: string; body: unknown }[] = [];
    stubPricingFetch((url, init) => {
      // The step's editable heading reads the site texts and its DBA offer the operator's prices: not part of what is checked here.
      if (url !== apiUrl('GET /api/content') && url !== apiUrl('GET /api/operator-settings'))
        calls.push({ url, body: JSON.parse(String(init?.body ?? 'null')) });
      if (url === apiUrl('POST /api/business-names/generate')) return Array.from({ length: 8 }, (_, i) => ({ name: `Sunny Idea ${i}`, category: 'food' }));
      throw new Error('network down');
    });
    const user = userEvent.setup();
    const { data } = renderStep(BusinessSetupStep, { contentTypes: ['food', 'travel'] });
    await user.click(screen.getByRole('button', { name: 'Need name ideas?' }));
    await user.click(screen.getByRole('button', { name: 'Generate names' }));
    // Blank keywords: the selected content types are used.
    expect(calls[0]).toEqual({ url: apiUrl('POST /api/business-names/generate'), body: { keywords: ['food', 'travel'], category: 'food', state: 'FL' } });
    await user.click(await screen.findByRole('button', { name: 'Sunny Idea 3' }));
    await waitFor(() => expect(data().businessName).toBe('Sunny Idea 3 LLC'));
    expect(calls[1]).toMatchObject({ url: apiUrl('POST /api/business-names/check-availability'), body: { name: 'Sunny Idea 3 LLC' } });
    expect(screen.getByText(/couldn't check availability/)).toBeInTheDocument();
    expect(screen.getByText(/Available means no other submitted application/)).toBeInTheDocument();
  });
});

describe('Step 3: Business Setup, more', () => {
  it('the name and the savings estimate come first, the optional DBA after them, in the fields and in the frame', () => {
    // On a phone the DBA's state rule is a long paragraph: above the estimate it was the page's
    // largest paint, and it waited for the app (docs/decisions/0439).
    stubPricingFetch(() => ({}));
    const before = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    const { unmount } = renderStep(BusinessSetupStep, { state: 'FL', dbaRegistration: true });
    const estimate = screen.getByRole('heading', { name: 'Estimate your tax savings' });
    expect(before(screen.getByLabelText('Business name'), estimate)).toBe(true);
    expect(before(estimate, screen.getByTestId('dba-offer'))).toBe(true);
    unmount();
    const frame = render(
      <MemoryRouter>
        <BusinessSetupStep frame data={initialWizardData('user-test-0001')} update={() => undefined} onNext={() => undefined} onBack={() => undefined} />
      </MemoryRouter>,
    );
    expect(before(frame.getByText('Estimate your tax savings'), frame.getByText('Your creator name, registered as a DBA'))).toBe(true);
  });

  it('typed keywords are sent instead of the content types', async () => {
    const calls: { url: string; body: unknown }[] = [];
    stubPricingFetch((url, init) => {
      // The step's editable heading reads the site texts and its DBA offer the operator's prices: not part of what is checked here.
      if (url !== apiUrl('GET /api/content') && url !== apiUrl('GET /api/operator-settings'))
        calls.push({ url, body: JSON.parse(String(init?.body ?? 'null')) });
      return [];
    });
    const user = userEvent.setup();
    renderStep(BusinessSetupStep, { contentTypes: ['food'], state: 'WY' });
    await user.click(screen.getByRole('button', { name: 'Need name ideas?' }));
    await user.type(screen.getByLabelText('Keywords (comma-separated)'), ' sunny , bites,, ');
    await user.click(screen.getByRole('button', { name: 'Generate names' }));
    expect(await screen.findByText('No ideas for those keywords; try others.')).toBeInTheDocument();
    expect(calls[0]).toEqual({ url: apiUrl('POST /api/business-names/generate'), body: { keywords: ['sunny', 'bites'], category: 'food', state: 'WY' } });
  });

  it('a typed keyword the state restricts is left out of the ideas, and the helper says why', async () => {
    stubPricingFetch((url) => (url === apiUrl('POST /api/business-names/generate') ? [{ name: 'Sunny Studios', category: 'food' }] : {}));
    const user = userEvent.setup();
    renderStep(BusinessSetupStep, { contentTypes: ['food'], state: 'FL' });
    await user.click(screen.getByRole('button', { name: 'Need name ideas?' }));
    await user.type(screen.getByLabelText('Keywords (comma-separated)'), 'bank, sunny');
    await user.click(screen.getByRole('button', { name: 'Generate names' }));
    expect(await screen.findByTestId('ideas-left-out')).toHaveTextContent('We left "bank" out of these ideas');
    expect(screen.getByTestId('ideas-left-out')).toHaveTextContent('in Florida');
  });

  it('an unavailable suggestion is not selected; the visitor is told why', async () => {
    stubPricingFetch((url) => {
      if (url === apiUrl('POST /api/business-names/generate')) return [{ name: 'Taken Name', category: 'food' }];
      if (url === apiUrl('POST /api/business-names/check-availability'))
        return { available: false, name: 'Taken Name LLC', reason: 'Another application already uses this name.' };
      return {};
    });
    const user = userEvent.setup();
    const { data } = renderStep(BusinessSetupStep, { contentTypes: ['food'], businessName: 'Mine LLC' });
    await user.click(screen.getByRole('button', { name: 'Need name ideas?' }));
    await user.click(screen.getByRole('button', { name: 'Generate names' }));
    await user.click(await screen.findByRole('button', { name: 'Taken Name' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Taken Name LLC: Another application already uses this name. Please choose another name.');
    expect(data().businessName).toBe('Mine LLC');
    expect(screen.getByLabelText('Business name')).toHaveValue('Mine LLC');
  });

  it('an available suggestion is selected and confirmed', async () => {
    stubPricingFetch((url) => {
      if (url === apiUrl('POST /api/business-names/generate')) return [{ name: 'Free Name', category: 'food' }];
      if (url === apiUrl('POST /api/business-names/check-availability')) return { available: true, name: 'Free Name LLC' };
      return {};
    });
    const user = userEvent.setup();
    const { data } = renderStep(BusinessSetupStep, { contentTypes: ['food'] });
    await user.click(screen.getByRole('button', { name: 'Need name ideas?' }));
    await user.click(screen.getByRole('button', { name: 'Generate names' }));
    await user.click(await screen.findByRole('button', { name: 'Free Name' }));
    expect(await screen.findByRole('status')).toHaveTextContent("Free Name LLC is available with us and meets the state's naming rules.");
    expect(data().businessName).toBe('Free Name LLC');
    expect(screen.getByRole('button', { name: 'Review Application' })).toBeEnabled();
  });

  it('the savings estimate is stored in the wizard data (income, monthly expenses, estimated savings)', async () => {
    const calls: unknown[] = [];
    stubPricingFetch((url, init) => {
      if (url !== apiUrl('POST /api/calculate-savings')) return {};
      calls.push(JSON.parse(String(init?.body)));
      return { monthlyExpenses: 300, annualExpenses: 3600, estimatedSavings: 900, taxRate: 25 };
    });
    const user = userEvent.setup();
    const { data } = renderStep(BusinessSetupStep, { contentTypes: ['food'] });
    await user.type(screen.getByLabelText('Annual Income ($)'), '60000');
    await user.type(screen.getByLabelText('Meals & Entertainment'), '300');
    await waitFor(() => expect(data().estimatedSavings).toBe(900));
    expect(data().annualIncome).toBe(60000);
    expect(data().monthlyExpenses).toEqual({ clothing: 0, meals: 300, equipment: 0, travel: 0, entertainment: 0, other: 0 });
    expect(calls.at(-1)).toEqual({ income: 60000, expenses: { clothing: 0, meals: 300, equipment: 0, travel: 0, entertainment: 0, other: 0 } });
  });
});

describe('ProgressIndicator', () => {
  it('marks steps completed, active and inactive, with the small-screen line', () => {
    render(<ProgressIndicator current={3} />);
    expect(screen.getByText('Step 3 of 4: Business Setup')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-state'))).toEqual(['completed', 'completed', 'active', 'inactive']);
    expect(items[2]).toHaveAttribute('aria-current', 'step');
  });
});
