import { QueryClientProvider } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATE_PRICING } from '#shared/states.ts';
import { initialWizardData } from '#shared/wizard/data.schema.ts';
import { stubPricingFetch } from '../../../../tests/harness/wizard.tsx';
import { apiUrl } from '../../lib/api-client.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { resetSharedGets, seedSharedGet } from '../../lib/shared-get.ts';
import { STORAGE_KEYS } from '../../lib/wizard-storage.ts';
import WizardPage from './WizardPage.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: vi.fn() }));

/**
 * The wizard's first step is prerendered as its frame (site/pages.ts, docs/decisions/0195): the
 * heading, the progress and the form's skeleton, the same HTML for every visitor. The app, loaded
 * at once, hydrates that frame in every browser and then renders the fields from what this browser
 * saved and the address's ?state=.
 */
const page = (entry = '/wizard/1') => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          path="/wizard/:step"
          element={
            <>
              <WizardPage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>
  </QueryClientProvider>
);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The step as the prerendering writes it, in a browser holding whatever this test saved. */
function served(entry?: string): string {
  resetSharedGets();
  seedSharedGet(apiUrl('GET /api/states'), STATE_PRICING);
  return renderToString(page(entry));
}

let root: Root | undefined;
const hydrationProblems: unknown[] = [];

/** The served frame, hydrated in this browser. */
async function hydrated(entry?: string): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = served(entry);
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, page(entry), { onRecoverableError: (e) => hydrationProblems.push(e) });
  });
  return container;
}

const field = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll('label')].find((l) => l.textContent === label)?.control as HTMLInputElement | undefined;
const savedAnswers = (answers: Record<string, unknown>) =>
  localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...initialWizardData('user-prerendered-1'), ...answers }));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  hydrationProblems.length = 0;
  window.scrollTo = () => undefined;
  stubPricingFetch(() => ({ ok: true }));
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the prerendered first step', () => {
  it('is the same HTML for every visitor: the frame, with no field, value or state figure', () => {
    const fresh = served();
    savedAnswers({ firstName: 'Ada', lastName: 'Lovelace', priority: 'privacy', residenceState: 'TX', state: 'WY' });
    localStorage.setItem(STORAGE_KEYS.applicationId, '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b');
    localStorage.setItem(STORAGE_KEYS.chosenState, 'WY');
    expect(served()).toBe(fresh);
    expect(served('/wizard/1?state=TX')).toBe(fresh);
    expect(fresh).toMatch(/<h1[^>]*data-step-heading/);
    expect(fresh).toContain('aria-label="Loading the form"');
    expect(fresh).toContain('Which state do you live in?');
    expect(fresh).not.toMatch(/<input|<select|\$\d|Florida|Ada/);
  });

  it("hydrates for a new visitor without a mismatch, then renders the empty fields and Florida's figures", async () => {
    const container = await hydrated();
    expect(hydrationProblems).toEqual([]);
    expect(container.querySelector('[aria-label="Loading the form"]')).toBeNull();
    expect(field(container, 'First name')?.value).toBe('');
    expect(container.querySelector('[data-testid="pricing-banner"]')?.textContent).toContain('Florida');
    // A visit that changes nothing saves nothing.
    expect(localStorage.getItem(STORAGE_KEYS.data)).toBeNull();
  });

  it('hydrates for a returning visitor without a mismatch, then shows their answers in the fields', async () => {
    savedAnswers({ firstName: 'Ada', lastName: 'Lovelace', residenceState: 'TX' });
    const container = await hydrated();
    expect(hydrationProblems).toEqual([]);
    expect(field(container, 'First name')?.value).toBe('Ada');
    expect(field(container, 'Last name')?.value).toBe('Lovelace');
    expect(field(container, 'Which state do you live in?')?.value).toBe('TX');
    expect(container.querySelectorAll('h1')).toHaveLength(1);
  });

  it("with ?state=TX, the first render that shows the filing state's box shows Texas, and it is saved as the visitor's choice", async () => {
    const banners: string[] = [];
    const observer = new MutationObserver(() => {
      const text = document.querySelector('[data-testid="pricing-banner"]')?.textContent;
      if (text && banners.at(-1) !== text) banners.push(text);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const container = await hydrated('/wizard/1?state=TX');
    observer.disconnect();
    expect(hydrationProblems).toEqual([]);
    expect(container.querySelector('[data-testid="pricing-banner"]')?.textContent).toContain('Texas');
    expect(banners.length).toBeGreaterThan(0);
    expect(banners.filter((b) => b.includes('Florida'))).toEqual([]);
    await waitFor(() => expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.data) ?? '{}').state).toBe('TX'));
    expect(localStorage.getItem(STORAGE_KEYS.chosenState)).toBe('TX');
  });
});

/** Answers that reach every step, as a visitor who got to the review leaves them. */
const throughStep3 = {
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
  currentStep: 4,
};

describe.each([2, 3, 4])('the prerendered step %i (docs/decisions/0416)', (step) => {
  const entry = `/wizard/${step}`;

  it('is the same HTML for every visitor: the heading, progress and skeleton, no field and no answer', () => {
    const fresh = served(entry);
    savedAnswers(throughStep3);
    expect(served(entry)).toBe(fresh);
    expect(fresh).toMatch(/<h1[^>]*data-step-heading/);
    expect(fresh).toContain('aria-label="Application progress"');
    expect(fresh).toContain('aria-label="Loading the form"');
    expect(fresh).not.toMatch(/<input|<select|\$\d|Ada|Byte Works/);
  });

  it('hydrates for a visitor who reached it without a mismatch, then shows the step with their answers', async () => {
    savedAnswers(throughStep3);
    const container = await hydrated(entry);
    expect(hydrationProblems).toEqual([]);
    expect(container.querySelector('[aria-label="Loading the form"]')).toBeNull();
    expect(container.querySelector('[data-testid="where"]')?.textContent).toBe(entry);
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    if (step === 3) expect(field(container, 'Business name')?.value).toBe('Byte Works LLC');
    if (step === 4) expect(container.textContent).toContain('ada@example.com');
  });

  it('hydrates for a visitor with nothing saved without a mismatch, then sends them to the first step', async () => {
    const container = await hydrated(entry);
    expect(hydrationProblems).toEqual([]);
    await waitFor(() => expect(container.querySelector('[data-testid="where"]')?.textContent).toBe('/wizard/1'));
  });
});
