import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE_TEXT_PAGES, SITE_TEXTS, type SiteTextPage } from '#shared/content/registry.ts';
import { STATE_PRICING } from '#shared/states.ts';
import { initialWizardData, type WizardData } from '#shared/wizard/data.schema.ts';
import { SiteFooter } from './components/SiteFooter.tsx';
import { LandingPage } from './features/landing/LandingPage.tsx';
import PricingPage from './features/pricing/PricingPage.tsx';
import SuccessPage from './features/success/SuccessPage.tsx';
import WizardPage from './features/wizard/WizardPage.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { STORAGE_KEYS } from './lib/storage-keys.ts';

/**
 * Every text of the registry (shared/content/registry.ts) really changes its page: with a
 * content item for each place, every page shows each item's text.
 */
const APP_ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
const marker = (page: string, section: string) => `[${page}/${section} edited]`;

function stubApi(page: SiteTextPage) {
  const items = SITE_TEXTS.filter((t) => t.page === page).map((t) => ({
    id: `c_${t.page}_${t.section}`,
    page: t.page,
    section: t.section,
    content: marker(t.page, t.section),
    contentType: 'text',
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url === '/api/content') return json(items);
      if (url === '/api/states') return json(STATE_PRICING);
      const pricing = /^\/api\/state-pricing\/([A-Z]{2})$/.exec(url);
      if (pricing) return json(STATE_PRICING.find((s) => s.code === pricing[1]));
      if (url.startsWith('/api/payment-status/')) return json({ applicationId: APP_ID, paymentStatus: 'paid', amountPaidCents: 27500 });
      if (url.startsWith('/api/llc-applications/')) {
        const fl = STATE_PRICING.find((s) => s.code === 'FL')!;
        return json({
          application: { id: APP_ID, status: 'submitted', paymentStatus: 'paid', createdAt: '', updatedAt: '', state: 'FL' },
          pricing: fl,
          order: { lines: [], total: fl.totalCost, totalCents: fl.totalCost * 100 },
        });
      }
      return json({ ok: true });
    }),
  );
}

function renderAt(path: string, element: ReactNode, pattern = '*') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const complete: WizardData = {
  ...initialWizardData('user-texts-0001'),
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '3055550100',
  priority: 'tax',
  residenceState: 'FL',
  contentTypes: ['tech'],
  platforms: ['youtube'],
  businessName: 'Byte Works LLC',
  currentStep: 4,
};

async function expectMarkers(page: SiteTextPage, sections: string[]) {
  await waitFor(
    () => {
      const text = document.body.textContent ?? '';
      expect(sections.filter((s) => !text.includes(marker(page, s)))).toEqual([]);
    },
    { timeout: 4000 },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const sectionsOf = (page: SiteTextPage) => SITE_TEXTS.filter((t) => t.page === page).map((t) => t.section);

describe('every registered site text changes its page', () => {
  it('covers the pages of the registry', () => {
    expect(Object.keys(SITE_TEXT_PAGES).sort()).toEqual(['footer', 'landing', 'pricing', 'success', 'wizard']);
  });

  it('landing', async () => {
    stubApi('landing');
    renderAt('/', <LandingPage />);
    await expectMarkers('landing', sectionsOf('landing'));
  });

  it('pricing', async () => {
    stubApi('pricing');
    renderAt('/pricing', <PricingPage />);
    await expectMarkers('pricing', sectionsOf('pricing'));
  });

  it.each([1, 2, 3, 4])('wizard step %i', async (step) => {
    stubApi('wizard');
    window.scrollTo = () => undefined;
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ ...complete, currentStep: step }));
    localStorage.setItem(STORAGE_KEYS.step, String(step));
    renderAt(`/wizard/${step}`, <WizardPage />, '/wizard/:step');
    await expectMarkers(
      'wizard',
      sectionsOf('wizard').filter((s) => s.startsWith(`step${step}.`)),
    );
  });

  it('success', async () => {
    stubApi('success');
    renderAt(`/success?provider=stripe&applicationId=${APP_ID}`, <SuccessPage />);
    await expectMarkers('success', sectionsOf('success'));
  });

  it('footer', async () => {
    stubApi('footer');
    renderAt('/', <SiteFooter />);
    await expectMarkers('footer', sectionsOf('footer'));
  });
});
