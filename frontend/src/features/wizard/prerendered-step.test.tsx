import { QueryClientProvider } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATE_PRICING } from '#shared/states.ts';
import { initialWizardData } from '#shared/wizard/data.schema.ts';
import { stubPricingFetch } from '../../../../tests/harness/wizard.tsx';
import { apiUrl } from '../../lib/api-client.ts';
import { hydratesPrerenderedHtml } from '../../lib/hydration-choice.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { resetSharedGets, seedSharedGet } from '../../lib/shared-get.ts';
import WizardPage from './WizardPage.tsx';
import { STORAGE_KEYS } from './wizard-storage.ts';

vi.mock('../../lib/toast.ts', () => ({ toast: vi.fn() }));

/**
 * The wizard's first step is prerendered (shared/site/pages.ts, docs/decisions/0172): HTML a
 * visitor can type into before the app runs, hydrated for a browser with nothing saved and
 * rendered afresh for one with saved answers.
 */
const page = () => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter initialEntries={['/wizard/1']}>
      <Routes>
        <Route path="/wizard/:step" element={<WizardPage />} />
      </Routes>
    </MemoryRouter>
  </QueryClientProvider>
);

/** The step as the prerendering writes it: nothing saved, the states carried in the page. */
function prerendered(): HTMLElement {
  seedSharedGet(apiUrl('GET /api/states'), STATE_PRICING);
  const container = document.createElement('div');
  container.innerHTML = renderToString(page());
  document.body.append(container);
  return container;
}

const saved = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.data) ?? '{}');
let root: Root | undefined;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetSharedGets();
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
  it('keeps what a visitor typed and chose before the app hydrated it', async () => {
    const container = prerendered();
    const input = (label: string) => [...container.querySelectorAll('label')].find((l) => l.textContent === label)?.control as HTMLInputElement;
    // Typed and chosen in the static HTML: the browser holds the values, no React handler ran.
    input('First name').value = 'Zoë';
    input('Email').value = 'zoe@example.com';
    (container.querySelector('input[type="radio"][name$="-priority"][value="privacy"]') as HTMLInputElement).checked = true;
    input('Which state do you live in?').value = 'TX';
    await act(async () => {
      root = hydrateRoot(container, page());
    });
    await waitFor(() => expect(saved()).toMatchObject({ firstName: 'Zoë', email: 'zoe@example.com', priority: 'privacy', residenceState: 'TX' }));
    expect(input('First name').value).toBe('Zoë');
    expect(input('Which state do you live in?').value).toBe('TX');
  });

  it('is hydrated for a browser with nothing saved and rendered afresh for one with saved answers', () => {
    const container = prerendered();
    const data = { showsSavedAnswers: true as const };
    expect(hydratesPrerenderedHtml(container, data, localStorage)).toBe(true);
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...initialWizardData('user-prerendered-1'), firstName: 'Ada' }));
    expect(hydratesPrerenderedHtml(container, data, localStorage)).toBe(false);
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.applicationId, '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b');
    expect(hydratesPrerenderedHtml(container, data, localStorage)).toBe(false);
    // A page that shows nothing saved is hydrated whatever is saved; the app shell never is.
    expect(hydratesPrerenderedHtml(container, {}, localStorage)).toBe(true);
    expect(hydratesPrerenderedHtml(document.createElement('div'), data, localStorage)).toBe(false);
    // Storage that throws: nothing saved can be read, so the prerendered form is theirs.
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(hydratesPrerenderedHtml(container, data, refusing)).toBe(true);
  });

  it('rendered afresh, it shows the saved answers in place of the empty form', async () => {
    const container = prerendered();
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...initialWizardData('user-prerendered-2'), firstName: 'Ada', lastName: 'Lovelace' }));
    await act(async () => {
      root = createRoot(container);
      root.render(page());
    });
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    const field = (label: string) => [...container.querySelectorAll('label')].find((l) => l.textContent === label)?.control as HTMLInputElement;
    expect(field('First name').value).toBe('Ada');
    expect(field('Last name').value).toBe('Lovelace');
  });
});
